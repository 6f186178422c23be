import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderItems, productSpecs, products } from '../../db/schema';

export interface StockLine {
  productId: number;
  /** 0: the product has no specs. */
  specId: number;
  num: number;
}

/**
 * A CTE, `stock_short`, that takes every line's units in the statement it is part of: the database's
 * take_stock (migration 0021) takes the spec's stock and the product's total with conditional
 * updates (never read, compute, write back), line after line in product-then-spec order, so racing
 * checkouts never deadlock. Its `short` is null when every line was taken, else the first line
 * short of units with what is left of it (StockShort): the caller must then roll back. For a
 * statement built once (server/db/statement.ts): the lines are its placeholder `stock` (stockValue).
 */
export const TAKE_STOCK: SQL = sql`stock_short as (
  select take_stock(${sql.placeholder('stock')}::jsonb) as short)`;

/** The lines as take_stock reads them. */
export const stockValue = (lines: StockLine[]): string =>
  JSON.stringify(lines.map((l) => ({ product_id: l.productId, spec_id: l.specId, num: l.num })));

/** A line take_stock could not take, and the units left of it. */
export interface StockShort {
  product_id: number;
  spec_id: number;
  left: number;
}

/**
 * Returns the units of these orders' items to stock (an unpaid order cancelled or expired; goods
 * that came back after a refund: only `productIds`' lines when given and not empty). The caller
 * moves the orders (or the refund) in the same transaction, with a conditional update on their
 * status, so stock returns once.
 */
export async function returnStock(tx: Tx, orderIds: number[], productIds: number[] = []): Promise<void> {
  if (orderIds.length === 0) return;
  const list = (values: number[]) =>
    sql.join(
      values.map((id) => sql`${id}`),
      sql`, `,
    );
  const ids = list(orderIds);
  const onlyProducts = productIds.length === 0 ? sql`` : sql`and product_id in (${list(productIds)})`;
  // One statement: the units per spec and product, added back to the spec and to the product total.
  await tx.execute(sql`
    with units as (
      select product_id, spec_id, sum(num)::int as num from ${orderItems}
      where order_id in (${ids}) ${onlyProducts} group by product_id, spec_id
    ), specs as (
      update ${productSpecs} s set stock = s.stock + u.num from units u
      where s.id = u.spec_id and u.spec_id <> 0
    )
    update ${products} p set stock = p.stock + t.num
    from (select product_id, sum(num)::int as num from units group by product_id) t
    where p.id = t.product_id`);
}
