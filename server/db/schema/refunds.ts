import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { link, moment, serialId, stamps } from './columns';
import { REFUND_REASONS, REFUND_RECEIVING, REFUND_SERVICE_TYPES, REFUND_STATES } from '@common/refund';
import { orders } from './orders';
import { users } from './users';

/**
 * After-sale refund requests: at most one per order, ever (the unique index on order_id holds it
 * even against two requests at the same moment). Amounts are cents. States: common/refund.ts.
 * `images` are the proof pictures' stored private paths (/evidence/...), uploads of the shopper
 * with purpose `refund`.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serialId(),
    orderId: link('order_id', () => orders.id, 'cascade'),
    userId: link('user_id', () => users.id, 'restrict'),
    serviceType: text('service_type', { enum: REFUND_SERVICE_TYPES }).notNull(),
    receivingStatus: text('receiving_status', { enum: REFUND_RECEIVING }).notNull(),
    status: text('status', { enum: REFUND_STATES }).notNull().default('applying'),
    amount: integer('amount').notNull(),
    /** The order's products the request is for; empty: the whole order. */
    productIds: jsonb('product_ids').$type<number[]>().notNull().default([]),
    reasonType: text('reason_type', { enum: REFUND_REASONS }).notNull(),
    explain: text('explain').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** Where the goods go back (return and refund), copied from the setting when approved. */
    returnAddress: text('return_address'),
    returnCarrier: text('return_carrier'),
    returnTrackingNo: text('return_tracking_no'),
    refuseReason: text('refuse_reason'),
    decidedBy: text('decided_by'),
    decidedAt: moment('decided_at'),
    refundedAt: moment('refunded_at'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('refunds_order_uq').on(t.orderId),
    // The operator's list: all, by state, by shopper; newest first.
    index('refunds_status_idx').on(t.status, t.id.desc().nullsFirst()),
    index('refunds_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    check('refunds_amount_pos', sql`${t.amount} > 0`),
  ],
);
