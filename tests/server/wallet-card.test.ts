import { eq, sql } from 'drizzle-orm';
import type { Update } from 'grammy/types';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { freshDatabase } from '../support/db';
import { TEST_BOT_TOKEN } from '../support/app';
import { toLang } from '../../common/languages';
import type {
  RechargeAnswer,
  RechargeCardAnswer,
  RechargeLogAnswer,
} from '../../common/schemas/wallet-topup';
import { ledgerEntries, notifications, recharges, users } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { fakeBotApi, type FakeBotApi } from './support/fake-bot-api';
import { lastUpdateId, paid, paymentBot as botOn, preCheckout } from './support/payment-bot';
import { walletProblems } from './support/wallet-invariants';
import { newKey, shopper, walletOf, walletShop, type Shopper, type WalletShop } from './wallet-fixture';

const PROVIDER = '284685063:TEST:fake-provider-token';
const ADA_TG = 7_100_000_001;
const BOB_TG = 7_100_000_002;

let api: FakeBotApi;
let shop: WalletShop;
let bare: WalletShop;
let ada: Shopper;
let bob: Shopper;
beforeAll(async () => {
  api = await fakeBotApi();
  shop = await walletShop({ PAYMENT_PROVIDER_TOKEN: PROVIDER, TELEGRAM_API_ROOT: api.url });
  bare = await walletShop();
  ada = await shopper(shop.t, 'ada_card', { telegramId: ADA_TG });
  bob = await shopper(shop.t, 'bob_card', { telegramId: BOB_TG });
});
afterAll(async () => {
  await shop.close();
  await bare.close();
  await api.close();
});

const cardTopUp = (
  s: { t: WalletShop['t'] },
  token: string | undefined,
  amount: unknown,
  opts: { key?: string; lang?: string } = {},
) => s.t.endpoint<RechargeCardAnswer>('wallet.rechargeCard', { token, body: { amount }, ...opts });

describe('without a payment provider', () => {
  it('the card way answers "temporarily unavailable" and records nothing', async () => {
    const eve = await shopper(bare.t, 'eve_nocard');
    const res = await cardTopUp(bare, eve.token, '10', { lang: 'ru-RU' });
    expect(res).toMatchObject({
      code: 0,
      error: 'wallet.cardUnavailable',
      msg: 'Пополнение картой временно недоступно',
    });
    const viaRecharge = await bare.t.endpoint('wallet.recharge', {
      token: eve.token,
      body: { type: 'card', amount: '10' },
    });
    expect(viaRecharge).toMatchObject({ code: 0, error: 'wallet.cardUnavailable' });
    expect(await bare.t.database.db.select().from(recharges)).toEqual([]);
  });
});

describe('POST /api/user/recharge_card', () => {
  it('records a card top-up and answers a Telegram invoice link in USD for exactly the amount', async () => {
    const key = newKey();
    api.calls.length = 0;
    const res = await cardTopUp(shop, ada.token, '25', { key, lang: 'de-DE' });
    expect(res).toMatchObject({
      code: 1,
      msg: translate('de-DE', 'wallet.invoiceReady'),
      data: { amount: '25.00', invoiceLink: expect.stringMatching(/^https:\/\/t\.me\/\$fake-invoice-\d+$/) },
    });
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]).toEqual({
      method: 'createInvoiceLink',
      body: {
        title: 'Guthaben aufladen',
        description: 'Laden Sie Ihr SHOP-Guthaben mit $25.00 auf',
        payload: `recharge:${res.data.id}`,
        provider_token: PROVIDER,
        currency: 'USD',
        prices: [{ label: 'Aufladung', amount: 2500 }],
      },
    });
    // The same key: the same invoice, Telegram not asked again.
    const again = await cardTopUp(shop, ada.token, '25', { key });
    expect(again.data).toEqual(res.data);
    expect(api.calls).toHaveLength(1);
    const [row] = await shop.t.database.db.select().from(recharges).where(eq(recharges.id, res.data.id));
    expect(row).toMatchObject({
      type: 'card',
      status: 0,
      amount: 2500,
      userId: ada.id,
      invoiceLink: res.data.invoiceLink,
    });
    // An invoice not paid is not a top-up in the records.
    const log = await shop.t.endpoint<RechargeLogAnswer>('wallet.rechargeLog', { token: ada.token });
    expect(log.data.list.map((r) => r.id)).not.toContain(res.data.id);
    expect(await walletOf(shop.t, ada.id)).toEqual({ balance: 0, frozen: 0 });
  });

  it('needs a shop account Telegram knows (the payer is checked against it)', async () => {
    const web = await shopper(shop.t, 'web_only_card');
    api.calls.length = 0;
    expect(await cardTopUp(shop, web.token, '10', { lang: 'ja-JP' })).toMatchObject({
      code: 0,
      error: 'wallet.cardNeedsTelegram',
      msg: 'カードでチャージするには Telegram でショップを開いてください',
    });
    expect(api.calls).toEqual([]);
  });

  it('recharge with type card does the same and answers the top-up with its link', async () => {
    const res = await shop.t.endpoint<RechargeAnswer>('wallet.recharge', {
      token: ada.token,
      body: { type: 'card', amount: '12.34' },
    });
    expect(res).toMatchObject({
      code: 1,
      data: { type: 'card', status: 0, amount: '12.34', arrivalAmount: null, evidence: null },
    });
    expect(res.data.invoiceLink).toMatch(/^https:\/\/t\.me\//);
  });

  it('Telegram failing answers "temporarily unavailable"; the same key later gets its link', async () => {
    const key = newKey();
    api.failing = true;
    try {
      expect(await cardTopUp(shop, ada.token, '15', { key })).toMatchObject({
        code: 0,
        error: 'wallet.cardUnavailable',
      });
    } finally {
      api.failing = false;
    }
    const later = await cardTopUp(shop, ada.token, '15', { key });
    expect(later).toMatchObject({ code: 1, data: { amount: '15.00' } });
  });

  it('a connection lost on the way is tried once more at once; lost twice, "temporarily unavailable"', async () => {
    api.calls.length = 0;
    api.dropping = 1;
    const saved = await cardTopUp(shop, ada.token, '16');
    expect(saved).toMatchObject({ code: 1, data: { amount: '16.00' } });
    expect(saved.data.invoiceLink).toMatch(/^https:\/\/t\.me\//);
    expect(api.calls.map((c) => c.method)).toEqual(['createInvoiceLink', 'createInvoiceLink']);

    api.calls.length = 0;
    api.dropping = 2;
    try {
      expect(await cardTopUp(shop, ada.token, '17')).toMatchObject({
        code: 0,
        error: 'wallet.cardUnavailable',
      });
    } finally {
      api.dropping = 0;
    }
    expect(api.calls.map((c) => c.method)).toEqual(['createInvoiceLink', 'createInvoiceLink']);
  });

  it("the provider token never reaches the log, not even in Telegram's refusal", async () => {
    const lines: string[] = [];
    const database = await freshDatabase();
    const app = await buildApp({
      config: testConfig({
        DATA_DIR: shop.dataDir,
        PAYMENT_PROVIDER_TOKEN: PROVIDER,
        TELEGRAM_API_ROOT: api.url,
        BOT_TOKEN: TEST_BOT_TOKEN,
      }),
      database,
      logger: pino({ level: 'trace' }, { write: (line: string) => lines.push(line) }),
    });
    api.failing = true;
    try {
      const registered = await app.inject({
        method: 'POST',
        url: '/api/user/register',
        payload: { account: 'log_card', password: 'secret123' },
      });
      const token = (registered.json() as { data: { userinfo: { token: string } } }).data.userinfo.token;
      await database.db.update(users).set({ telegramId: 7_100_000_077 }).where(eq(users.account, 'log_card'));
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/recharge_card',
        headers: { token, 'idempotency-key': newKey() },
        payload: { amount: '10' },
      });
      expect(res.json()).toMatchObject({ code: 0, error: 'wallet.cardUnavailable' });
      const text = lines.join('\n');
      expect(text).toContain('Telegram made no invoice link');
      expect(text).toContain('PAYMENT_PROVIDER_INVALID');
      expect(text).not.toContain(PROVIDER);
      expect(text).not.toContain('fake-provider-token');
    } finally {
      api.failing = false;
      await app.close();
      await database.close();
    }
  });

  it.each([
    ['0', 'wallet.rechargeAmountNotPositive'],
    ['-1', 'wallet.rechargeAmountNotPositive'],
    [undefined, 'wallet.rechargeAmountNotPositive'],
    ['1.234', 'wallet.amountInvalid'],
    ['1e3', 'wallet.amountInvalid'],
    ['abc', 'wallet.amountInvalid'],
    ['0.99', 'wallet.belowMin'],
    ['10000.01', 'wallet.aboveMax'],
  ])('amount %j is refused with %s; Telegram is not asked', async (amount, error) => {
    api.calls.length = 0;
    expect(await cardTopUp(shop, bob.token, amount)).toMatchObject({ code: 0, error });
    expect(api.calls).toEqual([]);
  });

  it('needs a session and an Idempotency-Key', async () => {
    expect(await cardTopUp(shop, undefined, '10')).toMatchObject({ code: 401 });
    expect(
      await shop.t.endpoint('wallet.rechargeCard', {
        token: bob.token,
        body: { amount: '10' },
        key: null,
      }),
    ).toMatchObject({ code: 0, error: 'errors.idempotencyKey' });
  });

  it('asks for at most 10 invoices in 10 minutes', async () => {
    const cid = await shopper(shop.t, 'cid_card', { telegramId: 7_100_000_009 });
    for (let i = 0; i < 10; i++) expect((await cardTopUp(shop, cid.token, '5')).code).toBe(1);
    const over = await cardTopUp(shop, cid.token, '5');
    expect(over).toMatchObject({ status: 429, error: 'wallet.tooManyInvoices' });
  });
});

// ---------- the bot ----------

/** The bot with the shop's card payments; every outgoing Bot API call is captured, none sent. */
const paymentBot = () => botOn(shop.t.database);

type Answer = { ok: boolean; error_message?: string };

describe('bot: the pre-checkout query', () => {
  it("says yes to the shopper's own unpaid invoice for exactly its amount in USD", async () => {
    const inv = await cardTopUp(shop, ada.token, '30');
    const { bot, calls } = paymentBot();
    await bot.handleUpdate(preCheckout(ADA_TG, `recharge:${inv.data.id}`, 3000));
    expect(calls).toEqual([
      {
        method: 'answerPreCheckoutQuery',
        payload: { pre_checkout_query_id: `pcq-${lastUpdateId()}`, ok: true },
      },
    ]);
  });

  it("says no, in the payer's language, to another payer, another amount or currency, an unknown, paid or old invoice", async () => {
    const db = shop.t.database.db;
    const inv = await cardTopUp(shop, ada.token, '30');
    const payload = `recharge:${inv.data.id}`;
    const old = await cardTopUp(shop, ada.token, '30');
    await db
      .update(recharges)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(recharges.id, old.data.id));
    const { bot, calls } = paymentBot();
    const cases: [Update, string][] = [
      [preCheckout(BOB_TG, payload, 3000, { lang: 'ja' }), 'wallet.invoiceNotYours'],
      [preCheckout(ADA_TG, payload, 2999), 'wallet.invoiceAmount'],
      [preCheckout(ADA_TG, payload, 3000, { currency: 'EUR' }), 'wallet.invoiceAmount'],
      [preCheckout(ADA_TG, 'recharge:99999999', 3000), 'wallet.invoiceUnknown'],
      [preCheckout(ADA_TG, 'order:1', 3000), 'wallet.invoiceUnknown'],
      [preCheckout(ADA_TG, `recharge:${old.data.id}`, 3000), 'wallet.invoiceExpired'],
    ];
    for (const [update, reason] of cases) {
      calls.length = 0;
      await bot.handleUpdate(update);
      const lang = toLang(update.pre_checkout_query!.from.language_code);
      expect(calls[0].method).toBe('answerPreCheckoutQuery');
      expect(calls[0].payload as Answer).toMatchObject({ ok: false, error_message: translate(lang, reason) });
    }
    await bot.handleUpdate(paid(ADA_TG, payload, 3000, 'charge-precheck'));
    calls.length = 0;
    await bot.handleUpdate(preCheckout(ADA_TG, payload, 3000));
    expect(calls[0].payload as Answer).toMatchObject({
      ok: false,
      error_message: translate('en-US', 'wallet.invoiceUsed'),
    });
  });
});

describe('bot: the successful payment', () => {
  it('credits the amount paid once (ledger card_topup), passes the top-up, and answers with the balance', async () => {
    const cat = await shopper(shop.t, 'cat_card', { telegramId: 7_100_000_003 });
    const inv = await cardTopUp(shop, cat.token, '40');
    const { bot, calls } = paymentBot();
    await bot.handleUpdate(paid(7_100_000_003, `recharge:${inv.data.id}`, 4000, 'charge-cat-1'));
    expect(await walletOf(shop.t, cat.id)).toEqual({ balance: 4000, frozen: 0 });
    const db = shop.t.database.db;
    const [row] = await db.select().from(recharges).where(eq(recharges.id, inv.data.id));
    expect(row).toMatchObject({
      status: 1,
      arrivalAmount: 4000,
      telegramChargeId: 'charge-cat-1',
      providerChargeId: 'provider-charge-cat-1',
      auditedBy: 'telegram',
    });
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, cat.id));
    expect(entries).toMatchObject([
      {
        type: 'card_topup',
        balanceChange: 4000,
        refType: 'recharge',
        refId: String(inv.data.id),
        uniqueKey: 'card:charge-cat-1',
      },
    ]);
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('sendMessage');
    expect(calls[0].payload.text).toBe('Your wallet was topped up with $40.00. Balance: $40.00');
    const keyboard = calls[0].payload.reply_markup as {
      inline_keyboard: { text: string; web_app: { url: string } }[][];
    };
    expect(keyboard.inline_keyboard[0][0]).toEqual({
      text: 'Open wallet',
      web_app: { url: 'https://shop.example/capitalRecord' },
    });
    const [notice] = await db.select().from(notifications).where(eq(notifications.userId, cat.id));
    expect(notice).toMatchObject({
      kind: 'wallet.notify.cardCredited',
      refType: 'recharge',
      refId: String(inv.data.id),
    });
    // Told in the chat already: an outbox leaves it.
    expect(notice.sentAt).not.toBeNull();
    const log = await shop.t.endpoint<RechargeLogAnswer>('wallet.rechargeLog', { token: cat.token });
    expect(log.data.list[0]).toMatchObject({
      id: inv.data.id,
      type: 'card',
      status: 1,
      amount: '40.00',
      arrivalAmount: '40.00',
    });
    expect(await walletProblems(db)).toEqual([]);
  });

  it('the same update delivered 3 times credits once and answers once', async () => {
    const dot = await shopper(shop.t, 'dot_card', { telegramId: 7_100_000_004 });
    const inv = await cardTopUp(shop, dot.token, '15');
    const { bot, calls } = paymentBot();
    const update = paid(7_100_000_004, `recharge:${inv.data.id}`, 1500, 'charge-dot-1');
    for (let i = 0; i < 3; i++) await bot.handleUpdate(update);
    expect(await walletOf(shop.t, dot.id)).toEqual({ balance: 1500, frozen: 0 });
    expect(calls.filter((c) => c.method === 'sendMessage')).toHaveLength(1);
    expect(await walletProblems(shop.t.database.db)).toEqual([]);
  });

  it('3 deliveries at the same moment credit once', async () => {
    const fox = await shopper(shop.t, 'fox_card', { telegramId: 7_100_000_005 });
    const inv = await cardTopUp(shop, fox.token, '22.50');
    const update = paid(7_100_000_005, `recharge:${inv.data.id}`, 2250, 'charge-fox-1');
    await Promise.all([paymentBot(), paymentBot(), paymentBot()].map(({ bot }) => bot.handleUpdate(update)));
    expect(await walletOf(shop.t, fox.id)).toEqual({ balance: 2250, frozen: 0 });
    const credits = await shop.t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, fox.id));
    expect(credits).toHaveLength(1);
    expect(await walletProblems(shop.t.database.db)).toEqual([]);
  });

  it('a second charge of an invoice already paid is money received too: its own top-up, credited', async () => {
    const gus = await shopper(shop.t, 'gus_card', { telegramId: 7_100_000_006 });
    const inv = await cardTopUp(shop, gus.token, '10');
    const { bot } = paymentBot();
    await bot.handleUpdate(paid(7_100_000_006, `recharge:${inv.data.id}`, 1000, 'charge-gus-1'));
    await bot.handleUpdate(paid(7_100_000_006, `recharge:${inv.data.id}`, 1000, 'charge-gus-2'));
    expect(await walletOf(shop.t, gus.id)).toEqual({ balance: 2000, frozen: 0 });
    const rows = await shop.t.database.db.select().from(recharges).where(eq(recharges.userId, gus.id));
    expect(rows.map((r) => [r.status, r.arrivalAmount, r.telegramChargeId]).sort()).toEqual([
      [1, 1000, 'charge-gus-1'],
      [1, 1000, 'charge-gus-2'],
    ]);
    expect(await walletProblems(shop.t.database.db)).toEqual([]);
  });

  it('a payment nobody can be credited for moves nothing and tells the payer to ask support', async () => {
    const { bot, calls } = paymentBot();
    const before = await shop.t.database.db.select().from(ledgerEntries);
    await bot.handleUpdate(paid(7_199_999_999, 'recharge:987654321', 500, 'charge-nobody'));
    await bot.handleUpdate(paid(ADA_TG, 'recharge:1', 500, 'charge-euro', { currency: 'EUR' }));
    expect(await shop.t.database.db.select().from(ledgerEntries)).toHaveLength(before.length);
    expect(calls.map((c) => c.payload.text)).toEqual([
      translate('en-US', 'wallet.bot.paymentNotCredited', { charge: 'charge-nobody' }),
      translate('en-US', 'wallet.bot.paymentNotCredited', { charge: 'charge-euro' }),
    ]);
  });
});
