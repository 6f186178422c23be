import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { flag, int64, link, stamps } from './columns';
import { products } from './catalog';
import { shopperRow } from './users';

/** The shopping cart: what each shopper has put in the bag. */

/** One line per shopper, product and spec (spec_id 0 = a product without specs). */
export const cartItems = pgTable(
  'cart_items',
  {
    ...shopperRow('cascade'),
    productId: link('product_id', () => products.id, 'cascade'),
    /** 0 when the product has no specs (so the unique index below holds without NULLs). */
    specId: int64('spec_id').notNull().default(0),
    num: integer('num').notNull(),
    selected: flag('selected', true),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('cart_items_line_uq').on(t.userId, t.productId, t.specId),
    index('cart_items_user_idx').on(t.userId, t.id),
    check('cart_items_num_pos', sql`${t.num} > 0`),
  ],
);
