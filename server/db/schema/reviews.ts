import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products, shops } from './catalog';
import { orderItems, orders } from './orders';
import { users } from './users';

/**
 * A shopper's review of one item of a received order (POST /api/order/comment): one per order item
 * (the unique index makes a double post give one), scores 1 to 5. `pics` are the shopper's own
 * uploads (purpose `review`), public once the review is posted.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderItemId: bigint('order_item_id', { mode: 'number' })
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    pics: jsonb('pics').$type<string[]>().notNull().default([]),
    /** The spec bought, as the order item names it (its options; labels are translated when shown). */
    specOptions: jsonb('spec_options').$type<Record<string, string>>().notNull().default({}),
    productScore: smallint('product_score').notNull(),
    serviceScore: smallint('service_score').notNull(),
    postageScore: smallint('postage_score').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_order_item_uq').on(t.orderItemId),
    // The product's reviews, newest first (the detail's newest few and the paginated list).
    index('reviews_product_idx').on(t.productId, t.id.desc().nullsFirst()),
    index('reviews_order_idx').on(t.orderId),
    check(
      'reviews_scores',
      sql`${t.productScore} between 1 and 5 and ${t.serviceScore} between 1 and 5 and ${t.postageScore} between 1 and 5`,
    ),
  ],
);

/**
 * Running totals of a product's reviews, kept in step in each review's transaction (an upsert that
 * adds), so the detail page reads three averages and a count without scanning its reviews.
 */
export const productReviewStats = pgTable('product_review_stats', {
  productId: bigint('product_id', { mode: 'number' })
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  count: integer('count').notNull().default(0),
  productScoreSum: integer('product_score_sum').notNull().default(0),
  serviceScoreSum: integer('service_score_sum').notNull().default(0),
  postageScoreSum: integer('postage_score_sum').notNull().default(0),
});

/**
 * A shop's reviews and its favourable ones (product score 4 or 5), kept in step the same way; the
 * shop's `favorable_rate` (per mille) is set from them in the same transaction.
 */
export const shopReviewStats = pgTable('shop_review_stats', {
  shopId: bigint('shop_id', { mode: 'number' })
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  count: integer('count').notNull().default(0),
  favorable: integer('favorable').notNull().default(0),
});
