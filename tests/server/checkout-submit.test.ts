import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SubmitAnswer } from '../../common/schemas/order';
import { orderEvents, orderItems, orders, promoCodes, promoUses } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { createPromo } from '../../server/modules/checkout/promo';
import { newOrderSn, newOutTradeNo } from '../../server/modules/checkout/trade-numbers';
import {
  addAddress,
  cartLampsAndShirt,
  cartOf,
  checkoutApp,
  expectRefused,
  footprint,
  lampAndShirt,
  makeProduct,
  makeShop,
  newKey,
  ordersOf,
  putInCart,
  shopper,
  stockOf,
  type Shopper,
} from './checkout-fixture';
import { useApp } from '../support/use-app';

const t = useApp(() => checkoutApp());
let lamp: number;
let shirt: { id: number; specIds: number[] };
let homeShop: number;

beforeAll(async () => {
  ({ homeShop, lamp, shirt } = await lampAndShirt(t, { lamp: 50, red: 30, blue: 20 }));
});

const submit = (s: Shopper, body: object, opts: { key?: string | null; lang?: string } = {}) =>
  t.endpoint<SubmitAnswer>('checkout.submit', { body, token: s.token, ...opts });

async function withCart(): Promise<Shopper & { lampLine: number; shirtLine: number }> {
  const s = await shopper(t, { balance: 10_000 });
  return { ...s, ...(await cartLampsAndShirt(t, s.id, { lamp, shirt })) };
}

describe('merSubmit: one order per shop under one out_trade_no', () => {
  it('makes the orders with their items, takes the stock, empties the bought lines, records the first event', async () => {
    const s = await withCart();
    const keep = await putInCart(t, s.id, shirt.id, 1, { specId: shirt.specIds[1], selected: false });
    const stock = [
      await stockOf(t, lamp),
      await stockOf(t, shirt.id),
      await stockOf(t, shirt.id, shirt.specIds[0]),
    ];
    const res = await submit(s, { remark: '  leave at the door  ' }, { lang: 'de-DE' });
    expect(res).toMatchObject({ code: 1, msg: translate('de-DE', 'checkout.submitted') });
    const { outTradeNo, orderIds, total, payBefore } = res.data;
    expect(outTradeNo).toMatch(/^[A-Z0-9]{8,40}$/);
    expect(orderIds).toHaveLength(2);
    // $25.00 + $5.00 freight, $30.00 + $5.00 freight.
    expect(total).toBe('65.00');
    const minutes = (Date.parse(payBefore) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);

    const made = await ordersOf(t, s.id);
    expect(made.map((o) => o.id)).toEqual([...orderIds].sort((a, b) => a - b));
    expect(new Set(made.map((o) => o.outTradeNo))).toEqual(new Set([outTradeNo]));
    expect(new Set(made.map((o) => o.orderSn)).size).toBe(2);
    // The answer's time is the orders' own, to the millisecond, in UTC (the statement writes it).
    for (const o of made) expect(o.payBefore.toISOString()).toBe(payBefore);
    for (const o of made) {
      expect(o).toMatchObject({ status: 0, remark: 'leave at the door', promoCode: null, discount: 0 });
      expect(o.orderSn).toMatch(/^[A-Z0-9]{20}$/);
      expect(o.address).toEqual({
        addressee: 'Ada Lovelace',
        mobile: '+49 30 1234567',
        country: 'DE',
        region: 'BE',
        detail: 'Unter den Linden 1',
        tag: 'home',
      });
    }
    const home = made.find((o) => o.shopId === homeShop)!;
    expect(home).toMatchObject({ goodsAmount: 2500, freight: 500, total: 3000 });

    const items = await t.database.db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds));
    expect(items.map((i) => ({ ...i, id: 0, createdAt: null, orderId: 0 }))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          productId: lamp,
          specId: 0,
          title: 'Schreibtischlampe',
          specOptions: {},
          price: 1250,
          num: 2,
        }),
        expect.objectContaining({
          productId: shirt.id,
          specId: shirt.specIds[0],
          title: 'Shirt',
          specOptions: { colour: 'red', size: 'M' },
          image: '/uploads/a.webp',
          price: 3000,
          num: 1,
        }),
      ]),
    );

    expect([
      await stockOf(t, lamp),
      await stockOf(t, shirt.id),
      await stockOf(t, shirt.id, shirt.specIds[0]),
    ]).toEqual([stock[0] - 2, stock[1] - 1, stock[2] - 1]);
    expect((await cartOf(t, s.id)).map((l) => l.id)).toEqual([keep]);

    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, orderIds));
    expect(events).toHaveLength(2);
    for (const e of events) expect(e).toMatchObject({ fromStatus: null, toStatus: 0, actor: 'shopper' });
  });

  it('the snapshot keeps what was bought: a later price or title change does not touch the order', async () => {
    const s = await shopper(t);
    const p = await makeProduct(t, { shopId: homeShop, price: 999, title: 'Mug' });
    const res = await submit(s, { product_id: p.id, number: 3 });
    await t.database.db.execute(sql`update products set price = 1, title = 'Cup' where id = ${p.id}`);
    const [item] = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, res.data.orderIds[0]));
    expect(item).toMatchObject({ title: 'Mug', price: 999, num: 3 });
  });

  it('buy now leaves the cart as it is', async () => {
    const s = await withCart();
    const cart = await cartOf(t, s.id);
    const res = await submit(s, { product_id: lamp, number: 1 });
    expect(res.code).toBe(1);
    expect(res.data.orderIds).toHaveLength(1);
    expect(await cartOf(t, s.id)).toEqual(cart);
  });

  it('cart_ids buy only those lines', async () => {
    const s = await withCart();
    const res = await submit(s, { cart_ids: [s.shirtLine] });
    expect(res.data.orderIds).toHaveLength(1);
    expect((await cartOf(t, s.id)).map((l) => l.id)).toEqual([s.lampLine]);
  });

  it('order numbers are unique and unguessable: a thousand differ', async () => {
    const sns = new Set(Array.from({ length: 1000 }, () => newOrderSn()));
    const trades = new Set(Array.from({ length: 1000 }, () => newOutTradeNo()));
    expect([sns.size, trades.size]).toEqual([1000, 1000]);
  });
});

describe('merSubmit: the Idempotency-Key', () => {
  it('is required: without it nothing is made', async () => {
    const s = await withCart();
    const before = await footprint(t);
    const res = await submit(s, {}, { key: null });
    expectRefused(res, 'errors.idempotencyKey');
    expect(await footprint(t)).toEqual(before);
  });

  it('the same key answers the first result again and makes nothing more', async () => {
    const s = await withCart();
    const key = newKey();
    const first = await submit(s, {}, { key });
    const stock = await stockOf(t, lamp);
    await putInCart(t, s.id, lamp, 5);
    const again = await submit(s, {}, { key });
    expect(again).toEqual(first);
    expect(await ordersOf(t, s.id)).toHaveLength(2);
    expect(await stockOf(t, lamp)).toBe(stock);
  });

  it('the same key with another request is refused (422) and makes nothing', async () => {
    const s = await withCart();
    const key = newKey();
    expect((await submit(s, {}, { key })).code).toBe(1);
    await putInCart(t, s.id, lamp, 1);
    const before = await footprint(t);
    const other = await submit(s, { remark: 'Leave it at the door' }, { key, lang: 'ru-RU' });
    expect(other).toEqual({
      status: 422,
      code: 0,
      error: 'errors.idempotencyKeyReused',
      msg: translate('ru-RU', 'errors.idempotencyKeyReused'),
      data: null,
    });
    expect(await footprint(t)).toEqual(before);
  });

  it('a refused submit leaves the key free for the retry', async () => {
    const s = await shopper(t, { address: false });
    await putInCart(t, s.id, lamp, 1);
    const key = newKey();
    expectRefused(await submit(s, {}, { key }), 'checkout.addressRequired');
    await addAddress(t, s.id, { isDefault: true });
    expect((await submit(s, {}, { key })).code).toBe(1);
  });
});

describe('merSubmit: promo codes', () => {
  it('the discount is split over the shop orders in proportion to their goods, and the use is counted', async () => {
    await createPromo(t.database.db, { code: 'SPLIT', kind: 'amount', value: 1000 });
    const s = await withCart();
    const res = await submit(s, { promo_code: 'split' });
    expect(res.data.total).toBe('55.00');
    const made = await ordersOf(t, s.id);
    // $25.00 and $30.00 share $10.00: 454.55 and 545.45 cents; the odd cent to the larger remainder.
    expect(made.map((o) => [o.goodsAmount, o.discount, o.total]).sort()).toEqual(
      [
        [2500, 455, 2545],
        [3000, 545, 2955],
      ].sort(),
    );
    expect(made.every((o) => o.promoCode === 'SPLIT')).toBe(true);
    const [promo] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'SPLIT'));
    expect(promo.usedCount).toBe(1);
    const uses = await t.database.db.select().from(promoUses).where(eq(promoUses.promoId, promo.id));
    expect(uses).toEqual([expect.objectContaining({ userId: s.id, outTradeNo: res.data.outTradeNo })]);
  });

  it('a code that does not apply refuses the submit with its reason, and nothing is made', async () => {
    await createPromo(t.database.db, { code: 'MIN100', kind: 'amount', value: 100, minSpend: 10_000 });
    const s = await withCart();
    const before = await footprint(t);
    const res = await submit(s, { promo_code: 'MIN100' });
    expect(res).toMatchObject({ code: 0, error: 'checkout.promoMinSpend' });
    expect(res.msg).toContain('$45.00');
    expectRefused(await submit(s, { promo_code: 'NOSUCH' }), 'checkout.promoUnknown', { code: 'NOSUCH' });
    expect(await footprint(t)).toEqual(before);
  });

  it('the total limit holds: the code is used up after its last use', async () => {
    await createPromo(t.database.db, { code: 'TWO', kind: 'percent', value: 500, totalLimit: 2 });
    for (let i = 0; i < 2; i++) expect((await submit(await withCart(), { promo_code: 'TWO' })).code).toBe(1);
    expectRefused(await submit(await withCart(), { promo_code: 'TWO' }), 'checkout.promoUsedUp', {
      code: 'TWO',
    });
  });

  it('the per-shopper limit holds, also for five submits at once', async () => {
    await createPromo(t.database.db, { code: 'MINE1', kind: 'amount', value: 100, perUserLimit: 1 });
    const s = await withCart();
    await putInCart(t, s.id, lamp, 1);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => submit(s, { product_id: lamp, promo_code: 'MINE1' })),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 1))
      expectRefused(a, 'checkout.promoUserLimit', { code: 'MINE1', limit: 1 });
    const [promo] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'MINE1'));
    expect(promo.usedCount).toBe(1);
  });
});

describe('merSubmit: refused, with a clear message and nothing made', () => {
  async function expectNothingMade(
    s: Shopper,
    body: object,
    key: string,
    params: Record<string, string | number> = {},
  ) {
    const before = await footprint(t);
    const cart = await cartOf(t, s.id);
    expectRefused(await submit(s, body), key, params);
    expect(await footprint(t)).toEqual(before);
    expect(await cartOf(t, s.id)).toEqual(cart);
  }

  it('without a session: 401', async () => {
    const res = await t.endpoint('checkout.submit', { body: {} });
    expect(res).toMatchObject({ code: 401, error: 'errors.loginFirst' });
  });

  it('without an address: "Choose a shipping address"', async () => {
    const s = await shopper(t, { address: false });
    await putInCart(t, s.id, lamp, 1);
    await expectNothingMade(s, {}, 'checkout.addressRequired');
    expect(translate('en-US', 'checkout.addressRequired')).toBe('Choose a shipping address');
  });

  it("another shopper's address looks absent", async () => {
    const other = await shopper(t);
    const [address] = await t.database.db.query.addresses.findMany({ where: (a) => eq(a.userId, other.id) });
    await expectNothingMade(await withCart(), { address_id: address.id }, 'checkout.addressNotFound');
  });

  it('nothing selected', async () => {
    await expectNothingMade(await shopper(t), {}, 'checkout.nothingSelected');
  });

  it('a remark over 200 characters', async () => {
    await expectNothingMade(await withCart(), { remark: 'x'.repeat(201) }, 'checkout.remarkTooLong');
  });

  it('not enough stock for one line rolls the whole checkout back, naming the product', async () => {
    const s = await withCart();
    const scarce = await makeProduct(t, { shopId: homeShop, title: 'Scarce', stock: 3 });
    await putInCart(t, s.id, scarce.id, 3);
    // Someone else buys one first.
    expect((await submit(await shopper(t), { product_id: scarce.id, number: 1 })).code).toBe(1);
    const lampStock = await stockOf(t, lamp);
    await expectNothingMade(s, {}, 'checkout.stockShort', { title: 'Scarce', stock: 2 });
    expect(await stockOf(t, lamp)).toBe(lampStock);
  });

  it('a product taken off sale after it went into the cart', async () => {
    const s = await shopper(t);
    const p = await makeProduct(t, { shopId: homeShop, title: 'Fading' });
    const line = await putInCart(t, s.id, p.id, 1);
    await t.database.db.execute(sql`update products set on_sale = false where id = ${p.id}`);
    await expectNothingMade(s, { cart_ids: [line] }, 'checkout.offSale', { title: 'Fading' });
  });

  it('a spec that is gone', async () => {
    const s = await shopper(t);
    const p = await makeProduct(t, {
      shopId: homeShop,
      title: 'Cap',
      specs: [{ options: { size: 'S' }, price: 100, stock: 5 }],
    });
    const line = await putInCart(t, s.id, p.id, 1, { specId: p.specIds[0] });
    await t.database.db.execute(sql`delete from product_specs where id = ${p.specIds[0]}`);
    await expectNothingMade(s, { cart_ids: [line] }, 'checkout.specMissing', { title: 'Cap' });
  });

  it('a bad quantity, an unknown product or spec, a spec of another product', async () => {
    const s = await shopper(t);
    for (const number of [0, -1, 1e9, 'abc']) {
      const res = await submit(s, { product_id: lamp, number });
      expect(res.code).toBe(0);
    }
    await expectNothingMade(s, { product_id: 2_000_000_000 }, 'errors.productNotFound');
    await expectNothingMade(s, { product_id: shirt.id, spec_id: 2_000_000_000 }, 'checkout.specNotFound');
    await expectNothingMade(s, { product_id: lamp, spec_id: shirt.specIds[0] }, 'checkout.specNotFound');
  });
});

describe('merSubmit: rate limit per shopper', () => {
  it('beyond ORDER_RATE checkouts in 10 minutes: 429 with the translated message', async () => {
    const limited = await checkoutApp({ ORDER_RATE: 2 });
    try {
      const p = await makeProduct(limited, { shopId: await makeShop(limited) });
      const s = await shopper(limited);
      const other = await shopper(limited);
      const go = (who: Shopper) =>
        limited.endpoint('checkout.submit', { body: { product_id: p.id }, token: who.token, lang: 'tr-TR' });
      expect((await go(s)).code).toBe(1);
      expect((await go(s)).code).toBe(1);
      const third = await go(s);
      expect(third).toMatchObject({
        status: 429,
        code: 0,
        error: 'checkout.tooManyOrders',
        msg: translate('tr-TR', 'checkout.tooManyOrders', { minutes: 10 }),
      });
      expect(await ordersOf(limited, s.id)).toHaveLength(2);
      // Another shopper has a window of their own.
      expect((await go(other)).code).toBe(1);
    } finally {
      await limited.close();
    }
  });

  it('a checkout over the rate that also names no product leaves the count as it was', async () => {
    const limited = await checkoutApp({ ORDER_RATE: 1 });
    try {
      const p = await makeProduct(limited, { shopId: await makeShop(limited) });
      const s = await shopper(limited);
      const buy = (productId: number) =>
        limited.endpoint('checkout.submit', { body: { product_id: productId }, token: s.token });
      expect((await buy(p.id)).code).toBe(1);
      // Over the rate and an unknown product at once: refused, and nothing of it stays (no part of
      // the checkout runs on after its transaction has ended).
      expect(await buy(2_000_000_000)).toMatchObject({ code: 0 });
      expect(await buy(p.id)).toMatchObject({ status: 429, error: 'checkout.tooManyOrders' });
      expect(await ordersOf(limited, s.id)).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });

  it('a checkout that fails is not counted: it is counted in its own transaction', async () => {
    const limited = await checkoutApp({ ORDER_RATE: 2 });
    try {
      const shop = await makeShop(limited);
      const gone = await makeProduct(limited, { shopId: shop, stock: 0 });
      const p = await makeProduct(limited, { shopId: shop });
      const s = await shopper(limited);
      const buy = (productId: number) =>
        limited.endpoint('checkout.submit', { body: { product_id: productId }, token: s.token });
      for (let i = 0; i < 3; i++)
        expect(await buy(gone.id)).toMatchObject({ code: 0, error: 'checkout.soldOut' });
      expect((await buy(p.id)).code).toBe(1);
      expect((await buy(p.id)).code).toBe(1);
      expect(await buy(p.id)).toMatchObject({ status: 429, error: 'checkout.tooManyOrders' });
      expect(await ordersOf(limited, s.id)).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});

describe('merSubmit: the database agrees', () => {
  it('every order total is goods + freight - discount', async () => {
    const [bad] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.total} <> ${orders.goodsAmount} + ${orders.freight} - ${orders.discount}`);
    expect(bad.n).toBe(0);
  });
});
