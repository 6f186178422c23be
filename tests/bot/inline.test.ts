import type { InlineQueryResultArticle, Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../common/money';
import type { Database } from '../../server/db/client';
import { translate } from '../../server/lib/i18n';
import { productCards } from '../../server/telegram/bot-host';
import { freshDatabase } from '../support/db';
import { capturingBot } from '../support/test-bot';
import { makeProduct, makeShop } from '../server/support/orders-fixture';

/**
 * Inline mode: `@bot phone` in any chat lists the shop's matching products as cards (the same card
 * "Share" prepares), a page at a time, in the sender's language, with "Open SHOP" above them.
 */
const PUBLIC_URL = 'https://shop.example/';
const CONFIG = { BOT_USERNAME: 'shop_cards_bot', MINI_APP_NAME: 'shop', PUBLIC_URL };

let database: Database;
const phones: number[] = [];
beforeAll(async () => {
  database = await freshDatabase();
  const shopId = await makeShop(database.db, 'Inline Shop');
  for (let i = 1; i <= 23; i++)
    phones.push((await makeProduct(database.db, shopId, { title: `Phone ${i}`, price: 10_000 + i })).id);
  await makeProduct(database.db, shopId, { title: 'Laptop', price: 99_900 });
}, 60_000);
afterAll(() => database.close());

/** The bot with the catalogue's cards, its every Bot API call captured instead of sent. */
function botWithCapture(config: typeof CONFIG | { PUBLIC_URL: string } = CONFIG) {
  const catalog = productCards(database, config);
  return capturingBot(catalog ? { catalog } : {}, true);
}

let nextUpdate = 9_000;
const inlineQuery = (query: string, offset = '', languageCode = 'en'): Update => ({
  update_id: nextUpdate++,
  inline_query: {
    id: `iq-${nextUpdate}`,
    from: { id: 7_400_000_001, is_bot: false, first_name: 'Anna', language_code: languageCode },
    query,
    offset,
  },
});

interface Answered {
  results: InlineQueryResultArticle[];
  next_offset: string;
  cache_time: number;
  is_personal: boolean;
  button?: { text: string; web_app: { url: string } };
}
const answered = (calls: { method: string; payload: Record<string, unknown> }[]) => {
  expect(calls.map((c) => c.method)).toEqual(['answerInlineQuery']);
  return calls[0].payload as unknown as Answered;
};

describe('inline queries', () => {
  it('lists the matching products as cards, twenty at a time, with the next page offered', async () => {
    const { bot, calls } = botWithCapture();
    await bot.handleUpdate(inlineQuery('phone'));
    const first = answered(calls);
    expect(first.results).toHaveLength(20);
    expect(first.results.every((r) => r.title.startsWith('Phone '))).toBe(true);
    expect(first).toMatchObject({
      next_offset: '2',
      cache_time: 60,
      is_personal: false,
      button: { text: translate('en-US', 'bot.open'), web_app: { url: PUBLIC_URL } },
    });
    const card = first.results[0];
    const id = Number(card.id.replace('product-', ''));
    expect(phones).toContain(id);
    expect(card.reply_markup?.inline_keyboard[0][0]).toEqual({
      text: translate('en-US', 'bot.view'),
      url: `https://t.me/shop_cards_bot/shop?startapp=product-${id}`,
    });

    calls.length = 0;
    await bot.handleUpdate(inlineQuery('phone', '2'));
    const second = answered(calls);
    expect(second.results).toHaveLength(3);
    expect(second.next_offset).toBe('');
    const shown = [...first.results, ...second.results].map((r) => Number(r.id.replace('product-', '')));
    expect(new Set(shown)).toEqual(new Set(phones));
  });

  it("answers in the sender's language: prices and the buttons", async () => {
    const { bot, calls } = botWithCapture();
    await bot.handleUpdate(inlineQuery('laptop', '', 'de'));
    const answer = answered(calls);
    expect(answer.results).toHaveLength(1);
    expect(answer.results[0]).toMatchObject({
      title: 'Laptop',
      description: formatMoney('999.00', 'de-DE'),
      input_message_content: { message_text: `<b>Laptop</b>\n${formatMoney('999.00', 'de-DE')}` },
    });
    expect(answer.results[0].reply_markup?.inline_keyboard[0][0].text).toBe(translate('de-DE', 'bot.view'));
    expect(answer.button?.text).toBe(translate('de-DE', 'bot.open'));
  });

  it('an empty query lists the best sellers; a text nothing matches answers no cards', async () => {
    const { bot, calls } = botWithCapture();
    await bot.handleUpdate(inlineQuery(''));
    expect(answered(calls).results).toHaveLength(20);
    calls.length = 0;
    await bot.handleUpdate(inlineQuery('zeppelin'));
    expect(answered(calls)).toMatchObject({ results: [], next_offset: '' });
    calls.length = 0;
    // A made-up offset starts from the first page; an overlong text is cut, not refused.
    await bot.handleUpdate(inlineQuery('phone', 'x'.repeat(40)));
    expect(answered(calls).results).toHaveLength(20);
    calls.length = 0;
    await bot.handleUpdate(inlineQuery(`phone${' '.repeat(200)}${'z'.repeat(200)}`));
    expect(answered(calls).results).toHaveLength(20);
  });

  it('a shop without its Mini App link leaves inline queries unanswered', async () => {
    const { bot, calls } = botWithCapture({ PUBLIC_URL });
    await bot.handleUpdate(inlineQuery('phone'));
    expect(calls).toEqual([]);
  });
});
