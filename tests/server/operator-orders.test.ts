import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS, type OrderStatus } from '../../common/order-status';
import type { Database } from '../../server/db/client';
import { listOrders, ship, track } from '../../server/modules/orders';
import { freshDatabase } from '../support/db';
import {
  addOrder,
  addShop,
  addShopper,
  eventsOf,
  notificationsOf,
  operatorRefusal,
  orderRow,
  tracksOf,
} from './operator-fixture';

let database: Database;
let db: Database['db'];
let shop: { shopId: number; productId: number };
beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
  shop = await addShop(db);
});
afterAll(() => database.close());

const orderOf = async (userId: number, status?: OrderStatus) => addOrder(db, { userId, ...shop, status });

describe('listOrders', () => {
  it("lists every shopper's orders newest first, with shopper, shop, units and amounts", async () => {
    const a = await addShopper(db, 'list_a');
    const b = await addShopper(db, 'list_b', 4_400_000_001);
    const first = await orderOf(a);
    const second = await orderOf(b, ORDER_STATUS.waitingPay);
    const page = await listOrders(db, { limit: 2 });
    expect(page.list.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(page.list[0]).toMatchObject({
      orderSn: second.orderSn,
      status: 0,
      shopper: { id: b, account: 'list_b', telegramId: 4_400_000_001 },
      shop: { id: shop.shopId, name: 'Operator Test Shop' },
      goodsAmount: 2500,
      freight: 500,
      total: 3000,
      units: 2,
      carrier: null,
    });
    expect(page).toMatchObject({ page: 1, limit: 2 });
    expect(page.total).toBeGreaterThanOrEqual(2);
  });

  it('filters by status and by shopper, and pages', async () => {
    const c = await addShopper(db, 'list_c');
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await orderOf(c));
    await orderOf(c, ORDER_STATUS.cancelled);
    const mine = await listOrders(db, {
      user: 'list_c',
      status: ORDER_STATUS.waitingDelivery,
      limit: 2,
      page: 2,
    });
    expect(mine.total).toBe(5);
    expect(mine.list.map((o) => o.id)).toEqual([made[2].id, made[1].id]);
    const cancelled = await listOrders(db, { status: ORDER_STATUS.cancelled });
    expect(cancelled.list.every((o) => o.status === ORDER_STATUS.cancelled)).toBe(true);
    expect(cancelled.list.some((o) => o.shopper.id === c)).toBe(true);
    expect((await listOrders(db, { user: 'list_c', page: 9 })).list).toEqual([]);
  });

  it('refuses a bad page, limit, status or shopper', async () => {
    expect((await operatorRefusal(listOrders(db, { page: 0 }))).code).toBe('operator.badInput');
    expect((await operatorRefusal(listOrders(db, { limit: 101 }))).code).toBe('operator.badInput');
    expect((await operatorRefusal(listOrders(db, { status: 7 as OrderStatus }))).code).toBe(
      'operator.badInput',
    );
    expect((await operatorRefusal(listOrders(db, { user: 'ghost' }))).code).toBe('operator.shopperNotFound');
  });
});

describe('ship', () => {
  it('moves an order waiting delivery to delivered with carrier and number, an operator event and a notification', async () => {
    const userId = await addShopper(db, 'ship_a');
    const order = await orderOf(userId);
    const done = await ship(db, {
      orderId: order.id,
      carrier: 'DHL',
      trackingNo: 'JD0146',
      operator: 'alice',
    });
    expect(done).toMatchObject({
      orderId: order.id,
      orderSn: order.orderSn,
      userId,
      status: 2,
      alreadyShipped: false,
    });
    const row = await orderRow(db, order.id);
    expect(row).toMatchObject({ status: 2, carrier: 'DHL', trackingNo: 'JD0146' });
    expect(row.shippedAt?.toISOString()).toBe(done.shippedAt);
    const events = await eventsOf(db, order.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ fromStatus: 1, toStatus: 2, actor: 'operator' });
    expect(events[0].note).toContain('alice');
    const notes = await notificationsOf(db, userId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      kind: 'order',
      params: { sn: order.orderSn, status: 2 },
      refType: 'order',
      refId: String(order.id),
    });
  });

  it('a second ship with the same carrier and number says already shipped and changes nothing', async () => {
    const userId = await addShopper(db, 'ship_b');
    const order = await orderOf(userId);
    const params = { orderId: order.id, carrier: 'DHL', trackingNo: 'JD0147', operator: 'alice' };
    const first = await ship(db, params);
    const again = await ship(db, { ...params, operator: 'bob' });
    expect(again).toMatchObject({ alreadyShipped: true, status: 2, shippedAt: first.shippedAt });
    expect(await eventsOf(db, order.id)).toHaveLength(1);
    expect(await notificationsOf(db, userId)).toHaveLength(1);
  });

  it('shipping again with another carrier or number is refused, nothing changed', async () => {
    const userId = await addShopper(db, 'ship_c');
    const order = await orderOf(userId);
    await ship(db, { orderId: order.id, carrier: 'DHL', trackingNo: 'JD0148', operator: 'alice' });
    const err = await operatorRefusal(
      ship(db, { orderId: order.id, carrier: 'UPS', trackingNo: 'JD0148', operator: 'alice' }),
    );
    expect(err.code).toBe('operator.shippedOtherwise');
    expect(err.message).toContain('DHL JD0148');
    expect(await orderRow(db, order.id)).toMatchObject({ carrier: 'DHL', trackingNo: 'JD0148' });
    expect(await eventsOf(db, order.id)).toHaveLength(1);
  });

  it('two ships of the same order at once ship it once', async () => {
    const userId = await addShopper(db, 'ship_race');
    const order = await orderOf(userId);
    const params = { orderId: order.id, carrier: 'DHL', trackingNo: 'RACE1', operator: 'alice' };
    const answers = await Promise.all([ship(db, params), ship(db, params)]);
    expect(answers.map((a) => a.alreadyShipped).sort()).toEqual([false, true]);
    expect(await eventsOf(db, order.id)).toHaveLength(1);
  });

  it('only from waiting delivery: unpaid, cancelled, after-sale or unknown orders are refused, unchanged', async () => {
    const userId = await addShopper(db, 'ship_d');
    for (const status of [
      ORDER_STATUS.waitingPay,
      ORDER_STATUS.cancelled,
      ORDER_STATUS.afterSale,
      ORDER_STATUS.refunded,
    ]) {
      const order = await orderOf(userId, status);
      const err = await operatorRefusal(
        ship(db, { orderId: order.id, carrier: 'DHL', trackingNo: 'X1', operator: 'alice' }),
      );
      expect(err.code).toBe('operator.notWaitingDelivery');
      expect(err.message).toContain('only an order waiting delivery');
      expect(await orderRow(db, order.id)).toMatchObject({ status, carrier: null });
      expect(await eventsOf(db, order.id)).toHaveLength(0);
    }
    expect(
      (await operatorRefusal(ship(db, { orderId: 987654, carrier: 'DHL', trackingNo: 'X1', operator: 'a' })))
        .code,
    ).toBe('operator.orderNotFound');
  });

  it('refuses a missing carrier or number, an overlong one, a bad order id', async () => {
    const userId = await addShopper(db, 'ship_e');
    const order = await orderOf(userId);
    const base = { orderId: order.id, carrier: 'DHL', trackingNo: 'X1', operator: 'alice' };
    for (const bad of [
      { carrier: '' },
      { trackingNo: ' ' },
      { carrier: 'x'.repeat(65) },
      { orderId: 0 },
      { orderId: 1.5 },
    ])
      expect((await operatorRefusal(ship(db, { ...base, ...bad }))).code).toBe('operator.badInput');
    expect((await orderRow(db, order.id)).status).toBe(ORDER_STATUS.waitingDelivery);
  });
});

describe('track', () => {
  it("adds a logistics event to a shipped order and queues the shopper's notification", async () => {
    const userId = await addShopper(db, 'track_a');
    const order = await orderOf(userId);
    await ship(db, { orderId: order.id, carrier: 'DHL', trackingNo: 'T1', operator: 'alice' });
    const done = await track(db, {
      orderId: order.id,
      text: ' Arrived at the Leipzig hub ',
      operator: 'alice',
    });
    expect(done).toMatchObject({
      orderId: order.id,
      orderSn: order.orderSn,
      userId,
      text: 'Arrived at the Leipzig hub',
    });
    const tracks = await tracksOf(db, order.id);
    expect(tracks).toEqual([
      expect.objectContaining({ id: done.trackId, text: 'Arrived at the Leipzig hub' }),
    ]);
    const notes = await notificationsOf(db, userId);
    expect(notes.at(-1)).toMatchObject({
      kind: 'track',
      params: { sn: order.orderSn, text: 'Arrived at the Leipzig hub' },
      refType: 'order',
      refId: String(order.id),
    });
  });

  it('received orders take events too', async () => {
    const userId = await addShopper(db, 'track_b');
    const order = await orderOf(userId, ORDER_STATUS.received);
    await track(db, { orderId: order.id, text: 'Signed for by the neighbour', operator: 'alice' });
    expect(await tracksOf(db, order.id)).toHaveLength(1);
  });

  it('only shipped or received orders: the others, unknown orders and empty texts are refused, nothing written', async () => {
    const userId = await addShopper(db, 'track_c');
    for (const status of [
      ORDER_STATUS.waitingPay,
      ORDER_STATUS.waitingDelivery,
      ORDER_STATUS.cancelled,
      ORDER_STATUS.completed,
    ]) {
      const order = await orderOf(userId, status);
      const err = await operatorRefusal(
        track(db, { orderId: order.id, text: 'Left the warehouse', operator: 'alice' }),
      );
      expect(err.code).toBe('operator.notShipped');
      expect(await tracksOf(db, order.id)).toHaveLength(0);
    }
    expect((await operatorRefusal(track(db, { orderId: 987654, text: 'x', operator: 'a' }))).code).toBe(
      'operator.orderNotFound',
    );
    const shipped = await orderOf(userId, ORDER_STATUS.delivered);
    for (const text of ['', '   ', 'x'.repeat(501), 'two\nlines'])
      expect((await operatorRefusal(track(db, { orderId: shipped.id, text, operator: 'alice' }))).code).toBe(
        'operator.badInput',
      );
    expect(await tracksOf(db, shipped.id)).toHaveLength(0);
    expect(await notificationsOf(db, userId)).toHaveLength(0);
  });
});
