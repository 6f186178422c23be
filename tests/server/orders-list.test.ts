import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../common/order-status';
import type { OrderListAnswer } from '../../common/schemas/order';
import { products } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import {
  completeOrder,
  makeProduct,
  makeShop,
  move,
  payOrder,
  placeOrder,
  receiveOrder,
  shipOrder,
  type TestProduct,
} from './support/orders-fixture';
import { useTestApp } from '../support/use-app';

const t = useTestApp();
let shopId: number;
let shirt: TestProduct;
let mug: TestProduct;
/** The shopper with one or more orders under every tab. */
let me: { token: string; id: number };
/** Order ids by status, oldest first. */
const mine: Record<string, number[]> = {};

const list = (query: Record<string, string>, token = me.token, lang?: string) =>
  t.endpoint<OrderListAnswer>('order.list', { query, token, lang });

beforeAll(async () => {
  const { db } = t.database;
  shopId = await makeShop(db, 'Alpha Shop');
  shirt = await makeProduct(db, shopId, {
    title: 'Linen shirt',
    price: 2500,
    specs: [
      { options: { colour: 'red', size: 'M' }, stock: 50 },
      { options: { colour: 'blue', size: 'L' }, stock: 50 },
    ],
  });
  mug = await makeProduct(db, shopId, { title: 'Mug', price: 800, stock: 100 });
  me = await t.register('order_lister');
  // Statuses in the order made: 0, 1, 2, 3, 4, -1, -4, -2, 0 (the newest is unpaid again).
  const plan = [0, 1, 2, 3, 4, -1, -4, -2, 0];
  for (const status of plan) {
    const order = await placeOrder(db, me.id, shopId, [
      { productId: shirt.id, specId: shirt.specs[0], num: 2 },
      { productId: mug.id, num: 1 },
    ]);
    if (status === -1) await move(db, order.id, 0, -1, 'shopper');
    if ([1, 2, 3, 4, -4, -2].includes(status)) await payOrder(db, order.id);
    if ([2, 3, 4].includes(status)) await shipOrder(db, order.id);
    if ([3, 4].includes(status)) await receiveOrder(db, order.id);
    if (status === 4) await completeOrder(db, order.id);
    if ([-4, -2].includes(status)) await move(db, order.id, 1, -4, 'shopper');
    if (status === -2) await move(db, order.id, -4, -2, 'operator');
    (mine[String(status)] ??= []).push(order.id);
  }
});

const EXPECTED_COUNTS = { all: 9, '0': 2, '1': 1, '2': 1, '3': 1, '4': 1, '-1': 1, '-4': 1, '-2': 1 };

describe('order list: the tabs', () => {
  it('all orders newest first, with every tab counted', async () => {
    const res = await list({});
    expect(res).toMatchObject({ code: 1, data: { total: 9, page: 1, limit: 10, counts: EXPECTED_COUNTS } });
    const ids = res.data.list.map((o) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).toHaveLength(9);
  });

  it.each(ORDER_STATUSES)(
    'status %s lists exactly the orders in it, and its total is its count',
    async (status) => {
      const res = await list({ status: String(status) });
      expect(res.code).toBe(1);
      expect(res.data.list.map((o) => o.id)).toEqual([...mine[String(status)]].reverse());
      expect(res.data.list.every((o) => o.status === status)).toBe(true);
      expect(res.data.total).toBe(EXPECTED_COUNTS[String(status) as keyof typeof EXPECTED_COUNTS]);
      expect(res.data.counts).toEqual(EXPECTED_COUNTS);
    },
  );

  it('"all" and an empty status mean every order', async () => {
    for (const status of ['all', '']) expect((await list({ status })).data.total).toBe(9);
  });

  it('pages hold `limit` orders each, newest first, none twice', async () => {
    const pages = [];
    for (const page of ['1', '2', '3']) pages.push((await list({ page, limit: '4' })).data);
    expect(pages.map((p) => p.list.length)).toEqual([4, 4, 1]);
    expect(pages.every((p) => p.total === 9 && p.limit === 4)).toBe(true);
    const ids = pages.flatMap((p) => p.list.map((o) => o.id));
    expect(new Set(ids).size).toBe(9);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await list({ page: '4', limit: '4' })).data.list).toEqual([]);
  });
});

describe('order list: each card', () => {
  it('shows the shop, the items with their spec in the request language, and the totals', async () => {
    const res = await list({ status: '1' }, me.token, 'de-DE');
    const [card] = res.data.list;
    expect(card).toMatchObject({
      status: 1,
      shopId,
      shopName: 'Alpha Shop',
      itemCount: 3,
      goodsAmount: '58.00',
      freight: '0.00',
      discount: '0.00',
      total: '58.00',
    });
    expect(card.shopAvatar).toMatch(/^\/uploads\//);
    expect(card.orderSn).toMatch(/^[0-9A-F]{16}$/);
    expect(card.items).toMatchObject([
      {
        productId: shirt.id,
        specId: shirt.specs[0],
        title: 'Linen shirt',
        specText: 'Rot / M',
        price: '25.00',
        num: 2,
      },
      { productId: mug.id, specId: 0, title: 'Mug', specText: '', price: '8.00', num: 1 },
    ]);
    const english = await list({ status: '1' });
    expect(english.data.list[0].items[0].specText).toBe('Red / M');
    const japanese = await list({ status: '1' }, me.token, 'ja-JP');
    expect(japanese.data.list[0].items[0].specText).toBe('レッド / M');
  });

  it('titles are the snapshots taken at checkout: renaming the product changes no order', async () => {
    await t.database.db.update(products).set({ title: 'Renamed shirt' }).where(eq(products.id, shirt.id));
    const res = await list({});
    expect(res.data.list.every((o) => o.items[0].title === 'Linen shirt')).toBe(true);
  });
});

describe('order list: whose orders', () => {
  it('another shopper sees none of them, and every tab of theirs counts 0', async () => {
    const other = await t.register('order_lister_other');
    const res = await list({}, other.token);
    expect(res.data).toMatchObject({ list: [], total: 0 });
    expect(Object.values(res.data.counts)).toEqual(Array(9).fill(0));
    expect(Object.keys(res.data.counts).sort()).toEqual(Object.keys(EXPECTED_COUNTS).sort());
  });

  it('needs a login (code 401)', async () => {
    const res = await t.endpoint('order.list');
    expect(res).toMatchObject({ code: 401, msg: translate('en-US', 'errors.loginFirst') });
  });

  it('an unknown status is refused with a clear message', async () => {
    for (const status of ['7', '-3', 'abc', '1.5']) {
      const res = await list({ status });
      expect(res.code, status).toBe(0);
      expect(res.error, status).toBe('errors.invalidParam');
    }
  });
});
