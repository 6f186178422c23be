import { createHmac, timingSafeEqual } from 'node:crypto';
import { displayName } from '@common/display-name';
import type { TelegramContact } from '@common/schemas/address';
import { AppError } from '../../lib/errors';

/** How long a shared contact may be used to fill an address form. */
export const CONTACT_MAX_AGE_SECONDS = 10 * 60;
/** How far ahead of this server's clock a contact may be dated (the phone's clock may run fast). */
const CLOCK_SKEW_SECONDS = 60;

/**
 * The contact a shopper shared from Telegram (the Mini App's requestContact: the client's
 * `getRequestedContact` answer, `contact=<json>&auth_date=<s>&hash=<hex>`), checked as Telegram
 * signs init data: HMAC-SHA-256 over the sorted `key=value` lines of every field but `hash`, keyed
 * by HMAC-SHA-256("WebAppData", bot token). Only a contact signed for this bot, recent, and of the
 * shopper's own Telegram account is trusted: a number the client merely claims never is.
 */
export function verifyContact(
  raw: string,
  botToken: string | undefined,
  telegramId: number | null,
  now = Date.now(),
): TelegramContact {
  if (!botToken) throw new AppError('errors.telegramUnavailable');
  const fields = new URLSearchParams(raw);
  const hash = fields.get('hash') ?? '';
  const lines = [...fields.entries()]
    .filter(([key]) => key !== 'hash')
    .map(([key, value]) => `${key}=${value}`)
    .sort();
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(lines.join('\n')).digest();
  const given = /^[0-9a-f]{64}$/.test(hash) ? Buffer.from(hash, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new AppError('address.contactInvalid');
  const authDate = Number(fields.get('auth_date'));
  const age = now / 1000 - authDate;
  if (!Number.isSafeInteger(authDate) || age > CONTACT_MAX_AGE_SECONDS || age < -CLOCK_SKEW_SECONDS)
    throw new AppError('address.contactInvalid');
  let contact: { user_id?: unknown; phone_number?: unknown; first_name?: unknown; last_name?: unknown };
  try {
    contact = JSON.parse(fields.get('contact') ?? '') as typeof contact;
  } catch {
    throw new AppError('address.contactInvalid');
  }
  if (telegramId === null || contact.user_id !== telegramId) throw new AppError('address.contactNotYours');
  const digits = typeof contact.phone_number === 'string' ? contact.phone_number.replace(/[^0-9]/g, '') : '';
  if (digits.length < 6 || digits.length > 15) throw new AppError('address.contactInvalid');
  const name = [contact.first_name, contact.last_name]
    .map((part) => (typeof part === 'string' ? displayName(part) : ''))
    .filter(Boolean)
    .join(' ');
  return { mobile: `+${digits}`, name: name.slice(0, 64) };
}
