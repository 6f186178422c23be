import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../common/api/routes';
import { LANGS } from '../../common/languages';
import type { ProductDetailAnswer } from '../../common/schemas/catalog-answers';
import type { OrderDetailAnswer, OrderListAnswer } from '../../common/schemas/order';
import type { UserInfo } from '../../common/schemas/user';
import { notifications, orderEvents } from '../../server/db/schema';
import { hasKey, translate } from '../../server/lib/i18n';
import {
  advanceOrder,
  eventsOf,
  makeProduct,
  makeShop,
  move,
  orderRow,
  payOrder,
  placeOrder,
  receiveOrder,
  shipOrder,
  stockOf,
  type TestProduct,
} from './support/orders-fixture';
import { useTestApp } from '../support/use-app';

const t = useTestApp();
let shopId: number;
let kettle: TestProduct;
let me: { token: string; id: number };

beforeAll(async () => {
  shopId = await makeShop(t.database.db, 'Kettle Shop');
  kettle = await makeProduct(t.database.db, shopId, {
    title: 'Kettle',
    price: 3000,
    specs: [
      { options: { colour: 'black' }, stock: 30 },
      { options: { colour: 'white' }, stock: 30 },
    ],
  });
  me = await t.register('order_mover');
});

type Action = 'cancel' | 'received' | 'delete';
const act = (action: Action, orderId: number | string, token = me.token, lang?: string) =>
  t.call<OrderDetailAnswer | null>('POST', `/api/order/${action}`, {
    body: { order_id: orderId },
    token,
    lang,
  });

/** A new unpaid order of `num` black kettles. */
const place = (num = 2, userId = me.id) =>
  placeOrder(t.database.db, userId, shopId, [{ productId: kettle.id, specId: kettle.specs[0], num }]);
const blackStock = () => stockOf(t.database.db, kettle.id, kettle.specs[0]);

async function notificationCount(orderId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.refType, 'order'), eq(notifications.refId, String(orderId))));
  return row.n;
}

/** What a refused move must leave as it was. */
async function snapshot(orderId: number) {
  return {
    order: await orderRow(t.database.db, orderId),
    events: (await eventsOf(t.database.db, orderId)).length,
    notifications: await notificationCount(orderId),
    stock: await blackStock(),
  };
}

/**
 * `action` on the order is refused with `refusal` (asked in `lang`, or in none) and leaves the
 * order, its events, its notifications and the stock as they were.
 */
async function expectUnmoved(
  action: Action,
  orderId: number,
  refusal: { error: string; msg: string },
  lang?: string,
) {
  const before = await snapshot(orderId);
  expect(await act(action, orderId, me.token, lang)).toMatchObject({ code: 0, ...refusal });
  expect(await snapshot(orderId)).toEqual(before);
}

describe('cancel: an unpaid order, by its shopper', () => {
  it('moves 0 -> -1, returns the stock, writes the event and the notification, answers the detail', async () => {
    const before = await blackStock();
    const order = await place(3);
    expect(await blackStock()).toEqual({ product: before.product - 3, spec: before.spec! - 3 });
    const res = await act('cancel', order.id, me.token, 'de-DE');
    expect(res).toMatchObject({
      code: 1,
      msg: translate('de-DE', 'orders.cancelled'),
      data: { id: order.id, status: -1 },
    });
    const data = res.data as OrderDetailAnswer;
    expect(data.cancelledAt).not.toBeNull();
    expect(data.events.at(-1)).toMatchObject({ fromStatus: 0, toStatus: -1, actor: 'shopper' });
    expect(await blackStock()).toEqual(before);
    expect(await notificationCount(order.id)).toBe(1);
  });

  it('a second cancel is refused with a clear message, and nothing changes (the stock returns once)', async () => {
    const order = await place(2);
    expect((await act('cancel', order.id)).code).toBe(1);
    await expectUnmoved(
      'cancel',
      order.id,
      { error: 'orders.cannotCancel', msg: translate('ja-JP', 'orders.cannotCancel') },
      'ja-JP',
    );
  });

  it('a paid order cannot be cancelled', async () => {
    const order = await place(1);
    await payOrder(t.database.db, order.id);
    await expectUnmoved('cancel', order.id, {
      error: 'orders.cannotCancel',
      msg: 'Only an unpaid order can be cancelled',
    });
  });

  it('two cancels at once: one moves the order, the other is refused, the stock returns once', async () => {
    const before = await blackStock();
    const order = await place(4);
    const answers = await Promise.all([act('cancel', order.id), act('cancel', order.id)]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.code === 0)?.error).toBe('orders.cannotCancel');
    expect(await blackStock()).toEqual(before);
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((e) => e.toStatus === -1)).toHaveLength(1);
    expect(await notificationCount(order.id)).toBe(1);
  });
});

describe('cancel: the catalogue sees the returned stock', () => {
  it('the product page (served from the catalogue cache) shows the stock back at once', async () => {
    const page = async () =>
      (
        await t.endpoint<ProductDetailAnswer>('catalog.productDetail', {
          query: { product_id: String(kettle.id) },
        })
      ).data.product.stock;
    const order = await place(5);
    const taken = await page();
    expect((await act('cancel', order.id)).code).toBe(1);
    expect(await page()).toBe(taken + 5);
  });
});

describe('received: a delivered order, by its shopper', () => {
  it('moves 2 -> 3 and answers the detail with the receipt time', async () => {
    const order = await place(1);
    await advanceOrder(t.database.db, order.id, 2);
    const res = await act('received', order.id, me.token, 'ru-RU');
    expect(res).toMatchObject({ code: 1, msg: translate('ru-RU', 'orders.received'), data: { status: 3 } });
    expect((res.data as OrderDetailAnswer).receivedAt).not.toBeNull();
    expect((res.data as OrderDetailAnswer).events.at(-1)).toMatchObject({
      fromStatus: 2,
      toStatus: 3,
      actor: 'shopper',
    });
  });

  it('an order not yet shipped (unpaid or paid) or already received cannot be received', async () => {
    const unpaid = await place(1);
    const paid = await place(1);
    await payOrder(t.database.db, paid.id);
    const done = await place(1);
    await advanceOrder(t.database.db, done.id, 3);
    for (const order of [unpaid, paid, done])
      await expectUnmoved('received', order.id, {
        error: 'orders.cannotReceive',
        msg: 'Only a shipped order can be confirmed as received',
      });
  });
});

describe('delete: hides a finished order from its shopper', () => {
  const list = (query: Record<string, string> = {}) =>
    t.endpoint<OrderListAnswer>('order.list', { query, token: me.token });

  it('cancelled, completed and refunded orders are hidden: gone from the list, the counts and the detail', async () => {
    const { db } = t.database;
    const cancelled = await place(1);
    await move(db, cancelled.id, 0, -1, 'shopper');
    const completed = await place(1);
    await advanceOrder(db, completed.id, 4);
    const refunded = await place(1);
    await payOrder(db, refunded.id);
    await move(db, refunded.id, 1, -4, 'shopper');
    await move(db, refunded.id, -4, -2, 'operator');
    const before = (await list()).data.counts;
    for (const order of [cancelled, completed, refunded]) {
      const res = await act('delete', order.id, me.token, 'tr-TR');
      expect(res).toMatchObject({ code: 1, msg: translate('tr-TR', 'orders.deleted'), data: null });
      expect((await orderRow(db, order.id)).hiddenAt).toBeInstanceOf(Date);
      expect(
        (await t.endpoint('order.detail', { query: { order_id: String(order.id) }, token: me.token })).error,
      ).toBe('errors.notFound');
    }
    const after = await list();
    const ids = after.data.list.map((o) => o.id);
    for (const order of [cancelled, completed, refunded]) expect(ids).not.toContain(order.id);
    expect(after.data.counts).toMatchObject({
      all: before.all - 3,
      '-1': before['-1'] - 1,
      '4': before['4'] - 1,
      '-2': before['-2'] - 1,
    });
    // Hidden is hidden: a second delete finds nothing.
    expect((await act('delete', cancelled.id)).error).toBe('errors.notFound');
  });

  it('an unfinished order (unpaid, paid, shipped, received, in after-sale) cannot be deleted', async () => {
    const { db } = t.database;
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await place(1));
    for (const o of orders.slice(1)) await payOrder(db, o.id);
    for (const o of orders.slice(2, 4)) await shipOrder(db, o.id);
    await receiveOrder(db, orders[3].id);
    await move(db, orders[4].id, 1, -4, 'shopper');
    for (const order of orders)
      await expectUnmoved(
        'delete',
        order.id,
        { error: 'orders.cannotDelete', msg: translate('zh-CN', 'orders.cannotDelete') },
        'zh-CN',
      );
  });
});

describe("another shopper's order looks absent on every route", () => {
  it.each<Action>(['cancel', 'received', 'delete'])(
    '%s: not found, exactly like a missing order, nothing changed',
    async (action) => {
      const { db } = t.database;
      const order = await place(1);
      // In the status the action would accept from its owner.
      if (action === 'received') await advanceOrder(db, order.id, 2);
      if (action === 'delete') await move(db, order.id, 0, -1, 'shopper');
      const other = await t.register(`snoop_${action}`);
      const before = await snapshot(order.id);
      const foreign = await act(action, order.id, other.token);
      const missing = await act(action, 2_000_000_000, other.token);
      expect(foreign).toMatchObject({ code: 0, error: 'errors.notFound', data: null });
      expect(foreign).toEqual(missing);
      expect(await snapshot(order.id)).toEqual(before);
    },
  );

  it.each<Action>(['cancel', 'received', 'delete'])(
    '%s: needs a login (code 401); a malformed id is refused',
    async (action) => {
      const anon = await t.call('POST', `/api/order/${action}`, { body: { order_id: 1 } });
      expect(anon).toMatchObject({ code: 401, msg: translate('en-US', 'errors.loginFirst') });
      for (const id of ['abc', -1, 0, 1.5, null]) {
        const res = await act(action, id as number);
        expect(res.code, String(id)).toBe(0);
        expect(res.error, String(id)).toBe('errors.notFound');
      }
      const noBody = await t.call('POST', `/api/order/${action}`, { token: me.token });
      expect(noBody.code).toBe(0);
    },
  );
});

describe('user info: the profile badges come from the orders', () => {
  it('unpaidCount and undeliveredCount follow the orders through their steps', async () => {
    const shopper = await t.register('badge_holder');
    const info = async () => (await t.endpoint<UserInfo>('user.getUserInfo', { token: shopper.token })).data;
    expect(await info()).toMatchObject({ unpaidCount: 0, undeliveredCount: 0 });
    const a = await place(1, shopper.id);
    const b = await place(1, shopper.id);
    const c = await place(1, shopper.id);
    expect(await info()).toMatchObject({ unpaidCount: 3, undeliveredCount: 0 });
    await payOrder(t.database.db, a.id);
    await payOrder(t.database.db, b.id);
    expect(await info()).toMatchObject({ unpaidCount: 1, undeliveredCount: 2 });
    await shipOrder(t.database.db, a.id);
    await act('cancel', c.id, shopper.token);
    expect(await info()).toMatchObject({ unpaidCount: 0, undeliveredCount: 1 });
    // The profile's answer carries them too; other shoppers' orders never count.
    const profile = await t.endpoint<UserInfo>('user.profile', {
      token: shopper.token,
      body: { givenName: 'Bea' },
    });
    expect(profile.data).toMatchObject({ unpaidCount: 0, undeliveredCount: 1 });
    const fresh = await t.register('badge_empty');
    const theirs = await t.endpoint<UserInfo>('user.getUserInfo', { token: fresh.token });
    expect(theirs.data).toMatchObject({ unpaidCount: 0, undeliveredCount: 0 });
  });
});

describe('messages: every key the orders and notifications code uses exists in all eight languages', () => {
  const ROOT = path.resolve(import.meta.dirname, '../..');
  const keys = new Set<string>();
  for (const dir of ['server/modules/orders', 'server/modules/notifications', 'server/jobs']) {
    for (const name of readdirSync(path.join(ROOT, dir)).filter((n) => n.endsWith('.ts'))) {
      const text = readFileSync(path.join(ROOT, dir, name), 'utf8');
      for (const m of text.matchAll(/['"`]((?:orders|notify)\.[a-zA-Z]+(?:\.[\w-]+)?)['"`]/g)) keys.add(m[1]);
    }
  }

  it('each orders.* and notify.* key has text in every language', () => {
    // Endpoint names of the contract ('notify.list') look like keys but are not.
    const found = [...keys].filter((k) => !(k in apiRoutes));
    expect(found.length).toBeGreaterThanOrEqual(7);
    expect(found.filter((k) => !hasKey(k))).toEqual([]);
    for (const key of found)
      for (const lang of LANGS) expect(translate(lang, key), `${lang} ${key}`).not.toBe(key);
  });
});
