import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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

/** A shopper's shipping addresses (at most 20); exactly one default while any exist. */
export const addresses = pgTable(
  'addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressee: text('addressee').notNull(),
    mobile: text('mobile').notNull(),
    /** ISO 3166-1 alpha-2 code. */
    country: text('country').notNull(),
    /** A region code of that country's list, or free text where the country has no list. */
    region: text('region').notNull(),
    detail: text('detail').notNull(),
    /** home, company, other, or the shopper's own word. */
    tag: text('tag').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.id),
    uniqueIndex('addresses_one_default_uq')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

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

/** Promo codes, set by the operator. `value` is cents (amount) or basis points (percent: 1500 = 15 %). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Stored upper-case; matched case-insensitively. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['amount', 'percent'] }).notNull(),
    value: integer('value').notNull(),
    minSpend: integer('min_spend').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Null: unlimited. */
    totalLimit: integer('total_limit'),
    perUserLimit: integer('per_user_limit'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_uq').on(t.code),
    check('promo_codes_value_pos', sql`${t.value} > 0 and ${t.minSpend} >= 0 and ${t.usedCount} >= 0`),
    check('promo_codes_used_limit', sql`${t.totalLimit} is null or ${t.usedCount} <= ${t.totalLimit}`),
  ],
);

/** One row per checkout (order group) a code was used in. */
export const promoUses = pgTable(
  'promo_uses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    promoId: bigint('promo_id', { mode: 'number' })
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    outTradeNo: text('out_trade_no').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promo_uses_promo_user_idx').on(t.promoId, t.userId),
    uniqueIndex('promo_uses_trade_uq').on(t.outTradeNo),
  ],
);

/**
 * A notification's end in the outbox: sent; the shopper switched its kind off; the bot is blocked;
 * the account has no Telegram chat; the bot may not write first (the shopper never started it nor
 * allowed it: bot_chats.may_write); too old to be news; given up after errors.
 */
export const NOTIFICATION_DELIVERY = [
  'sent',
  'off',
  'blocked',
  'noChat',
  'noWrite',
  'stale',
  'failed',
] as const;

/**
 * What a shopper is told: order steps, refunds, top-ups, withdrawals. The /notification screen
 * lists them; the bot's outbox delivers them to Telegram (`sent_at`, `attempts`).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A translation key under "notify" in the locale files, e.g. "orderShipped". */
    kind: text('kind').notNull(),
    /** Parameters of the text (order number, amount...). */
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    refType: text('ref_type'),
    refId: text('ref_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** The outbox takes the row from this moment (a claim's lease, a retry's back-off). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Why the outbox stopped without sending (server/jobs/outbox.ts): null while it may still be
     * sent; 'sent' once sent.
     */
    delivery: text('delivery', { enum: NOTIFICATION_DELIVERY }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The outbox: rows still to send, due first.
    index('notifications_outbox_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.delivery} is null`),
    index('notifications_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_unsent_idx')
      .on(t.id)
      .where(sql`${t.sentAt} is null`),
  ],
);
