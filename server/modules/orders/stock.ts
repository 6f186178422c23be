import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderItems, productSpecs, products } from '../../db/schema';

export interface StockLine {
  productId: number;
  /** 0: the product has no specs. */
  specId: number;
  num: number;
}

/**
 * Takes `line.num` units with conditional updates (never read, compute, write back): the spec's
 * stock (when it has one) and the product's total, each only while enough is left. Answers false,
 * having taken nothing of this line, when there is not enough; the caller's transaction decides.
 */
export async function takeStock(tx: Tx, line: StockLine): Promise<boolean> {
  if (line.specId !== 0) {
    const [spec] = await tx
      .update(productSpecs)
      .set({ stock: sql`${productSpecs.stock} - ${line.num}` })
      .where(
        and(
          eq(productSpecs.id, line.specId),
          eq(productSpecs.productId, line.productId),
          gte(productSpecs.stock, line.num),
        ),
      )
      .returning({ id: productSpecs.id });
    if (!spec) return false;
  }
  const [product] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${line.num}` })
    .where(and(eq(products.id, line.productId), gte(products.stock, line.num)))
    .returning({ id: products.id });
  // A spec taken without its product's total would leave the two apart: undo by failing the caller.
  if (!product && line.specId !== 0) throw new Error(`product ${line.productId} total below its spec`);
  return Boolean(product);
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
