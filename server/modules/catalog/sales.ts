import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { orderItems, orders, products, salesQueue, shops } from '../../db/schema';
import { invalidateCatalog } from './answer-cache';

/**
 * Units sold, as the catalogue shows them (a product's sales, a shop's total). A payment does not
 * add them itself: it queues its orders (`queueSales`), in its own transaction, and `countSales`
 * adds a batch of them up a moment later. So a payment never waits for a product's or a shop's row,
 * which in a flash sale every buyer's payment would (and each change of `sales` rewrites four
 * indexes); the counts follow a couple of seconds behind (SALES_COUNT_MS).
 */
export const SALES_COUNT_MS = 2000;
export const SALES_BATCH = 1000;

/**
 * Queues paid orders for counting, in the payment's statement that moves them (a CTE over moveOrders'
 * `moved`; once: the order is the key).
 */
export const SALES_QUEUED = sql`sales_queued as (
  insert into ${salesQueue} (order_id) select id from moved order by id on conflict do nothing
)`;

/**
 * Adds the units of up to `batch` queued orders to their products' and shops' sales and takes them
 * off the queue, in one transaction; answers how many orders were counted. One process counts at a
 * time (a transaction-scoped advisory lock; another finds it taken and leaves the queue to it). The
 * products and shops are locked in id order, as checkouts take stock, and only as strongly as an
 * update of a non-key column locks (FOR NO KEY UPDATE), which a checkout's order items, holding
 * key-share locks on their products until it commits, never wait for or make wait.
 */
export async function countSales(db: Db, batch = SALES_BATCH): Promise<number> {
  const counted = await db.transaction(async (tx) => {
    const [lock] = rowsOf<{ taken: boolean }>(
      await tx.execute(
        sql`select pg_try_advisory_xact_lock(hashtextextended('shop:count-sales', 0)) as taken`,
      ),
    );
    if (lock?.taken !== true) return 0;
    const taken = rowsOf<{ order_id: number | string }>(
      await tx.execute(sql`
        delete from ${salesQueue} where order_id in (
          select order_id from ${salesQueue} order by order_id limit ${batch})
        returning order_id`),
    ).map((r) => Number(r.order_id));
    if (taken.length === 0) return 0;
    const ids = sql.join(
      taken.map((id) => sql`${id}`),
      sql`, `,
    );
    const bought = sql`select product_id from ${orderItems} where order_id in (${ids})`;
    await tx.execute(sql`select id from ${products} where id in (${bought}) order by id for no key update`);
    await tx.execute(sql`
      update ${products} p set sales = p.sales + u.num
      from (select product_id, sum(num)::int as num from ${orderItems} where order_id in (${ids}) group by product_id) u
      where p.id = u.product_id`);
    await tx.execute(
      sql`select id from ${shops} where id in (select shop_id from ${orders} where id in (${ids})) order by id for no key update`,
    );
    await tx.execute(sql`
      update ${shops} s set total_sales = s.total_sales + u.num
      from (
        select o.shop_id, sum(i.num)::int as num from ${orderItems} i join ${orders} o on o.id = i.order_id
        where i.order_id in (${ids}) group by o.shop_id
      ) u
      where s.id = u.shop_id`);
    return taken.length;
  });
  // Sales changed: catalogue answers are read again.
  if (counted > 0) invalidateCatalog(db);
  return counted;
}
