import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PayAnswer, SubmitAnswer } from '../../common/schemas/order';
import { ledgerEntries, orderItems, orders, products } from '../../server/db/schema';
import { countSales } from '../../server/modules/catalog';
import {
  cartOf,
  checkoutApp,
  makeProduct,
  makeShop,
  moneyOf,
  newKey,
  ordersOf,
  PAY,
  putInCart,
  shopper,
  stockOf,
  type Shopper,
} from './checkout-fixture';
import { useApp } from '../support/use-app';

/** Races on stock and money, sent at once to one server (PGlite serialises them; PostgreSQL does not). */
const t = useApp(() => checkoutApp());
let shop: number;
beforeAll(async () => {
  shop = await makeShop(t, 'Race Store');
});

const submit = (s: Shopper, body: object, key?: string) =>
  t.endpoint<SubmitAnswer>('checkout.submit', { body, token: s.token, key });
const payGroup = (s: Shopper, outTradeNo: string, key?: string) =>
  t.endpoint<PayAnswer>('checkout.payGroup', {
    body: { out_trade_no: outTradeNo, password_pay: PAY },
    token: s.token,
    key,
  });

async function shoppers(n: number, balance = 0): Promise<Shopper[]> {
  const out: Shopper[] = [];
  for (let i = 0; i < n; i++) out.push(await shopper(t, { balance }));
  return out;
}

const unitsSold = async (productId: number) => {
  const [row] = await t.database.db
    .select({ n: sql<string>`coalesce(sum(${orderItems.num}), 0)` })
    .from(orderItems)
    .where(eq(orderItems.productId, productId));
  return Number(row.n);
};

describe('the last units: 50 shoppers check out the last 10 at once', () => {
  it('buying now: exactly 10 are sold, the stock ends at zero, the others are told it is sold out', async () => {
    const p = await makeProduct(t, { shopId: shop, title: 'Last Ten', stock: 10 });
    const buyers = await shoppers(50);
    const answers = await Promise.all(buyers.map((s) => submit(s, { product_id: p.id, number: 1 })));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(10);
    for (const a of answers.filter((x) => x.code !== 1))
      expect(['checkout.soldOut', 'checkout.stockShort']).toContain(a.error);
    expect(await stockOf(t, p.id)).toBe(0);
    expect(await unitsSold(p.id)).toBe(10);
  });

  it('from the cart, one spec of several: exactly 10 of that spec, the product total follows', async () => {
    const p = await makeProduct(t, {
      shopId: shop,
      title: 'Last Ten Shirts',
      specs: [
        { options: { size: 'M' }, price: 2000, stock: 10 },
        { options: { size: 'L' }, price: 2000, stock: 7 },
      ],
    });
    const buyers = await shoppers(50);
    for (const s of buyers) await putInCart(t, s.id, p.id, 1, { specId: p.specIds[0] });
    const answers = await Promise.all(buyers.map((s) => submit(s, {})));
    const sold = buyers.filter((_, i) => answers[i].code === 1);
    expect(sold).toHaveLength(10);
    expect(await stockOf(t, p.id, p.specIds[0])).toBe(0);
    expect(await stockOf(t, p.id, p.specIds[1])).toBe(7);
    expect(await stockOf(t, p.id)).toBe(7);
    // The line left the cart of those who bought, and stayed with the others.
    for (const [i, s] of buyers.entries())
      expect(await cartOf(t, s.id)).toHaveLength(answers[i].code === 1 ? 0 : 1);
  });
});

describe('carts of the same products put in opposite orders, checked out at once', () => {
  it('every checkout takes its units (the lines are taken in one order, never deadlocking), the stock ends exact', async () => {
    const a = await makeProduct(t, { shopId: shop, title: 'Pair A', stock: 100 });
    const b = await makeProduct(t, {
      shopId: shop,
      title: 'Pair B',
      specs: [
        { options: { size: 'M' }, price: 500, stock: 50 },
        { options: { size: 'L' }, price: 500, stock: 50 },
      ],
    });
    const buyers = await shoppers(20);
    for (const [i, s] of buyers.entries()) {
      // Half put A in first, half B's two specs; the cart's order is the lines' order.
      const lines: [number, number, number?][] =
        i % 2 === 0
          ? [
              [a.id, 2],
              [b.id, 1, b.specIds[0]],
              [b.id, 1, b.specIds[1]],
            ]
          : [
              [b.id, 1, b.specIds[1]],
              [b.id, 1, b.specIds[0]],
              [a.id, 2],
            ];
      for (const [productId, num, specId] of lines) await putInCart(t, s.id, productId, num, { specId });
    }
    const answers = await Promise.all(buyers.map((s) => submit(s, {})));
    expect(answers.map((x) => x.error ?? x.code)).toEqual(buyers.map(() => 1));
    expect(await stockOf(t, a.id)).toBe(100 - 2 * 20);
    expect(await stockOf(t, b.id, b.specIds[0])).toBe(50 - 20);
    expect(await stockOf(t, b.id, b.specIds[1])).toBe(50 - 20);
    expect(await stockOf(t, b.id)).toBe(100 - 2 * 20);
  });
});

describe('a flash sale: 40 shoppers buy and pay one product, one unit at a time, until it is gone', () => {
  it('every answer is a sale, a payment or "sold out", never a server error; exactly the stock is sold, paid and counted', async () => {
    const p = await makeProduct(t, { shopId: shop, title: 'Flash Deal', price: 100, stock: 60 });
    const buyers = await shoppers(40, 100_000);
    const refused: string[] = [];
    let paid = 0;
    await Promise.all(
      buyers.map(async (s) => {
        for (;;) {
          const made = await submit(s, { product_id: p.id, number: 1 });
          if (made.code !== 1) {
            refused.push(made.error ?? `code ${made.code}`);
            return;
          }
          const pay = await payGroup(s, made.data.outTradeNo);
          expect(pay.code, pay.error).toBe(1);
          paid += 1;
        }
      }),
    );
    expect(paid).toBe(60);
    expect(refused).toHaveLength(40);
    for (const error of refused) expect(['checkout.soldOut', 'checkout.stockShort']).toContain(error);
    expect(await stockOf(t, p.id)).toBe(0);
    expect(await unitsSold(p.id)).toBe(60);
    while ((await countSales(t.database.db)) > 0);
    const [row] = await t.database.db
      .select({ sales: products.sales })
      .from(products)
      .where(eq(products.id, p.id));
    expect(row.sales).toBe(60);
    for (const s of buyers) {
      const money = await moneyOf(t, s.id);
      expect(money.balance).toBe(money.ledgerBalance);
    }
  });
});

describe('concurrent payments against one balance', () => {
  it('8 payments of $15.00 against $50.00: exactly floor(50 / 15) = 3 go through', async () => {
    const p = await makeProduct(t, { shopId: shop, price: 1000, stock: 100 });
    const [s] = await shoppers(1, 5_000);
    const groups: SubmitAnswer[] = [];
    for (let i = 0; i < 8; i++) groups.push((await submit(s, { product_id: p.id })).data);
    expect(groups.every((g) => g.total === '15.00')).toBe(true);
    const answers = await Promise.all(groups.map((g) => payGroup(s, g.outTradeNo)));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(3);
    for (const a of answers.filter((x) => x.code !== 1)) expect(a.error).toBe('errors.balanceShort');
    expect(await moneyOf(t, s.id)).toMatchObject({ balance: 500, ledgerBalance: 500, frozen: 0 });
    expect((await ordersOf(t, s.id)).filter((o) => o.status === 1)).toHaveLength(3);
  });
});

describe('the same request sent 5 times at once changes money and stock once', () => {
  it('merSubmit with one Idempotency-Key: one set of orders, stock taken once, the same answer five times', async () => {
    const p = await makeProduct(t, { shopId: shop, stock: 20 });
    const [s] = await shoppers(1);
    await putInCart(t, s.id, p.id, 3);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit(s, {}, key)));
    expect(answers[0].code).toBe(1);
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(await ordersOf(t, s.id)).toHaveLength(1);
    expect(await stockOf(t, p.id)).toBe(17);
  });

  it('merPay with one Idempotency-Key: one debit, the same answer five times', async () => {
    const p = await makeProduct(t, { shopId: shop, price: 1000 });
    const [s] = await shoppers(1, 10_000);
    const group = (await submit(s, { product_id: p.id })).data;
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => payGroup(s, group.outTradeNo, key)));
    expect(answers[0].data).toMatchObject({ paid: '15.00', balance: '85.00' });
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(await moneyOf(t, s.id)).toMatchObject({ balance: 8_500, ledgerBalance: 8_500 });
  });

  it('merPay of one checkout under five different keys: one pays, the others are told it is paid', async () => {
    const p = await makeProduct(t, { shopId: shop, price: 1000 });
    const [s] = await shoppers(1, 10_000);
    const group = (await submit(s, { product_id: p.id })).data;
    const answers = await Promise.all(Array.from({ length: 5 }, () => payGroup(s, group.outTradeNo)));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 1)) expect(a.error).toBe('checkout.alreadyPaid');
    const payments = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, s.id), eq(ledgerEntries.type, 'payment')));
    expect(payments).toHaveLength(1);
    const [paid] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(inArray(orders.id, group.orderIds), eq(orders.status, 1)));
    expect(paid.n).toBe(1);
  });
});
