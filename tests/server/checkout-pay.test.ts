import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PayAnswer, SubmitAnswer } from '../../common/schemas/order';
import {
  ledgerEntries,
  notifications,
  orderEvents,
  orders,
  products,
  shops,
  users,
} from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { countSales } from '../../server/modules/catalog';
import { setFreightRule } from '../../server/modules/checkout/freight';
import { createPromo } from '../../server/modules/checkout/promo';
import { moveOrders } from '../../server/modules/orders/transition';
import {
  cartLampsAndShirt,
  checkoutApp,
  expectRefused,
  footprint,
  lampAndShirt,
  makeProduct,
  moneyOf,
  newKey,
  ordersOf,
  PAY,
  shopper,
  type Shopper,
} from './checkout-fixture';
import { useApp } from '../support/use-app';

const t = useApp(() => checkoutApp());
let lamp: number;
let shirt: { id: number; specIds: number[] };
let homeShop: number;
let wearShop: number;

beforeAll(async () => {
  ({ homeShop, wearShop, lamp, shirt } = await lampAndShirt(t, { lamp: 500, red: 300, blue: 200 }));
});

/** A checkout of two lamps (Home Store) and a shirt (Wear Store): two orders, $30.00 and $35.00. */
async function checkout(s: Shopper): Promise<SubmitAnswer> {
  await cartLampsAndShirt(t, s.id, { lamp, shirt });
  const res = await t.endpoint<SubmitAnswer>('checkout.submit', { body: {}, token: s.token });
  expect(res.code).toBe(1);
  return res.data;
}

type PayOptions = { password?: unknown; key?: string | null; lang?: string };
/** A payment call with the shopper's payment password PAY, unless `opts.password` says otherwise. */
const pay = (name: 'checkout.payGroup' | 'checkout.payOrder', body: object, s: Shopper, opts: PayOptions) =>
  t.endpoint<PayAnswer>(name, {
    body: { ...body, password_pay: 'password' in opts ? opts.password : PAY },
    token: s.token,
    key: opts.key,
    lang: opts.lang,
  });
const payGroup = (s: Shopper, outTradeNo: string, opts: PayOptions = {}) =>
  pay('checkout.payGroup', { out_trade_no: outTradeNo }, s, opts);
const payOrder = (s: Shopper, orderId: number, opts: PayOptions = {}) =>
  pay('checkout.payOrder', { order_id: orderId }, s, opts);

const salesOf = async () => {
  const [row] = await t.database.db
    .select({
      lamp: sql<number>`(select sales from ${products} where id = ${lamp})`,
      shirt: sql<number>`(select sales from ${products} where id = ${shirt.id})`,
      home: sql<number>`(select total_sales from ${shops} where id = ${homeShop})`,
      wear: sql<number>`(select total_sales from ${shops} where id = ${wearShop})`,
    })
    .from(sql`(select 1) as one`);
  return row;
};

async function payFailCount(userId: number): Promise<number> {
  const [row] = await t.database.db.select({ n: users.payFailCount }).from(users).where(eq(users.id, userId));
  return row.n;
}

describe('merPay: every order of a checkout in one payment', () => {
  it('debits the total through the ledger, moves the orders to waiting delivery, counts the sales', async () => {
    const s = await shopper(t, { balance: 10_000 });
    const group = await checkout(s);
    const sales = await salesOf();
    const res = await payGroup(s, group.outTradeNo, { lang: 'zh-CN' });
    expect(res).toMatchObject({ code: 1, msg: translate('zh-CN', 'checkout.paid') });
    expect(res.data).toEqual({
      outTradeNo: group.outTradeNo,
      orderIds: [...group.orderIds].sort((a, b) => a - b),
      paid: '65.00',
      balance: '35.00',
    });

    const made = await ordersOf(t, s.id);
    expect(made.map((o) => o.status)).toEqual([1, 1]);
    expect(made.every((o) => o.paidAt instanceof Date)).toBe(true);
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, s.id));
    expect(entries.find((e) => e.type === 'payment')).toMatchObject({
      balanceChange: -6500,
      balanceAfter: 3500,
      refType: 'order_group',
      refId: group.outTradeNo,
      uniqueKey: `pay:${group.outTradeNo}`,
    });
    const money = await moneyOf(t, s.id);
    expect(money).toMatchObject({ balance: 3500, frozen: 0, ledgerBalance: 3500, ledgerFrozen: 0 });

    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, group.orderIds));
    expect(events.filter((e) => e.fromStatus === 0)).toHaveLength(2);
    for (const e of events.filter((x) => x.fromStatus === 0))
      expect(e).toMatchObject({ toStatus: 1, actor: 'shopper' });
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, s.id));
    expect(notes.map((n) => n.params)).toEqual(
      expect.arrayContaining(made.map((o) => ({ sn: o.orderSn, status: 1, from: 0 }))),
    );
    // The payment queued its orders; the sales job counts them, once.
    expect(await salesOf()).toEqual(sales);
    expect(await countSales(t.database.db)).toBe(2);
    const counted = {
      lamp: sales.lamp + 2,
      shirt: sales.shirt + 1,
      home: sales.home + 2,
      wear: sales.wear + 1,
    };
    expect(await salesOf()).toEqual(counted);
    expect(await countSales(t.database.db)).toBe(0);
    expect(await salesOf()).toEqual(counted);
  });

  it('counts every paid order once when the sales job runs in several processes at once', async () => {
    while ((await countSales(t.database.db)) > 0);
    const sales = await salesOf();
    const paid = [];
    for (let i = 0; i < 3; i++) {
      const s = await shopper(t, { balance: 10_000 });
      const group = await checkout(s);
      expect((await payGroup(s, group.outTradeNo)).code).toBe(1);
      paid.push(group);
    }
    // Each run counts at most one order: the runs overlap, and each order is counted by one of them.
    const runs = await Promise.all(Array.from({ length: 6 }, () => countSales(t.database.db, 1)));
    let left = 6 - runs.reduce((a, n) => a + n, 0);
    while ((await countSales(t.database.db, 1)) > 0) left -= 1;
    expect(left).toBe(0);
    expect(await salesOf()).toEqual({
      lamp: sales.lamp + 6,
      shirt: sales.shirt + 3,
      home: sales.home + 6,
      wear: sales.wear + 3,
    });
  });

  it('the catalogue shows the new stock after a checkout and the new sales after its payment', async () => {
    const s = await shopper(t, { balance: 10_000 });
    const p = await makeProduct(t, { shopId: homeShop, price: 500, stock: 9 });
    const detail = async () =>
      (
        await t.endpoint<{ product: { stock: number; sales: number } }>('catalog.productDetail', {
          query: { product_id: String(p.id) },
        })
      ).data.product;
    expect(await detail()).toMatchObject({ stock: 9, sales: 0 });
    const made = await t.endpoint<SubmitAnswer>('checkout.submit', {
      body: { product_id: p.id, number: 2 },
      token: s.token,
    });
    expect(await detail()).toMatchObject({ stock: 7, sales: 0 });
    expect((await payGroup(s, made.data.outTradeNo)).code).toBe(1);
    // Sales follow once the job has counted the payment.
    await countSales(t.database.db);
    expect(await detail()).toMatchObject({ stock: 7, sales: 2 });
  });

  it('paying one order of a checkout pays just that one; paying the checkout later pays the rest', async () => {
    const s = await shopper(t, { balance: 10_000 });
    const group = await checkout(s);
    const made = await ordersOf(t, s.id);
    const first = made.find((o) => o.shopId === homeShop)!;
    const second = made.find((o) => o.shopId === wearShop)!;
    const one = await payOrder(s, first.id);
    expect(one.data).toEqual({
      outTradeNo: group.outTradeNo,
      orderIds: [first.id],
      paid: '30.00',
      balance: '70.00',
    });
    expect((await ordersOf(t, s.id)).map((o) => [o.id, o.status])).toEqual(
      expect.arrayContaining([
        [first.id, 1],
        [second.id, 0],
      ]),
    );
    const rest = await payGroup(s, group.outTradeNo);
    expect(rest.data).toEqual({
      outTradeNo: group.outTradeNo,
      orderIds: [second.id],
      paid: '35.00',
      balance: '35.00',
    });
    const keys = (
      await t.database.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, s.id))
        .orderBy(ledgerEntries.id)
    )
      .filter((e) => e.type === 'payment')
      .map((e) => [e.uniqueKey, e.refType, e.refId]);
    expect(keys).toEqual([
      [`pay:order:${first.id}`, 'order', String(first.id)],
      [`pay:${group.outTradeNo}`, 'order_group', group.outTradeNo],
    ]);
    expectRefused(await payGroup(s, group.outTradeNo), 'checkout.alreadyPaid');
    expectRefused(await payOrder(s, first.id), 'checkout.alreadyPaid');
  });

  it('an order whose goods were all discounted away and ships free is paid without a ledger entry', async () => {
    await createPromo(t.database.db, { code: 'FREE', kind: 'percent', value: 10_000 });
    await setFreightRule(t.database.db, { fee: 500, freeAbove: 0 });
    try {
      const s = await shopper(t);
      const made = await t.endpoint<SubmitAnswer>('checkout.submit', {
        body: { product_id: lamp, promo_code: 'FREE' },
        token: s.token,
      });
      expect(made.data.total).toBe('0.00');
      const res = await payGroup(s, made.data.outTradeNo);
      expect(res.data).toMatchObject({ paid: '0.00', balance: '0.00' });
      expect((await moneyOf(t, s.id)).entries).toBe(0);
      expect((await ordersOf(t, s.id))[0].status).toBe(1);
    } finally {
      await setFreightRule(t.database.db, { fee: 500, freeAbove: 4900 });
    }
  });
});

describe('payment: the password is checked in the same transaction as the debit', () => {
  it('a wrong password counts its try and pays nothing; the same key then pays with the right one', async () => {
    const s = await shopper(t, { balance: 10_000 });
    const group = await checkout(s);
    const before = await footprint(t);
    const key = newKey();
    const wrong = await payGroup(s, group.outTradeNo, { password: '000000', key, lang: 'ko-KR' });
    expectRefused(wrong, 'errors.payPasswordWrong', { left: 4 }, 'ko-KR');
    expect(await payFailCount(s.id)).toBe(1);
    expect(await footprint(t)).toEqual(before);
    expect((await ordersOf(t, s.id)).map((o) => o.status)).toEqual([0, 0]);
    const right = await payGroup(s, group.outTradeNo, { key });
    expect(right.code).toBe(1);
    expect(await payFailCount(s.id)).toBe(0);
  });

  it('five wrong passwords lock payment; while locked the right password pays nothing', async () => {
    const s = await shopper(t, { balance: 10_000 });
    const group = await checkout(s);
    const [order] = await ordersOf(t, s.id);
    for (let i = 0; i < 4; i++)
      expect((await payOrder(s, order.id, { password: '000000' })).error).toBe('errors.payPasswordWrong');
    expectRefused(await payGroup(s, group.outTradeNo, { password: '000000' }), 'errors.payLocked', {
      minutes: 15,
    });
    expectRefused(await payGroup(s, group.outTradeNo), 'errors.payLocked', { minutes: 15 });
    expect((await moneyOf(t, s.id)).balance).toBe(10_000);
    expect((await ordersOf(t, s.id)).map((o) => o.status)).toEqual([0, 0]);
  });

  it('without a payment password: "Payment password not set", nothing paid', async () => {
    const s = await shopper(t, { balance: 10_000, payPassword: false });
    const group = await checkout(s);
    expectRefused(
      await payGroup(s, group.outTradeNo, { lang: 'th-TH' }),
      'errors.payPasswordNotSet',
      {},
      'th-TH',
    );
    expect((await moneyOf(t, s.id)).balance).toBe(10_000);
  });

  it("verify_pay's answer proves nothing: payment still needs the password", async () => {
    const s = await shopper(t, { balance: 10_000 });
    const group = await checkout(s);
    expect((await t.endpoint('user.verifyPay', { token: s.token, body: { password_pay: PAY } })).code).toBe(
      1,
    );
    for (const password of [undefined, '']) {
      const res = await payGroup(s, group.outTradeNo, { password });
      expectRefused(res, 'errors.payPasswordRequired');
    }
    expect((await moneyOf(t, s.id)).balance).toBe(10_000);
  });
});

describe('payment: refused, with a clear message and nothing paid', () => {
  it('not enough balance: the shortfall, and nothing paid (the right password still clears earlier tries)', async () => {
    const s = await shopper(t, { balance: 5_000 });
    const group = await checkout(s);
    expect((await payGroup(s, group.outTradeNo, { password: '000000' })).error).toBe(
      'errors.payPasswordWrong',
    );
    const before = await footprint(t);
    const res = await payGroup(s, group.outTradeNo, { lang: 'de-DE' });
    expectRefused(res, 'errors.balanceShort', { shortfall: '15.00' }, 'de-DE');
    expect(await footprint(t)).toEqual(before);
    expect(await payFailCount(s.id)).toBe(0);
    expect((await ordersOf(t, s.id)).map((o) => o.status)).toEqual([0, 0]);
    // One order fits.
    const lamps = (await ordersOf(t, s.id)).find((o) => o.shopId === homeShop)!;
    expect((await payOrder(s, lamps.id)).data).toMatchObject({ paid: '30.00', balance: '20.00' });
  });

  it('a cancelled order, and a checkout whose orders are all cancelled', async () => {
    const s = await shopper(t, { balance: 10_000 });
    const group = await checkout(s);
    await t.database.db.transaction((tx) =>
      moveOrders(tx, { orderIds: group.orderIds, from: 0, to: -1, actor: 'shopper', userId: s.id }),
    );
    expectRefused(await payOrder(s, group.orderIds[0]), 'checkout.orderCancelled');
    expectRefused(await payGroup(s, group.outTradeNo), 'checkout.orderCancelled');
    expect((await moneyOf(t, s.id)).balance).toBe(10_000);
  });

  it('an order past its time to pay', async () => {
    const s = await shopper(t, { balance: 10_000 });
    const group = await checkout(s);
    await t.database.db
      .update(orders)
      .set({ payBefore: sql`now() - interval '1 second'` })
      .where(inArray(orders.id, group.orderIds));
    expectRefused(await payGroup(s, group.outTradeNo), 'checkout.orderExpired');
    expect((await moneyOf(t, s.id)).balance).toBe(10_000);
  });

  it("another shopper's order or checkout looks exactly like one that does not exist", async () => {
    const owner = await shopper(t, { balance: 10_000 });
    const group = await checkout(owner);
    const thief = await shopper(t, { balance: 10_000 });
    const byOrder = await payOrder(thief, group.orderIds[0]);
    expectRefused(byOrder, 'checkout.orderNotFound');
    expect(await payOrder(thief, 2_000_000_000)).toEqual(byOrder);
    const byGroup = await payGroup(thief, group.outTradeNo);
    expectRefused(byGroup, 'checkout.orderNotFound');
    expect(await payGroup(thief, 'ZZZZZZZZZZZZZZZZZZZZ')).toEqual(byGroup);
    expect((await moneyOf(t, owner.id)).balance).toBe(10_000);
    expect((await moneyOf(t, thief.id)).balance).toBe(10_000);
    expect((await ordersOf(t, owner.id)).map((o) => o.status)).toEqual([0, 0]);
  });

  it('a malformed out_trade_no or order id looks absent too', async () => {
    const s = await shopper(t, { balance: 10_000 });
    for (const out_trade_no of ['abc', 'lower-case-0001', 12345678, '']) {
      const res = await t.endpoint('checkout.payGroup', {
        body: { out_trade_no, password_pay: PAY },
        token: s.token,
      });
      expect(res).toMatchObject({ code: 0, error: 'errors.notFound' });
    }
    for (const order_id of [0, -1, 'x', 1e12]) {
      const res = await t.endpoint('checkout.payOrder', {
        body: { order_id, password_pay: PAY },
        token: s.token,
      });
      expect(res).toMatchObject({ code: 0, error: 'errors.notFound' });
    }
  });

  it('without a session: 401 on both', async () => {
    expect(
      await t.endpoint('checkout.payGroup', { body: { out_trade_no: 'ABCDEFGH', password_pay: PAY } }),
    ).toMatchObject({
      code: 401,
      error: 'errors.loginFirst',
    });
    expect(await t.endpoint('checkout.payOrder', { body: { order_id: 1, password_pay: PAY } })).toMatchObject(
      {
        code: 401,
        error: 'errors.loginFirst',
      },
    );
  });
});

describe('payment: the Idempotency-Key', () => {
  it('is required on both calls', async () => {
    const s = await shopper(t, { balance: 10_000 });
    const group = await checkout(s);
    expectRefused(await payGroup(s, group.outTradeNo, { key: null }), 'errors.idempotencyKey');
    expectRefused(await payOrder(s, group.orderIds[0], { key: null }), 'errors.idempotencyKey');
    expectRefused(await payOrder(s, group.orderIds[0], { key: 'short' }), 'errors.idempotencyKey');
    expect((await moneyOf(t, s.id)).balance).toBe(10_000);
    expect(await payFailCount(s.id)).toBe(0);
  });

  it('the same key answers the first payment again and moves no money', async () => {
    const s = await shopper(t, { balance: 10_000 });
    const group = await checkout(s);
    const key = newKey();
    const first = await payGroup(s, group.outTradeNo, { key });
    const again = await payGroup(s, group.outTradeNo, { key, password: '999999' });
    expect(again).toEqual(first);
    expect(await payFailCount(s.id)).toBe(0);
    const money = await moneyOf(t, s.id);
    expect(money).toMatchObject({ balance: 3500, ledgerBalance: 3500 });
    const payments = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, s.id), eq(ledgerEntries.type, 'payment')));
    expect(payments).toHaveLength(1);
  });

  it("another checkout or order paid with the first one's key is refused (422) and stays unpaid", async () => {
    const s = await shopper(t, { balance: 20_000 });
    const one = await checkout(s);
    const two = await checkout(s);
    const reusedAnswer = {
      status: 422,
      code: 0,
      error: 'errors.idempotencyKeyReused',
      msg: translate('de-DE', 'errors.idempotencyKeyReused'),
      data: null,
    };
    // A checkout's key, on another checkout.
    const groupKey = newKey();
    expect((await payGroup(s, one.outTradeNo, { key: groupKey })).code).toBe(1);
    let before = await moneyOf(t, s.id);
    expect(await payGroup(s, two.outTradeNo, { key: groupKey, lang: 'de-DE' })).toEqual(reusedAnswer);
    expect(await moneyOf(t, s.id)).toEqual(before);
    // An order's key, on another order.
    const orderKey = newKey();
    expect((await payOrder(s, two.orderIds[0], { key: orderKey })).code).toBe(1);
    before = await moneyOf(t, s.id);
    expect(await payOrder(s, two.orderIds[1], { key: orderKey, lang: 'de-DE' })).toEqual(reusedAnswer);
    expect(await moneyOf(t, s.id)).toEqual(before);
    const [left] = (await ordersOf(t, s.id)).filter((o) => o.id === two.orderIds[1]);
    expect(left.status).toBe(0);
    // With a key of its own it pays.
    expect((await payOrder(s, two.orderIds[1], { key: newKey() })).code).toBe(1);
  });
});
