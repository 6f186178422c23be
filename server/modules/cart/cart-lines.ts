import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAX_LINE_NUM } from '@common/schemas/cart';
import type { Tx } from '../../db/client';
import { cartItems, products, productSpecs } from '../../db/schema';
import { AppError, NotFoundError } from '../../lib/errors';
import { LINE_AVAILABLE, lineStock } from './cart-view';

/**
 * Changes to a shopper's cart. Each runs inside the caller's transaction after `lockCart`, so one
 * shopper's cart changes one call at a time (two taps on "add" make one line with both quantities;
 * the line cap cannot be passed by calls racing each other). Nothing here is ever a silent cap: a
 * quantity above the stock is refused with how many are left.
 */
export const MAX_CART_LINES = 100;

export async function lockCart(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cart:${userId}`}, 0))`);
}

/** What decides whether a product (and spec) can go into the cart, read in one query. */
interface Offer {
  onSale: boolean;
  productStock: number;
  hasSpecs: boolean;
  specFound: boolean;
  specStock: number | null;
}

/** Refuses a product or spec that cannot be bought, naming why; answers the units that can. */
function stockOf(offer: Offer, specId: number): number {
  if (specId !== 0 && !offer.specFound) throw new NotFoundError('cart.specNotFound');
  if (specId === 0 && offer.hasSpecs) throw new AppError('cart.specRequired');
  if (!offer.onSale) throw new AppError('cart.offSale');
  const stock = lineStock(offer.productStock, offer.specStock, specId);
  if (stock <= 0) throw new AppError('cart.soldOut');
  return stock;
}

/** A line may hold at most the stock and at most MAX_LINE_NUM units. */
function checkNum(num: number, stock: number): void {
  if (num > stock) throw new AppError('cart.onlyLeft', { count: stock });
  if (num > MAX_LINE_NUM) throw new AppError('cart.lineMax', { max: MAX_LINE_NUM });
}

const offerColumns = {
  onSale: products.onSale,
  productStock: products.stock,
  hasSpecs: sql<boolean>`exists (select 1 from ${productSpecs} x where x.product_id = ${products.id})`,
  specFound: sql<boolean>`${productSpecs.id} is not null`,
  specStock: productSpecs.stock,
};

export interface AddLine {
  productId: number;
  /** 0: the product has no specs. */
  specId: number;
  num: number;
}

/** Adds `num` units of a product and spec: a new line, or more of the line already there (selected). */
export async function addLine(tx: Tx, userId: number, add: AddLine): Promise<void> {
  const [row] = await tx
    .select({
      ...offerColumns,
      inCart: sql<
        number | null
      >`(select c.num from ${cartItems} c where c.user_id = ${userId} and c.product_id = ${add.productId} and c.spec_id = ${add.specId})`,
      lines: sql<number>`(select count(*)::int from ${cartItems} c where c.user_id = ${userId})`,
    })
    .from(products)
    .leftJoin(productSpecs, and(eq(productSpecs.id, add.specId), eq(productSpecs.productId, products.id)))
    .where(eq(products.id, add.productId));
  if (!row) throw new NotFoundError('errors.productNotFound');
  const stock = stockOf(row, add.specId);
  const inCart = row.inCart === null ? null : Number(row.inCart);
  const num = (inCart ?? 0) + add.num;
  checkNum(num, stock);
  if (inCart === null && Number(row.lines) >= MAX_CART_LINES)
    throw new AppError('cart.full', { max: MAX_CART_LINES });
  await tx
    .insert(cartItems)
    .values({ userId, productId: add.productId, specId: add.specId, num })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId, cartItems.specId],
      set: { num, selected: true, updatedAt: sql`now()` },
    });
}

/** Sets a line's quantity; the line must be the shopper's and still buyable. */
export async function setLineNum(tx: Tx, userId: number, cartId: number, num: number): Promise<void> {
  const [row] = await tx
    .select({ ...offerColumns, specId: cartItems.specId })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(
      productSpecs,
      and(eq(productSpecs.id, cartItems.specId), eq(productSpecs.productId, cartItems.productId)),
    )
    .where(and(eq(cartItems.id, cartId), eq(cartItems.userId, userId)));
  if (!row) throw new NotFoundError('cart.lineNotFound');
  // The line's spec was withdrawn, or the product has gained specs since: the line names none of them.
  if (row.specId !== 0 ? !row.specFound : row.hasSpecs) throw new AppError('cart.specGone');
  checkNum(num, stockOf(row, row.specId));
  await tx
    .update(cartItems)
    .set({ num, updatedAt: sql`now()` })
    .where(and(eq(cartItems.id, cartId), eq(cartItems.userId, userId)));
}

const distinct = (ids: number[]) => [...new Set(ids)];

/** Removes lines; every id must be one of the shopper's lines, or nothing is removed. */
export async function deleteLines(tx: Tx, userId: number, cartIds: number[]): Promise<void> {
  const ids = distinct(cartIds);
  const removed = await tx
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, ids)))
    .returning({ id: cartItems.id });
  // Someone else's line looks exactly like a missing one; the transaction undoes the rest.
  if (removed.length !== ids.length) throw new NotFoundError('cart.lineNotFound');
}

export type Selection = { cartIds: number[] } | { shopId: number } | 'all';

/**
 * Selects or unselects some lines, a shop's lines or all of them. Only lines that can be bought are
 * selected; asking for a line that is not the shopper's (or a shop with no line in the cart) changes
 * nothing and answers "not found".
 */
export async function selectLines(
  tx: Tx,
  userId: number,
  which: Selection,
  selected: boolean,
): Promise<void> {
  const value = selected ? LINE_AVAILABLE : sql<boolean>`false`;
  const mine = eq(cartItems.userId, userId);
  if (which === 'all') {
    await tx.update(cartItems).set({ selected: value }).where(mine);
    return;
  }
  if ('cartIds' in which) {
    const ids = distinct(which.cartIds);
    if (ids.length === 0) return;
    const changed = await tx
      .update(cartItems)
      .set({ selected: value })
      .where(and(mine, inArray(cartItems.id, ids)))
      .returning({ id: cartItems.id });
    if (changed.length !== ids.length) throw new NotFoundError('cart.lineNotFound');
    return;
  }
  const changed = await tx
    .update(cartItems)
    .set({ selected: value })
    .where(
      and(
        mine,
        inArray(
          cartItems.productId,
          tx.select({ id: products.id }).from(products).where(eq(products.shopId, which.shopId)),
        ),
      ),
    )
    .returning({ id: cartItems.id });
  if (changed.length === 0) throw new NotFoundError('cart.lineNotFound');
}
