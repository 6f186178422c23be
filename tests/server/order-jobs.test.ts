import { eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetailAnswer } from '../../common/schemas/catalog-answers';
import { testConfig } from '../../server/config';
import { notifications, orderEvents, orders } from '../../server/db/schema';
import {
  autoCompleteOrders,
  autoReceiveOrders,
  expireUnpaidOrders,
  orderJobs,
} from '../../server/jobs/orders';
import { startJobs } from '../../server/jobs/runner';
import { translate } from '../../server/lib/i18n';
import {
  advanceOrder,
  backdate,
  makeProduct,
  makeShop,
  payOrder,
  placeOrder,
  stockOf,
  type TestProduct,
} from './support/orders-fixture';
import { useTestApp } from '../support/use-app';

const t = useTestApp();
let shopId: number;
let me: { id: number; token: string };

beforeAll(async () => {
  shopId = await makeShop(t.database.db, 'Job Shop');
  me = await t.register('job_shopper');
});

const DAY = 24 * 3600;
const RECEIVE_DAYS = 10;
const COMPLETE_DAYS = 7;

/** A product of its own per test, so stock checks see only that test's orders. */
const product = (stock = 100) =>
  makeProduct(t.database.db, shopId, { specs: [{ options: { size: 'M' }, stock }] });

async function orders_(p: TestProduct, n: number, num = 1) {
  const made = [];
  for (let i = 0; i < n; i++)
    made.push(await placeOrder(t.database.db, me.id, shopId, [{ productId: p.id, specId: p.specs[0], num }]));
  return made.map((o) => o.id);
}

async function statuses(ids: number[]): Promise<number[]> {
  const rows = await t.database.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!.status);
}

async function eventsTo(ids: number[], status: number) {
  return (await t.database.db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids))).filter(
    (e) => e.toStatus === status,
  );
}

describe('order jobs: unpaid orders expire', () => {
  it('past pay_before: cancelled by the system, stock returned, event and notification written', async () => {
    const p = await product(100);
    const [late, onTime] = await orders_(p, 2, 5);
    expect(await stockOf(t.database.db, p.id, p.specs[0])).toEqual({ product: 90, spec: 90 });
    await backdate(t.database.db, [late], 'payBefore', 60);
    expect(await expireUnpaidOrders(t.database.db)).toBe(1);
    expect(await statuses([late, onTime])).toEqual([-1, 0]);
    expect(await stockOf(t.database.db, p.id, p.specs[0])).toEqual({ product: 95, spec: 95 });
    expect(await eventsTo([late], -1)).toMatchObject([{ fromStatus: 0, actor: 'system' }]);
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.refId, String(late)));
    expect(note).toMatchObject({ userId: me.id, kind: 'order', params: { status: -1 } });
    // Nothing more to do: a second run moves nothing and returns nothing again.
    expect(await expireUnpaidOrders(t.database.db)).toBe(0);
    expect(await stockOf(t.database.db, p.id, p.specs[0])).toEqual({ product: 95, spec: 95 });
  });

  it('a paid order is never expired, whatever its pay_before', async () => {
    const p = await product();
    const [paid] = await orders_(p, 1);
    await payOrder(t.database.db, paid);
    await backdate(t.database.db, [paid], 'payBefore', DAY);
    await expireUnpaidOrders(t.database.db);
    expect(await statuses([paid])).toEqual([1]);
  });

  it('two workers at once: every late order is cancelled once and its stock returned once', async () => {
    const p = await product(200);
    const ids = await orders_(p, 24, 3);
    await backdate(t.database.db, ids, 'payBefore', 120);
    // Small batches, so the two workers interleave over many claims.
    const [a, b] = await Promise.all([
      expireUnpaidOrders(t.database.db, 4),
      expireUnpaidOrders(t.database.db, 4),
    ]);
    expect(a + b).toBe(24);
    expect(new Set(await statuses(ids))).toEqual(new Set([-1]));
    expect(await eventsTo(ids, -1)).toHaveLength(24);
    expect(await stockOf(t.database.db, p.id, p.specs[0])).toEqual({ product: 200, spec: 200 });
  });

  it('the product page shows the returned stock at once (the catalogue cache is dropped)', async () => {
    const p = await product(10);
    const [id] = await orders_(p, 1, 4);
    const detail = async () =>
      (
        await t.endpoint<ProductDetailAnswer>('catalog.productDetail', {
          query: { product_id: String(p.id) },
        })
      ).data;
    expect((await detail()).product.stock).toBe(6);
    await backdate(t.database.db, [id], 'payBefore', 1);
    await expireUnpaidOrders(t.database.db);
    expect((await detail()).product.stock).toBe(10);
  });
});

describe('order jobs: delivered orders are received, received orders completed', () => {
  it(`shipped more than ${RECEIVE_DAYS} days ago: received by the system; sooner: left alone`, async () => {
    const p = await product();
    const [old, recent] = await orders_(p, 2);
    for (const id of [old, recent]) await advanceOrder(t.database.db, id, 2);
    await backdate(t.database.db, [old], 'shippedAt', RECEIVE_DAYS * DAY + 60);
    await backdate(t.database.db, [recent], 'shippedAt', RECEIVE_DAYS * DAY - 3600);
    expect(await autoReceiveOrders(t.database.db, RECEIVE_DAYS)).toBe(1);
    expect(await statuses([old, recent])).toEqual([3, 2]);
    expect(await eventsTo([old], 3)).toMatchObject([{ fromStatus: 2, actor: 'system' }]);
    const list = await t.endpoint<{ list: { text: string; link: string }[] }>('notify.list', {
      token: me.token,
      lang: 'th-TH',
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, old));
    expect(list.data.list).toContainEqual(
      expect.objectContaining({
        text: translate('th-TH', 'notify.order.3', { sn: row.orderSn }),
        link: `/orderInfo/${old}`,
      }),
    );
  });

  it(`received more than ${COMPLETE_DAYS} days ago: completed by the system; sooner: left alone`, async () => {
    const p = await product();
    const [old, recent] = await orders_(p, 2);
    for (const id of [old, recent]) await advanceOrder(t.database.db, id, 3);
    await backdate(t.database.db, [old], 'receivedAt', COMPLETE_DAYS * DAY + 60);
    await backdate(t.database.db, [recent], 'receivedAt', COMPLETE_DAYS * DAY - 3600);
    expect(await autoCompleteOrders(t.database.db, COMPLETE_DAYS)).toBe(1);
    expect(await statuses([old, recent])).toEqual([4, 3]);
    expect(await eventsTo([old], 4)).toMatchObject([{ fromStatus: 3, actor: 'system' }]);
  });

  it('two workers at once receive each order once', async () => {
    const p = await product();
    const ids = await orders_(p, 12);
    for (const id of ids) await advanceOrder(t.database.db, id, 2);
    await backdate(t.database.db, ids, 'shippedAt', 30 * DAY);
    const [a, b] = await Promise.all([
      autoReceiveOrders(t.database.db, RECEIVE_DAYS, 3),
      autoReceiveOrders(t.database.db, RECEIVE_DAYS, 3),
    ]);
    expect(a + b).toBe(12);
    expect(await eventsTo(ids, 3)).toHaveLength(12);
  });
});

describe('order jobs: a restarted server catches up', () => {
  it('orders already past their time when the jobs first run are all moved, batch after batch', async () => {
    const p = await product(100);
    const unpaid = await orders_(p, 7, 2);
    const shipped = await orders_(p, 3);
    const received = await orders_(p, 3);
    for (const id of shipped) await advanceOrder(t.database.db, id, 2);
    for (const id of received) await advanceOrder(t.database.db, id, 3);
    // The server was down for weeks: everything is long overdue.
    await backdate(t.database.db, unpaid, 'payBefore', 20 * DAY);
    await backdate(t.database.db, shipped, 'shippedAt', 20 * DAY);
    await backdate(t.database.db, received, 'receivedAt', 20 * DAY);
    expect(await expireUnpaidOrders(t.database.db, 2)).toBe(7);
    expect(await autoReceiveOrders(t.database.db, RECEIVE_DAYS, 2)).toBe(3);
    expect(await autoCompleteOrders(t.database.db, COMPLETE_DAYS, 2)).toBe(3);
    expect(await statuses(unpaid)).toEqual(Array(7).fill(-1));
    expect(await statuses(shipped)).toEqual(Array(3).fill(3));
    expect(await statuses(received)).toEqual(Array(3).fill(4));
    expect(await stockOf(t.database.db, p.id, p.specs[0])).toEqual({ product: 94, spec: 94 });
  });

  it('a freshly started runner does it on its own first tick, with the configured days', async () => {
    const p = await product(50);
    const [unpaid] = await orders_(p, 1, 5);
    const [shipped] = await orders_(p, 1);
    await advanceOrder(t.database.db, shipped, 2);
    await backdate(t.database.db, [unpaid], 'payBefore', 3600);
    await backdate(t.database.db, [shipped], 'shippedAt', 4 * DAY);
    const config = testConfig({ ORDER_RECEIVE_DAYS: 3, ORDER_COMPLETE_DAYS: 7 });
    const runner = startJobs(orderJobs(t.database, config), 50, pino({ level: 'silent' }));
    try {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && (await statuses([unpaid, shipped])).join() !== '-1,3')
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      await runner.stop();
    }
    expect(await statuses([unpaid, shipped])).toEqual([-1, 3]);
    expect(await stockOf(t.database.db, p.id, p.specs[0])).toEqual({ product: 49, spec: 49 });
  });

  it('the settings: defaults 30 minutes to pay, 10 days to receive, 7 to complete, jobs every 30 s', () => {
    expect(testConfig()).toMatchObject({
      ORDER_PAY_MINUTES: 30,
      ORDER_RECEIVE_DAYS: RECEIVE_DAYS,
      ORDER_COMPLETE_DAYS: COMPLETE_DAYS,
      ORDER_JOB_SECONDS: 30,
    });
  });
});
