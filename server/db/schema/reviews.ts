import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, link, ownKey, serialId, zero } from './columns';
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
    id: serialId(),
    orderItemId: link('order_item_id', () => orderItems.id, 'cascade'),
    orderId: link('order_id', () => orders.id, 'cascade'),
    productId: link('product_id', () => products.id, 'cascade'),
    shopId: link('shop_id', () => shops.id, 'cascade'),
    userId: link('user_id', () => users.id, 'cascade'),
    content: text('content').notNull(),
    pics: jsonb('pics').$type<string[]>().notNull().default([]),
    /** The spec bought, as the order item names it (its options; labels are translated when shown). */
    specOptions: jsonb('spec_options').$type<Record<string, string>>().notNull().default({}),
    productScore: smallint('product_score').notNull(),
    serviceScore: smallint('service_score').notNull(),
    postageScore: smallint('postage_score').notNull(),
    createdAt: createdAt(),
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
  productId: ownKey('product_id', () => products.id),
  count: zero('count'),
  productScoreSum: zero('product_score_sum'),
  serviceScoreSum: zero('service_score_sum'),
  postageScoreSum: zero('postage_score_sum'),
});

/**
 * A shop's reviews and its favourable ones (product score 4 or 5), kept in step the same way; the
 * shop's `favorable_rate` (per mille) is set from them in the same transaction.
 */
export const shopReviewStats = pgTable('shop_review_stats', {
  shopId: ownKey('shop_id', () => shops.id),
  count: zero('count'),
  favorable: zero('favorable'),
});
