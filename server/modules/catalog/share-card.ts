import { eq } from 'drizzle-orm';
import type { Api } from 'grammy';
import type { InlineQueryResultArticle } from 'grammy/types';
import type { Lang } from '../../../common/languages';
import { formatMoney } from '../../../common/money';
import { SEARCH_MAX, sizedImage, type ProductCard } from '../../../common/schemas/catalog';
import { appLinkTo, startParams } from '../../../common/start-param';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, NotFoundError, TooManyError } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { hit } from '../../lib/rate-limit';
import { escapeHtml } from '../../web/html';
import { cardsByIds, listProducts } from './products';

/**
 * A product as a card in a Telegram chat: its picture large above its name and price, and a button
 * that opens it in the Mini App. The same card answers the bot's inline queries (`@bot phone`) and
 * is what "Share" on a product prepares (Bot API savePreparedInlineMessage) for the Mini App's
 * shareMessage.
 */
export interface CardAddresses {
  /** The shop's public HTTPS address, from which Telegram fetches the picture; none: no picture. */
  publicUrl?: string;
  /** The Mini App's t.me link (https://t.me/<bot>/<app>); the card's button opens the product there. */
  appLink: string;
}

/** Cards one shopper may have prepared in 10 minutes: each is a call to Telegram on the bot's quota. */
export const SHARE_CARD_RATE = { perWindow: 30, windowMs: 10 * 60 * 1000 };

/** How many cards one inline answer holds (Telegram takes at most 50). */
export const INLINE_PAGE = 20;

/** The picture's address as Telegram fetches it: absolute, HTTPS, at the width a chat shows. */
function pictureAddress(image: string, publicUrl: string | undefined): string | undefined {
  if (!publicUrl?.startsWith('https://') || !image) return undefined;
  return new URL(sizedImage(image, 480), publicUrl).toString();
}

/** One product's card, in the language of the person who will send it. */
export function productCardResult(
  card: ProductCard,
  lang: Lang,
  at: CardAddresses,
): InlineQueryResultArticle {
  const price = formatMoney(card.price, lang);
  const picture = pictureAddress(card.image, at.publicUrl);
  return {
    type: 'article',
    id: `product-${card.id}`,
    title: card.title,
    description: price,
    ...(picture ? { thumbnail_url: picture } : {}),
    input_message_content: {
      message_text: `<b>${escapeHtml(card.title)}</b>\n${escapeHtml(price)}`,
      parse_mode: 'HTML',
      // The picture as the message's large preview, above the text.
      link_preview_options: picture
        ? { url: picture, prefer_large_media: true, show_above_text: true }
        : { is_disabled: true },
    },
    reply_markup: {
      inline_keyboard: [
        [{ text: translate(lang, 'bot.view'), url: appLinkTo(at.appLink, startParams.product(card.id)) }],
      ],
    },
  };
}

/**
 * The bot's answer to an inline query: products whose name matches the text (the best sellers when
 * it is empty), a page at a time; `offset` is where Telegram asks the next page from.
 */
export async function inlineProductCards(
  db: Db,
  lang: Lang,
  at: CardAddresses,
  query: { text: string; offset: string },
): Promise<{ results: InlineQueryResultArticle[]; nextOffset: string }> {
  const text = query.text.trim().slice(0, SEARCH_MAX);
  const page = /^\d{1,4}$/.test(query.offset) ? Math.max(1, Number(query.offset)) : 1;
  const found = await listProducts(db, lang, { text: text || undefined }, text ? 'relevance' : 'sales', {
    page,
    limit: INLINE_PAGE,
  });
  const more = page * INLINE_PAGE < found.total;
  return {
    results: found.list.map((card) => productCardResult(card, lang, at)),
    nextOffset: more ? String(page + 1) : '',
  };
}

/**
 * POST /api/product/share_card: the product's card prepared for this shopper to send
 * (savePreparedInlineMessage), answered as the id the Mini App gives shareMessage. A shopper
 * without a Telegram account, a shop without its Mini App link, or Telegram unreachable: "sharing
 * as a card is unavailable", and the app shares the plain link instead.
 */
export async function prepareShareCard(
  db: Db,
  api: Api | undefined,
  at: CardAddresses | undefined,
  input: { userId: number; productId: number; lang: Lang; onTelegramError?: (err: unknown) => void },
): Promise<{ preparedId: string }> {
  const [card] = await cardsByIds(db, input.lang, [input.productId]);
  if (!card) throw new NotFoundError('errors.productNotFound');
  if (!api || !at) throw new AppError('errors.shareCardUnavailable');
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
    const prepared = await api.savePreparedInlineMessage(
      user.telegramId,
      productCardResult(card, input.lang, at),
      { allow_user_chats: true, allow_group_chats: true, allow_channel_chats: true },
    );
    return { preparedId: prepared.id };
  } catch (err) {
    input.onTelegramError?.(err);
    throw new AppError('errors.shareCardUnavailable');
  }
}
