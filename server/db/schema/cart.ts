import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { users } from './users';

/** The shopping cart: what each shopper has put in the bag. */

/** One line per shopper, product and spec (spec_id 0 = a product without specs). */
export const cartItems = pgTable(
  'cart_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** 0 when the product has no specs (so the unique index below holds without NULLs). */
    specId: bigint('spec_id', { mode: 'number' }).notNull().default(0),
    num: integer('num').notNull(),
    selected: boolean('selected').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_line_uq').on(t.userId, t.productId, t.specId),
    index('cart_items_user_idx').on(t.userId, t.id),
    check('cart_items_num_pos', sql`${t.num} > 0`),
  ],
);
