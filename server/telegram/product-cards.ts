import type { InlineQueryResultArticle } from 'grammy/types';
import type { Lang } from '../../common/languages';
import { formatMoney } from '../../common/money';
import { sizedImage } from '../../common/images';
import type { ProductCard } from '../../common/schemas/catalog-answers';
import { SEARCH_MAX } from '../../common/products-query';
import { appLinkTo, startParams } from '../../common/start-param';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { translate } from '../lib/i18n';
import { listProducts } from '../modules/catalog';
import type { CardPreparer } from '../modules/catalog';
import { escapeHtml } from '../web/html';
import { botApi, miniAppLink } from './bot-api';

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
 * What prepares a shopper's card with Telegram (savePreparedInlineMessage, every kind of chat
 * allowed); none without the bot or the Mini App's link, which the card's button opens.
 */
export function telegramCardPreparer(
  config: Pick<
    Config,
    'BOT_TOKEN' | 'TELEGRAM_API_ROOT' | 'TELEGRAM_TEST_ENV' | 'BOT_USERNAME' | 'MINI_APP_NAME' | 'PUBLIC_URL'
  >,
): CardPreparer | undefined {
  const appLink = miniAppLink(config);
  const api = botApi(config, 10);
  if (!appLink || !api) return undefined;
  const at = { appLink, publicUrl: config.PUBLIC_URL };
  return async (telegramId, card, lang) => {
    const prepared = await api.savePreparedInlineMessage(telegramId, productCardResult(card, lang, at), {
      allow_user_chats: true,
      allow_group_chats: true,
      allow_channel_chats: true,
    });
    return prepared.id;
  };
}
