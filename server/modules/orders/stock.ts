import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import { orderItems, productSpecs, products } from '../../db/schema';

export interface StockLine {
  productId: number;
  /** 0: the product has no specs. */
  specId: number;
  num: number;
}

/**
 * Takes `line.num` units with conditional updates (never read, compute, write back): the spec's
 * stock (when it has one) and the product's total, each only while enough is left, in one
 * statement (a product on sale holds its row only as long as it must). Answers false, having taken
 * nothing of this line, when there is not enough; the caller's transaction decides.
 */
export async function takeStock(tx: Tx, line: StockLine): Promise<boolean> {
  const product = sql`
    update ${products} set stock = stock - ${line.num}
    where id = ${line.productId} and stock >= ${line.num}`;
  if (line.specId === 0) {
    const [taken] = rowsOf<{ id: unknown }>(await tx.execute(sql`${product} returning id`));
    return taken !== undefined;
  }
  const [row] = rowsOf<{ spec: number | string; product: number | string }>(
    await tx.execute(sql`
      with spec as (
        update ${productSpecs} set stock = stock - ${line.num}
        where id = ${line.specId} and product_id = ${line.productId} and stock >= ${line.num}
        returning id
      ),
      total as (${product} and exists (select 1 from spec) returning id)
      select (select count(*) from spec) as spec, (select count(*) from total) as product`),
  );
  if (Number(row.spec) === 0) return false;
  // A spec taken without its product's total would leave the two apart: undo by failing the caller.
  if (Number(row.product) === 0) throw new Error(`product ${line.productId} total below its spec`);
  return true;
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
