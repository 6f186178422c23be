import { eq } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import type { ProductCard } from '@common/schemas/catalog-answers';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, NotFoundError, TooManyError } from '../../lib/errors';
import { hit } from '../../lib/rate-limit';
import { cardsByIds } from './products';

/**
 * "Share" on a product inside Telegram: the product's card (its picture, name, price and a button
 * into the Mini App; server/telegram/product-cards.ts draws it) prepared with Telegram for the
 * shopper, answered as the id the Mini App's shareMessage sends.
 */

/** Prepares `card` for the Telegram user `telegramId` to send; answers the prepared message's id. */
export type CardPreparer = (telegramId: number, card: ProductCard, lang: Lang) => Promise<string>;

/** Cards one shopper may have prepared in 10 minutes: each is a call to Telegram on the bot's quota. */
export const SHARE_CARD_RATE = { perWindow: 30, windowMs: 10 * 60 * 1000 };

/**
 * POST /api/product/share_card. A shopper without a Telegram account, a shop without the bot or
 * its Mini App's link, or Telegram unreachable: "sharing as a card is unavailable", and the app
 * shares the plain link instead.
 */
export async function prepareShareCard(
  db: Db,
  prepare: CardPreparer | undefined,
  input: { userId: number; productId: number; lang: Lang; onTelegramError?: (err: unknown) => void },
): Promise<{ preparedId: string }> {
  const [card] = await cardsByIds(db, input.lang, [input.productId]);
  if (!card) throw new NotFoundError('errors.productNotFound');
  if (!prepare) throw new AppError('errors.shareCardUnavailable');
  const [user] = await db
    .select({ telegramId: users.telegramId })
    .from(users)
    .where(eq(users.id, input.userId));
  if (user?.telegramId === null || user?.telegramId === undefined)
    throw new AppError('errors.shareCardNeedsTelegram');
  const rate = `share-card:user:${input.userId}`;
  if ((await hit(db, rate, SHARE_CARD_RATE.windowMs)) > SHARE_CARD_RATE.perWindow)
    throw new TooManyError('errors.tooManyRequests');
  try {
    return { preparedId: await prepare(user.telegramId, card, input.lang) };
  } catch (err) {
    input.onTelegramError?.(err);
    throw new AppError('errors.shareCardUnavailable');
  }
}
