import { eq, sql } from 'drizzle-orm';
import type { Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { botChats, botUpdates, users } from '../../server/db/schema';
import { sweepHandledUpdates } from '../../server/jobs/sweeps';
import { translate } from '../../server/lib/i18n';
import { botShoppers } from '../../server/telegram/shoppers';
import { freshDatabase } from '../support/db';
import { capturingBot } from '../support/test-bot';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
}, 60_000);
afterAll(() => database.close());

/** The bot on the shop's database, its every outgoing Bot API call captured instead of sent. */
const botWithCapture = () => capturingBot({ shoppers: botShoppers(database.db) });

let nextUpdate = 5_000;
let nextUser = 7_300_000_000;
function command(text: string, languageCode = 'en', from = nextUser++): Update {
  const [cmd] = text.split(' ');
  return {
    update_id: nextUpdate++,
    message: {
      message_id: 10,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from, type: 'private', first_name: 'Anna' },
      from: { id: from, is_bot: false, first_name: 'Anna', language_code: languageCode },
      text,
      entities: [{ type: 'bot_command', offset: 0, length: cmd.length }],
    },
  };
}

type Keyboard = { inline_keyboard: { text: string; web_app?: { url: string } }[][] };
const button = (call: { payload: Record<string, unknown> }) =>
  (call.payload.reply_markup as Keyboard).inline_keyboard[0][0];

describe('the shopper bot: commands open their screens in the sender language', () => {
  const screens = [
    ['/orders', 'orders', 'https://shop.example/order'],
    ['/wallet', 'wallet', 'https://shop.example/capitalRecord'],
    ['/language', 'language', 'https://shop.example/language'],
  ] as const;
  for (const [lang, code] of [
    ['en-US', 'en'],
    ['de-DE', 'de'],
    ['ja-JP', 'ja'],
    ['th-TH', 'th'],
  ] as const) {
    it(`${lang}: /orders, /wallet, /language and /help`, async () => {
      const { bot, calls } = botWithCapture();
      for (const [text] of screens) await bot.handleUpdate(command(text, code));
      await bot.handleUpdate(command('/help', code));
      expect(calls.map((c) => c.method)).toEqual([
        'sendMessage',
        'sendMessage',
        'sendMessage',
        'sendMessage',
      ]);
      screens.forEach(([, key, url], i) => {
        expect(calls[i].payload.text).toBe(translate(lang, `bot.screens.${key}`));
        expect(button(calls[i])).toEqual({ text: translate(lang, `bot.buttons.${key}`), web_app: { url } });
      });
      const help = calls[3].payload.text as string;
      expect(help.startsWith(translate(lang, 'bot.help'))).toBe(true);
      for (const c of ['start', 'orders', 'wallet', 'language', 'help'])
        expect(help).toContain(`/${c} — ${translate(lang, `bot.commands.${c}`)}`);
      expect(button(calls[3])).toEqual({
        text: translate(lang, 'bot.buttons.help'),
        web_app: { url: 'https://shop.example/helpAndSupport' },
      });
    });
  }

  it("a linked shop account's language wins over Telegram's", async () => {
    const telegramId = nextUser++;
    await database.db.insert(users).values({ account: 'bot_linked', lang: 'ru-RU', telegramId });
    const { bot, calls } = botWithCapture();
    await bot.handleUpdate(command('/start', 'en', telegramId));
    await bot.handleUpdate(command('/wallet', 'en', telegramId));
    expect(calls[0].payload.text).toBe(translate('ru-RU', 'bot.welcome', { name: 'Anna' }));
    expect(button(calls[0]).text).toBe(translate('ru-RU', 'bot.open'));
    expect(calls[1].payload.text).toBe(translate('ru-RU', 'bot.screens.wallet'));
    // Someone else on an English Telegram gets English.
    await bot.handleUpdate(command('/wallet', 'en'));
    expect(calls[2].payload.text).toBe(translate('en-US', 'bot.screens.wallet'));
  });

  it('every deep link of the start-parameter table opens its route', async () => {
    const { bot, calls } = botWithCapture();
    const links: [string, string][] = [
      ['', '/home'],
      ['orders', '/order'],
      ['orders-2', '/myPurchases/2'],
      ['orders--4', '/myPurchases/-4'],
      ['order-123', '/orderInfo/123'],
      ['product-9', '/detail/9'],
      ['shop-4', '/shop/4'],
      ['wallet', '/capitalRecord'],
      ['topup', '/topUp'],
      ['withdraw', '/withDraw'],
      ['nonsense', '/home'],
      ['../../etc', '/home'],
    ];
    for (const [payload] of links) await bot.handleUpdate(command(`/start ${payload}`.trim(), 'ko'));
    expect(calls.map((c) => button(c).web_app?.url)).toEqual(
      links.map(([, path]) => `https://shop.example${path}`),
    );
    expect(calls.every((c) => c.payload.text === translate('ko-KR', 'bot.welcome', { name: 'Anna' }))).toBe(
      true,
    );
  });
});

describe('the shopper bot: updates are handled once', () => {
  it('a re-delivered update (same update_id) does nothing the second time', async () => {
    const { bot, calls } = botWithCapture();
    const update = command('/orders', 'de');
    await bot.handleUpdate(update);
    await bot.handleUpdate(structuredClone(update));
    // Even from a second bot process on the same database.
    await botWithCapture().bot.handleUpdate(structuredClone(update));
    expect(calls).toHaveLength(1);
    const [row] = await database.db
      .select()
      .from(botUpdates)
      .where(eq(botUpdates.updateId, update.update_id));
    expect(row).toBeDefined();
  });

  it('an update whose handling failed is handled when Telegram delivers it again', async () => {
    let fail = true;
    const { bot, calls } = botWithCapture();
    bot.api.config.use(async (prev, method, payload, signal) => {
      if (fail) {
        fail = false;
        throw new Error('connection reset');
      }
      return prev(method, payload, signal);
    });
    const update = command('/wallet', 'tr');
    await bot.handleUpdate(update).catch(() => undefined);
    await bot.handleUpdate(structuredClone(update));
    expect(calls.filter((c) => c.payload.text === translate('tr-TR', 'bot.screens.wallet'))).toHaveLength(1);
  });

  it('ids handled over a day ago are swept, recent ones kept', async () => {
    await database.db.insert(botUpdates).values([
      { updateId: 1, createdAt: sql`now() - interval '2 days'` as never },
      { updateId: 2, createdAt: sql`now() - interval '1 hour'` as never },
    ]);
    expect(await sweepHandledUpdates(database.db)).toBe(1);
    const left = (await database.db.select().from(botUpdates)).map((r) => r.updateId);
    expect(left).toContain(2);
    expect(left).not.toContain(1);
  });

  it('writing to the bot reopens a chat the outbox had marked blocked', async () => {
    const telegramId = nextUser++;
    const [me] = await database.db
      .insert(users)
      .values({ account: 'bot_unblocked', lang: 'de-DE', telegramId })
      .returning({ id: users.id });
    await database.db.insert(botChats).values({ userId: me.id, blockedAt: new Date() });
    await botWithCapture().bot.handleUpdate(command('/start', 'de', telegramId));
    const [chat] = await database.db.select().from(botChats).where(eq(botChats.userId, me.id));
    expect(chat.blockedAt).toBeNull();
  });
});
