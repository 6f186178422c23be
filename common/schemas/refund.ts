import { z } from 'zod';
import { parseAmount, type Cents } from '../money';
import {
  REFUND_EXPLAIN_MAX,
  REFUND_IMAGES,
  REFUND_REASONS,
  REFUND_RECEIVING,
  REFUND_SERVICE_TYPES,
  REFUND_STATES,
} from '../refund';
import { id } from './fields';

/**
 * After-sale refunds. POST /api/order/refund needs an `Idempotency-Key` header: the same key
 * answers the first result again. Messages are keys of the server-only "orders" section (the server
 * translates them).
 */

/**
 * The refund amount as typed ("12.50"): absent means the most allowed; empty is "fill in the refund
 * amount", a minus sign "cannot be negative", zero "must be more than zero", anything else that is
 * not dollars with two decimals at most ("1e9") "enter a correct amount".
 */
const refundAmount = z
  .string({ error: 'orders.refundAmountInvalid' })
  .transform((text, ctx): Cents => {
    const trimmed = text.trim();
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (trimmed === '') return fail('orders.refundAmountRequired');
    if (/^-/.test(trimmed)) return fail('orders.refundAmountNegative');
    const cents = parseAmount(trimmed);
    if (cents === undefined) return fail('orders.refundAmountInvalid');
    if (cents === 0) return fail('orders.refundAmountZero');
    return cents;
  })
  .nullish();

/** The order's products the refund is for: ids, or their comma-separated digits; none is the whole order. */
const productIds = z.preprocess(
  (v) =>
    v === undefined || v === null || v === ''
      ? []
      : typeof v === 'string'
        ? v.split(',').map((s) => s.trim())
        : v,
  z.array(id('orders.refundProductUnknown')).max(100, { error: 'orders.refundProductUnknown' }),
);

/** POST /api/order/refund */
export const refundBody = z.object({
  order_id: id('errors.notFound'),
  service_type: z.enum(REFUND_SERVICE_TYPES, { error: 'orders.refundTypeRequired' }),
  receiving_status: z.enum(REFUND_RECEIVING, { error: 'orders.refundReceivingRequired' }),
  amount: refundAmount,
  product_ids: productIds,
  reason_type: z.enum(REFUND_REASONS, { error: 'orders.refundReasonRequired' }),
  refund_explain: z
    .string({ error: 'orders.refundExplainRequired' })
    .trim()
    .min(1, { error: 'orders.refundExplainRequired' })
    .max(REFUND_EXPLAIN_MAX, { error: 'orders.refundExplainTooLong' }),
  images: z
    .array(
      z.string({ error: 'orders.refundProofInvalid' }).max(300, { error: 'orders.refundProofInvalid' }),
      {
        error: 'orders.refundProofRequired',
      },
    )
    .min(REFUND_IMAGES.min, { error: 'orders.refundProofRequired' })
    .max(REFUND_IMAGES.max, { error: 'orders.refundProofTooMany' }),
});
export type RefundBody = z.infer<typeof refundBody>;

/** One line of printable text of at most `max` characters. */
const oneLine = (max: number, error: string) =>
  z
    .string({ error })
    .trim()
    .min(1, { error })
    .max(max, { error })
    .regex(/^[^\p{Cc}\p{Cf}]+$/u, { error });

/** POST /api/order/refund_return: the return parcel of an approved return and refund. */
export const refundReturnBody = z.object({
  order_id: id('errors.notFound'),
  carrier: oneLine(64, 'orders.refundCarrierRequired'),
  tracking_no: oneLine(64, 'orders.refundTrackingRequired'),
});

// ---------- answers ----------

/** The refund on the order's card: its state and amount. */
export const refundBrief = z.object({ status: z.enum(REFUND_STATES), amount: z.string() });

/** The refund on the order's detail. `images` are links valid for an hour, for this shopper only. */
export const refundView = refundBrief.extend({
  id: z.number().int(),
  serviceType: z.enum(REFUND_SERVICE_TYPES),
  receivingStatus: z.enum(REFUND_RECEIVING),
  productIds: z.array(z.number().int()),
  reasonType: z.enum(REFUND_REASONS),
  explain: z.string(),
  images: z.array(z.string()),
  returnAddress: z.string().nullable(),
  returnCarrier: z.string().nullable(),
  returnTrackingNo: z.string().nullable(),
  refuseReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type RefundView = z.infer<typeof refundView>;

/**
 * Whether a refund may be asked for the order now, and the most for each of its products (their
 * share of the goods after the discount); all of them together may have the order's total, freight
 * included (`max`). Null when no request is allowed.
 */
export const refundable = z.object({
  max: z.string(),
  products: z.array(z.object({ productId: z.number().int(), max: z.string() })),
});
export type Refundable = z.infer<typeof refundable>;
