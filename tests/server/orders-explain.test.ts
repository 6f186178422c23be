import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { completeSweep, dueOrdersQuery, expirySweep, receiveSweep } from '../../server/jobs/orders';
import { notificationPageQuery } from '../../server/modules/notifications/list';
import { statsQueries } from '../../server/modules/desk/stats';
import { itemsOfOrdersQuery } from '../../server/modules/orders/cards';
import { orderPageQuery, statusCountsQuery } from '../../server/modules/orders/list';
import { makeProduct, makeShop, payOrder, placeOrder } from './support/orders-fixture';
import { expectIndexOrder, explainPlan } from '../support/explain';
import { useTestApp } from '../support/use-app';

/**
 * Every query is built by the service's own query builder (the one the service awaits), then
 * explained: what is checked is the SQL the orders screens and jobs really send.
 */
const t = useTestApp();
let userId: number;
beforeAll(async () => {
  const { db } = t.database;
  const shopId = await makeShop(db, 'Explain Shop');
  const product = await makeProduct(db, shopId, { stock: 1000 });
  const shoppers = [];
  for (let i = 0; i < 3; i++) shoppers.push((await t.register(`explain_${i}`)).id);
  for (const [i, shopper] of shoppers.entries()) {
    for (let n = 0; n < 6; n++) {
      const order = await placeOrder(db, shopper, shopId, [{ productId: product.id, num: 1 }]);
      if ((n + i) % 2 === 0) await payOrder(db, order.id);
    }
  }
  userId = shoppers[1];
  await db.execute(sql`analyze`);
});

const plan = (query: { getSQL(): SQL }, ordered = false) => explainPlan(t.database.db, query, { ordered });

const first = { page: 1, limit: 10 };

describe("indexes serve the shopper's order screens", () => {
  it('the "all" tab reads orders_user_idx in id order, newest first', async () => {
    const text = await plan(orderPageQuery(t.database.db, userId, undefined, first), true);
    expectIndexOrder(text, 'orders_user_idx', 'orders');
  });

  it('a status tab reads orders_user_status_idx, newest first', async () => {
    for (const status of [0, 1, -1] as const) {
      const text = await plan(orderPageQuery(t.database.db, userId, status, { page: 2, limit: 5 }), true);
      expectIndexOrder(text, 'orders_user_status_idx', 'orders', String(status));
    }
  });

  it("every tab's count is one grouped query over the shopper's part of an index", async () => {
    expect(await plan(statusCountsQuery(t.database.db, userId))).toMatch(/using orders_user(_status)?_idx/);
  });

  it("a page's items are one query over order_items_order_idx", async () => {
    expect(await plan(itemsOfOrdersQuery(t.database.db, [1, 2, 3, 4, 5]))).toContain('order_items_order_idx');
  });

  it('notifications read notifications_user_idx, newest first', async () => {
    const text = await plan(notificationPageQuery(t.database.db, userId, { page: 1, limit: 20 }), true);
    expect(text).toContain('notifications_user_idx');
    expect(text).not.toMatch(/Sort/);
  });
});

describe('the order jobs claim their batches through the partial indexes', () => {
  it('expiry, auto-receive and auto-complete each read their own index, oldest first', async () => {
    const cases = [
      [expirySweep, 'orders_unpaid_idx'],
      [receiveSweep(10), 'orders_shipped_idx'],
      [completeSweep(7), 'orders_received_idx'],
    ] as const;
    for (const [sweep, index] of cases) {
      const text = await plan(dueOrdersQuery(t.database.db, sweep, 200), true);
      expect(text, index).toContain(index);
      expect(text, index).toContain('LockRows');
    }
  });
});

describe("the desk's /stats counts read indexes, not the whole orders table", () => {
  it('placed today, paid today and paid orders waiting delivery each read their index', async () => {
    const q = statsQueries(t.database.db);
    const cases = [
      [q.placed, 'orders_created_idx'],
      [q.paid, 'orders_paid_idx'],
      [q.toShip, 'orders_status_idx'],
    ] as const;
    for (const [query, index] of cases) {
      const text = await plan(query);
      expect(text, index).toContain(index);
      expect(text, index).not.toContain('Seq Scan');
    }
  });
});
