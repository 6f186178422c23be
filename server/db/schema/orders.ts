import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { blank, createdAt, int64, link, moment, serialId, stamps, statusListIndexes, zero } from './columns';
import { products, shops } from './catalog';
import { users } from './users';

/**
 * Orders and what hangs off each: its items as bought, its status changes and its logistics
 * timeline. The address an order ships to is a copy taken at checkout.
 */

/** The shipping address as it was when the order was made. */
export interface AddressSnapshot {
  addressee: string;
  mobile: string;
  country: string;
  region: string;
  detail: string;
  tag: string;
}

/**
 * Orders: one per shop; a checkout's orders share `out_trade_no` and are paid together. Amounts are
 * integer cents: total = goods + freight - discount. Status codes: common/order-status.ts.
 */
export const orders = pgTable(
  'orders',
  {
    id: serialId(),
    /** The order number shown and copied (unique, not guessable from the id). */
    orderSn: text('order_sn').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    userId: link('user_id', () => users.id, 'restrict'),
    shopId: link('shop_id', () => shops.id, 'restrict'),
    status: smallint('status').notNull().default(0),
    /** The status before an after-sale request (a refused refund returns to it). */
    statusBeforeAfterSale: smallint('status_before_after_sale'),
    goodsAmount: integer('goods_amount').notNull(),
    freight: zero('freight'),
    discount: zero('discount'),
    total: integer('total').notNull(),
    promoCode: text('promo_code'),
    address: jsonb('address').$type<AddressSnapshot>().notNull(),
    remark: blank('remark'),
    carrier: text('carrier'),
    trackingNo: text('tracking_no'),
    /** Unpaid orders are cancelled by the expiry job after this moment. */
    payBefore: moment('pay_before').notNull(),
    paidAt: moment('paid_at'),
    shippedAt: moment('shipped_at'),
    receivedAt: moment('received_at'),
    completedAt: moment('completed_at'),
    cancelledAt: moment('cancelled_at'),
    refundedAt: moment('refunded_at'),
    /** The shopper deleted (hid) the finished order. */
    hiddenAt: moment('hidden_at'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('orders_sn_uq').on(t.orderSn),
    index('orders_trade_idx').on(t.outTradeNo),
    // The shopper's tabs (all, and by status) and the operator's list by status, newest first.
    ...statusListIndexes('orders', t),
    // The desk's /stats: orders placed today, orders paid today.
    index('orders_created_idx').on(t.createdAt),
    index('orders_paid_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    // The jobs: unpaid past their time, shipped long ago, received long ago.
    index('orders_unpaid_idx')
      .on(t.payBefore)
      .where(sql`${t.status} = 0`),
    index('orders_shipped_idx')
      .on(t.shippedAt)
      .where(sql`${t.status} = 2`),
    index('orders_received_idx')
      .on(t.receivedAt)
      .where(sql`${t.status} = 3`),
    check(
      'orders_amounts',
      sql`${t.goodsAmount} >= 0 and ${t.freight} >= 0 and ${t.discount} >= 0 and ${t.total} = ${t.goodsAmount} + ${t.freight} - ${t.discount} and ${t.total} >= 0`,
    ),
  ],
);

/** What was bought, as it was when bought (title, spec, price and picture are copies). */
export const orderItems = pgTable(
  'order_items',
  {
    id: serialId(),
    orderId: link('order_id', () => orders.id, 'cascade'),
    productId: link('product_id', () => products.id, 'restrict'),
    /** 0 for a product without specs. */
    specId: int64('spec_id').notNull().default(0),
    title: text('title').notNull(),
    /** The spec's options as chosen ({ colour: "red" }); labels are translated when shown. */
    specOptions: jsonb('spec_options').$type<Record<string, string>>().notNull().default({}),
    image: blank('image'),
    price: integer('price').notNull(),
    num: integer('num').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_num_pos', sql`${t.num} > 0 and ${t.price} >= 0`),
  ],
);

export const ORDER_ACTORS = ['shopper', 'operator', 'system'] as const;

/** Every status change of an order: from, to, who, when (the detail's timeline). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serialId(),
    orderId: link('order_id', () => orders.id, 'cascade'),
    /** Null for the order's creation. */
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    actor: text('actor', { enum: ORDER_ACTORS }).notNull(),
    note: blank('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/** The logistics timeline: one row per carrier event the operator records. */
export const orderTracks = pgTable(
  'order_tracks',
  {
    id: serialId(),
    orderId: link('order_id', () => orders.id, 'cascade'),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_tracks_order_idx').on(t.orderId, t.id)],
);

/**
 * Paid orders whose units are not yet counted in their products' and shops' sales. A payment only
 * adds its orders here (no lock on a product or shop row, which every buyer of a flash sale would
 * wait for); a job adds them up in batches a few seconds later (server/jobs/sales.ts).
 */
export const salesQueue = pgTable('sales_queue', {
  orderId: link('order_id', () => orders.id, 'cascade').primaryKey(),
  createdAt: createdAt(),
});
