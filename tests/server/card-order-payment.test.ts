import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, toAmount } from '../../common/money';
import { ORDER_STATUS } from '../../common/order-status';
import type { CardPaymentAnswer, PayAnswer, PayCardAnswer, SubmitAnswer } from '../../common/schemas/order';
import { ledgerEntries, notifications, orders, recharges, users } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { moveOrders } from '../../server/modules/orders/transition';
import type { TestApp } from '../support/app';
import {
  checkoutApp,
  makeProduct,
  makeShop,
  moneyOf,
  newKey,
  ordersOf,
  PAY,
  putInCart,
  shopper,
  type Shopper,
} from './checkout-fixture';
import { fakeBotApi, type FakeBotApi } from './support/fake-bot-api';
import { lastUpdateId, paid, paymentBot as botOn, preCheckout } from './support/payment-bot';

/**
 * Orders paid by card in one step: POST /api/order/payCard makes one Telegram invoice for what the
 * orders cost; the bot's pre-checkout checks they are still due; the successful payment credits
 * the charge and pays the orders in one transaction, exactly once per charge; orders that could no
 * longer be paid leave the money on the balance, and GET /api/order/payCard says what came of it.
 */
const PROVIDER = '284685063:TEST:fake-provider-token';

let api: FakeBotApi;
let t: TestApp;
let lamp: number;
let shirt: number;
let tgIds = 7_200_000_000;

beforeAll(async () => {
  api = await fakeBotApi();
  t = await checkoutApp({ PAYMENT_PROVIDER_TOKEN: PROVIDER, TELEGRAM_API_ROOT: api.url });
  const home = await makeShop(t, 'Card Home');
  const wear = await makeShop(t, 'Card Wear');
  lamp = (await makeProduct(t, { shopId: home, price: 1250, stock: 500, title: 'Card Lamp' })).id;
  shirt = (await makeProduct(t, { shopId: wear, price: 3000, stock: 500, title: 'Card Shirt' })).id;
});
afterAll(async () => {
  await t.close();
  await api.close();
});

/** A shopper Telegram knows (a card invoice needs the payer), with a balance of `balance` cents. */
async function payer(balance = 0): Promise<Shopper & { tg: number }> {
  const s = await shopper(t, { balance });
  const tg = ++tgIds;
  await t.database.db.update(users).set({ telegramId: tg }).where(eq(users.id, s.id));
  return { ...s, tg };
}

/** Two lamps (Card Home) and a shirt (Card Wear): two orders, $65.00 with the freight. */
async function checkout(s: Shopper): Promise<SubmitAnswer> {
  await putInCart(t, s.id, lamp, 2);
  await putInCart(t, s.id, shirt, 1);
  const res = await t.endpoint<SubmitAnswer>('checkout.submit', { body: {}, token: s.token });
  expect(res.code).toBe(1);
  return res.data;
}

const payCard = (s: Shopper, body: object, opts: { key?: string | null; lang?: string } = {}) =>
  t.endpoint<PayCardAnswer>('checkout.payCard', { body, token: s.token, ...opts });

async function settlementOf(s: Shopper, id: number, lang = 'en-US') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/order/payCard?id=${id}`,
    headers: { token: s.token, lang },
  });
  return res.json() as { code: number; error?: string; data: CardPaymentAnswer };
}

// ---------- the bot ----------

/** The bot with the shop's card payments; its outgoing calls are captured, none sent. */
const paymentBot = () => botOn(t.database);

let charges = 0;
const newCharge = () => `card-order-charge-${process.pid}-${++charges}`;

describe('POST /api/order/payCard', () => {
  it('makes one Telegram invoice for what every unpaid order of the checkout costs; the same key answers it again', async () => {
    const ada = await payer();
    const made = await checkout(ada);
    const key = newKey();
    api.calls.length = 0;
    const res = await payCard(ada, { out_trade_no: made.outTradeNo }, { key, lang: 'de-DE' });
    expect(res).toMatchObject({
      code: 1,
      data: { amount: '65.00', invoiceLink: expect.stringMatching(/^https:\/\/t\.me\/\$fake-invoice-\d+$/) },
    });
    expect(api.calls).toEqual([
      {
        method: 'createInvoiceLink',
        body: {
          title: 'Bestellzahlung',
          description: `Zahlung Ihrer SHOP-Bestellungen (${made.outTradeNo})`,
          payload: `recharge:${res.data.id}`,
          provider_token: PROVIDER,
          currency: 'USD',
          prices: [{ label: 'Bestellungen', amount: 6500 }],
        },
      },
    ]);
    const again = await payCard(ada, { out_trade_no: made.outTradeNo }, { key });
    expect(again.data).toEqual(res.data);
    expect(api.calls).toHaveLength(1);
    const [row] = await t.database.db.select().from(recharges).where(eq(recharges.id, res.data.id));
    expect(row).toMatchObject({
      type: 'card',
      status: 0,
      amount: 6500,
      userId: ada.id,
      payOutTradeNo: made.outTradeNo,
      payOrderId: null,
      settlement: null,
    });
    // Nothing is paid or moved until Telegram reports the payment.
    expect((await ordersOf(t, ada.id)).map((o) => o.status)).toEqual([
      ORDER_STATUS.waitingPay,
      ORDER_STATUS.waitingPay,
    ]);
    expect(await settlementOf(ada, res.data.id)).toMatchObject({ code: 1, data: { settlement: null } });
  });

  it('one order alone; another shopper’s order, a paid or cancelled one are refused and nothing is made', async () => {
    const ada = await payer();
    const bob = await payer();
    const made = await checkout(ada);
    const [first, second] = made.orderIds;
    const [due] = await ordersOf(t, ada.id);
    const one = await payCard(ada, { order_id: first });
    expect(one).toMatchObject({ code: 1, data: { amount: toAmount(due.total) } });

    const before = await t.database.db.select({ id: recharges.id }).from(recharges);
    api.calls.length = 0;
    expect(await payCard(bob, { order_id: second })).toMatchObject({
      code: 0,
      error: 'checkout.orderNotFound',
    });
    expect(await payCard(bob, { out_trade_no: made.outTradeNo })).toMatchObject({
      code: 0,
      error: 'checkout.orderNotFound',
    });
    await t.database.db.transaction((tx) =>
      moveOrders(tx, {
        orderIds: [second],
        from: ORDER_STATUS.waitingPay,
        to: ORDER_STATUS.cancelled,
        actor: 'shopper',
        userId: ada.id,
      }),
    );
    expect(await payCard(ada, { order_id: second }, { lang: 'ru-RU' })).toMatchObject({
      code: 0,
      error: 'checkout.orderCancelled',
      msg: translate('ru-RU', 'checkout.orderCancelled'),
    });
    // Both or neither, no body, no key: refused before anything is made.
    expect(await payCard(ada, { order_id: first, out_trade_no: made.outTradeNo })).toMatchObject({ code: 0 });
    expect(await payCard(ada, {})).toMatchObject({ code: 0 });
    expect(await payCard(ada, { order_id: first }, { key: null })).toMatchObject({
      code: 0,
      error: 'errors.idempotencyKey',
    });
    expect(await t.database.db.select({ id: recharges.id }).from(recharges)).toEqual(before);
    expect(api.calls).toEqual([]);
  });

  it('needs a Telegram account and a payment provider', async () => {
    const web = await shopper(t);
    const made = await checkout(web);
    expect(await payCard(web, { out_trade_no: made.outTradeNo })).toMatchObject({
      code: 0,
      error: 'wallet.cardNeedsTelegram',
    });
    const bare = await checkoutApp();
    try {
      const s = await shopper(bare);
      const res = await bare.endpoint('checkout.payCard', { body: { order_id: 1 }, token: s.token });
      expect(res).toMatchObject({ code: 0, error: 'wallet.cardUnavailable' });
    } finally {
      await bare.close();
    }
  });
});

describe('the bot: pre-checkout and the successful payment', () => {
  it('pays the orders from the charge exactly once, however often Telegram reports it; the bill shows the credit and the payment', async () => {
    const ada = await payer(1000);
    const made = await checkout(ada);
    const invoice = await payCard(ada, { out_trade_no: made.outTradeNo });
    const payload = `recharge:${invoice.data.id}`;
    const { bot, calls } = paymentBot();

    await bot.handleUpdate(preCheckout(ada.tg, payload, 6500));
    expect(calls[0]).toEqual({
      method: 'answerPreCheckoutQuery',
      payload: { pre_checkout_query_id: `pcq-${lastUpdateId()}`, ok: true },
    });

    calls.length = 0;
    const charge = newCharge();
    // The same update three times at once: one credit, one payment.
    await Promise.all([1, 2, 3].map(() => bot.handleUpdate(paid(ada.tg, payload, 6500, charge))));
    expect((await ordersOf(t, ada.id)).map((o) => o.status)).toEqual([
      ORDER_STATUS.waitingDelivery,
      ORDER_STATUS.waitingDelivery,
    ]);
    const money = await moneyOf(t, ada.id);
    expect(money).toMatchObject({ balance: 1000, frozen: 0, ledgerBalance: 1000 });
    const entries = await t.database.db
      .select({ type: ledgerEntries.type, change: ledgerEntries.balanceChange })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, ada.id))
      .orderBy(ledgerEntries.id);
    expect(entries).toEqual([
      { type: 'adjustment', change: 1000 },
      { type: 'card_topup', change: 6500 },
      { type: 'payment', change: -6500 },
    ]);
    // The payer is told once, with a button to the orders.
    expect(calls.filter((c) => c.method === 'sendMessage')).toHaveLength(1);
    const told = calls.find((c) => c.method === 'sendMessage')!;
    expect(told.payload.text).toBe(
      translate('en-US', 'wallet.bot.ordersPaid', { amount: '$65.00', balance: '$10.00' }),
    );
    expect(JSON.stringify(told.payload.reply_markup)).toContain(translate('en-US', 'wallet.bot.openOrders'));

    const answer = await settlementOf(ada, invoice.data.id);
    expect(answer.data.settlement).toEqual({
      outcome: 'paid',
      outTradeNo: made.outTradeNo,
      orderIds: made.orderIds,
      paid: '65.00',
      balance: '10.00',
    } satisfies PayAnswer & { outcome: 'paid' });
    const kinds = await t.database.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.userId, ada.id), eq(notifications.refType, 'recharge')));
    expect(kinds).toEqual([{ kind: 'wallet.notify.cardPaidOrders' }]);

    // Paid already: the password payment and another invoice say so, and move nothing.
    const byPassword = await t.endpoint('checkout.payGroup', {
      body: { out_trade_no: made.outTradeNo, password_pay: PAY },
      token: ada.token,
    });
    expect(byPassword).toMatchObject({ code: 0, error: 'checkout.alreadyPaid' });
    expect(await payCard(ada, { out_trade_no: made.outTradeNo })).toMatchObject({
      code: 0,
      error: 'checkout.alreadyPaid',
    });
    expect(await moneyOf(t, ada.id)).toEqual(money);
  });

  it('orders no longer due at the pre-checkout: Telegram is told no and charges nothing', async () => {
    const ada = await payer(6500);
    const made = await checkout(ada);
    const invoice = await payCard(ada, { out_trade_no: made.outTradeNo });
    // Paid from the balance meanwhile (the shopper was credited and used the keypad).
    await t.endpoint('checkout.payGroup', {
      body: { out_trade_no: made.outTradeNo, password_pay: PAY },
      token: ada.token,
    });
    const bob = await payer();
    const other = await checkout(bob);
    const half = await payCard(bob, { out_trade_no: other.outTradeNo });
    // One of the two orders cancelled after the invoice: the amount no longer matches what is due.
    await t.database.db.transaction((tx) =>
      moveOrders(tx, {
        orderIds: [other.orderIds[1]],
        from: ORDER_STATUS.waitingPay,
        to: ORDER_STATUS.cancelled,
        actor: 'shopper',
        userId: bob.id,
      }),
    );
    const { bot, calls } = paymentBot();
    await bot.handleUpdate(preCheckout(ada.tg, `recharge:${invoice.data.id}`, 6500));
    await bot.handleUpdate(preCheckout(bob.tg, `recharge:${half.data.id}`, 6500));
    expect(calls.map((c) => c.payload)).toEqual([
      expect.objectContaining({ ok: false, error_message: translate('en-US', 'checkout.alreadyPaid') }),
      expect.objectContaining({ ok: false, error_message: translate('en-US', 'checkout.cardOrdersChanged') }),
    ]);
  });

  it('orders that expired between the pre-checkout and the payment: the money stays on the balance and the shopper is told why', async () => {
    const ada = await payer();
    const made = await checkout(ada);
    const invoice = await payCard(ada, { out_trade_no: made.outTradeNo });
    const payload = `recharge:${invoice.data.id}`;
    const { bot, calls } = paymentBot();
    await bot.handleUpdate(preCheckout(ada.tg, payload, 6500));
    expect(calls[0].payload).toMatchObject({ ok: true });
    await t.database.db
      .update(orders)
      .set({ payBefore: new Date(Date.now() - 1000) })
      .where(inArray(orders.id, made.orderIds));

    calls.length = 0;
    await bot.handleUpdate(paid(ada.tg, payload, 6500, newCharge(), { lang: 'de' }));
    expect((await ordersOf(t, ada.id)).map((o) => o.status)).toEqual([
      ORDER_STATUS.waitingPay,
      ORDER_STATUS.waitingPay,
    ]);
    expect(await moneyOf(t, ada.id)).toMatchObject({ balance: 6500, ledgerBalance: 6500 });
    expect(calls.find((c) => c.method === 'sendMessage')?.payload.text).toBe(
      translate('de-DE', 'wallet.bot.ordersToBalance', {
        amount: formatMoney('65.00', 'de-DE'),
        balance: formatMoney('65.00', 'de-DE'),
        reason: translate('de-DE', 'checkout.orderExpired'),
      }),
    );
    const answer = await settlementOf(ada, invoice.data.id, 'ja-JP');
    expect(answer.data.settlement).toEqual({
      outcome: 'balance',
      reason: translate('ja-JP', 'checkout.orderExpired'),
      balance: '65.00',
    });
    // Another shopper asking about it finds nothing.
    const bob = await payer();
    expect(await settlementOf(bob, invoice.data.id)).toMatchObject({ code: 0, error: 'errors.notFound' });
  });
});
