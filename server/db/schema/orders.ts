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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The order number shown and copied (unique, not guessable from the id). */
    orderSn: text('order_sn').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    shopId: bigint('shop_id', { mode: 'number' })
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    status: smallint('status').notNull().default(0),
    /** The status before an after-sale request (a refused refund returns to it). */
    statusBeforeAfterSale: smallint('status_before_after_sale'),
    goodsAmount: integer('goods_amount').notNull(),
    freight: integer('freight').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    total: integer('total').notNull(),
    promoCode: text('promo_code'),
    address: jsonb('address').$type<AddressSnapshot>().notNull(),
    remark: text('remark').notNull().default(''),
    carrier: text('carrier'),
    trackingNo: text('tracking_no'),
    /** Unpaid orders are cancelled by the expiry job after this moment. */
    payBefore: timestamp('pay_before', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The shopper deleted (hid) the finished order. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_sn_uq').on(t.orderSn),
    index('orders_trade_idx').on(t.outTradeNo),
    // The shopper's tabs: all, and by status, newest first.
    index('orders_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    index('orders_user_status_idx').on(t.userId, t.status, t.id.desc().nullsFirst()),
    // The operator's list by status.
    index('orders_status_idx').on(t.status, t.id.desc().nullsFirst()),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** 0 for a product without specs. */
    specId: bigint('spec_id', { mode: 'number' }).notNull().default(0),
    title: text('title').notNull(),
    /** The spec's options as chosen ({ colour: "red" }); labels are translated when shown. */
    specOptions: jsonb('spec_options').$type<Record<string, string>>().notNull().default({}),
    image: text('image').notNull().default(''),
    price: integer('price').notNull(),
    num: integer('num').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null for the order's creation. */
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    actor: text('actor', { enum: ORDER_ACTORS }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/** The logistics timeline: one row per carrier event the operator records. */
export const orderTracks = pgTable(
  'order_tracks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_tracks_order_idx').on(t.orderId, t.id)],
);
