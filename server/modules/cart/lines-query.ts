import { and, eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { cartItems, products, productSpecs, shops } from '../../db/schema';

/**
 * Cart lines with their product, its shop and the line's spec (a spec id of another product joins
 * nothing, so the line reads as one without that spec): what the cart shows and what a checkout
 * buys, read through the same joins. Takes `db.select(…).from(cartItems).$dynamic()`; the caller
 * adds its own where, order and limit.
 */
export const withProducts = <T extends PgSelect>(lines: T) =>
  lines
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(
      productSpecs,
      and(eq(productSpecs.id, cartItems.specId), eq(productSpecs.productId, cartItems.productId)),
    );
