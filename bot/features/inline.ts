import { Composer, type Context } from 'grammy';
import type { BotDeps, ProductCards } from '../deps';
import { senderLanguage } from '../lib/language';

/** How long Telegram may keep an answer for the same text (the catalogue's own cache is a minute). */
const CACHE_SECONDS = 60;

/**
 * Inline mode (`@bot phone` in any chat): the products matching the text as cards, a page at a
 * time, in the sender's language, and "Open SHOP" above them. Needs inline mode turned on for the
 * bot in @BotFather (/setinline).
 */
export function inlineFeature(deps: Pick<BotDeps, 't' | 'appUrl' | 'shoppers'> & { catalog: ProductCards }) {
  const feature = new Composer<Context>();
  feature.on('inline_query', async (ctx) => {
    const query = ctx.inlineQuery;
    const lang = await senderLanguage(ctx, deps);
    const { results, nextOffset } = await deps.catalog.inline({
      text: query.query,
      offset: query.offset,
      languageCode: lang,
    });
    const open = deps.appUrl?.startsWith('https://')
      ? { button: { text: deps.t(lang, 'bot.open'), web_app: { url: deps.appUrl } } }
      : {};
    await ctx.answerInlineQuery(results, {
      cache_time: CACHE_SECONDS,
      is_personal: false,
      next_offset: nextOffset,
      ...open,
    });
  });
  return feature;
}
