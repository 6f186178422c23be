import { parse, validate } from '@telegram-apps/init-data-node';
import { eq } from 'drizzle-orm';
import { displayName } from '@common/display-name';
import { toLang } from '@common/languages';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { noteWriteAccess } from '../notifications';
import type { UserRow } from './sessions';

export interface TelegramUser {
  id: number;
  firstName: string;
  lastName: string;
  username: string;
  languageCode: string;
  /** Whether the shopper lets the bot write to them (`allows_write_to_pm`); undefined: not said. */
  allowsWrite?: boolean;
  /** When Telegram signed the launch (`auth_date`): what the launch says is as of then. */
  launchedAt: Date;
}

/** How far ahead of this server's clock a launch may be dated (the phone's clock may run fast). */
const CLOCK_SKEW_MS = 60_000;

/**
 * Checks the raw init data of a Mini App launch: signature against the bot token (HMAC, every
 * field but `hash`) and age, and a launch dated more than a minute ahead of this server's clock
 * (signed data from the future would stay "fresh" for longer than it may). Any failure is the same
 * refusal to the client.
 */
export function verifyInitData(
  raw: string,
  botToken: string | undefined,
  maxAgeSeconds: number,
): TelegramUser {
  if (!botToken) throw new AppError('errors.telegramUnavailable');
  let user;
  let launchedAt: Date;
  try {
    validate(raw, botToken, { expiresIn: maxAgeSeconds });
    const data = parse(raw);
    if (data.auth_date.getTime() > Date.now() + CLOCK_SKEW_MS) throw new Error('dated in the future');
    user = data.user;
    launchedAt = data.auth_date;
  } catch {
    throw new AppError('errors.initDataInvalid');
  }
  if (!user || !Number.isSafeInteger(user.id) || user.id <= 0) throw new AppError('errors.initDataInvalid');
  return {
    id: user.id,
    firstName: displayName(user.first_name),
    lastName: displayName(user.last_name),
    username: displayName(user.username),
    languageCode: user.language_code ?? '',
    allowsWrite: typeof user.allows_write_to_pm === 'boolean' ? user.allows_write_to_pm : undefined,
    launchedAt,
  };
}

/** Finds the shopper linked to this Telegram user, or creates one; safe under concurrent first logins. */
export async function findOrCreateTelegramUser(db: DbOrTx, tg: TelegramUser): Promise<UserRow> {
  const [existing] = await db.select().from(users).where(eq(users.telegramId, tg.id));
  if (existing) return existing;
  for (const account of [`tg_${tg.id}`, `tg_${tg.id}_${Date.now().toString(36)}`]) {
    await db
      .insert(users)
      .values({
        account,
        telegramId: tg.id,
        telegramUsername: tg.username || null,
        givenName: tg.firstName,
        familyName: tg.lastName,
        lang: toLang(tg.languageCode),
      })
      .onConflictDoNothing();
    const [row] = await db.select().from(users).where(eq(users.telegramId, tg.id));
    if (row) return row;
  }
  throw new AppError('errors.accountTaken');
}

/**
 * The shopper a call made during Telegram's silent login names by its signed init data
 * (`Authorization: tma …`, common/api/headers.ts): checked as tg_login checks it, found or created
 * as tg_login does (the two may arrive together for a new shopper). Undefined when the init data
 * does not hold.
 */
export async function telegramCaller(
  db: DbOrTx,
  raw: string,
  botToken: string | undefined,
  maxAgeSeconds: number,
): Promise<UserRow | undefined> {
  let tg: TelegramUser;
  try {
    tg = verifyInitData(raw, botToken, maxAgeSeconds);
  } catch {
    return undefined;
  }
  const user = await findOrCreateTelegramUser(db, tg);
  // As tg_login notes it: a call that arrives first must not read a new shopper's missing note as
  // "the bot may write" (a direct-link shopper's /setting said so while the login was under way).
  await noteWriteAccess(db, user.id, tg);
  return user;
}

/** Links Telegram to the logged-in account; a Telegram user already linked elsewhere is refused. */
export async function linkTelegram(db: DbOrTx, user: UserRow, tg: TelegramUser): Promise<UserRow> {
  if (user.telegramId === tg.id) return user;
  const [other] = await db.select({ id: users.id }).from(users).where(eq(users.telegramId, tg.id));
  if (other) throw new AppError('errors.telegramLinkedElsewhere');
  if (user.telegramId !== null) throw new AppError('errors.telegramAlreadyLinked');
  try {
    const [row] = await db
      .update(users)
      .set({ telegramId: tg.id, telegramUsername: tg.username || null, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return row;
  } catch {
    throw new AppError('errors.telegramLinkedElsewhere');
  }
}
