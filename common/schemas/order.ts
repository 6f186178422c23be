import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from '../order-status';
import { addressItem } from './address';
import { goodsLineFields, quantity, specId } from './cart';
import { id, limit, page, pagedOf } from './fields';
import { refundable, refundBrief, refundView } from './refund';

/**
 * Checkout, payment and orders. Amounts are decimal strings ("19.90"). The calls that create orders
 * or move money (merSubmit, merPay, pay) need an `Idempotency-Key` header: the same key answers the
 * first result again and changes nothing twice.
 */
export { IDEMPOTENCY_HEADER } from '../api/headers';

const promoCode = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
  z.string({ error: 'checkout.promoInvalid' }).max(32, { error: 'checkout.promoInvalid' }).optional(),
);

/**
 * What is being bought: the selected cart lines (or the given `cart_ids`), or one product now
 * (`product_id`, `spec_id`, `number`: "buy now").
 */
const buying = {
  cart_ids: z.array(id('errors.notFound')).max(200).optional(),
  product_id: id('errors.productNotFound').optional(),
  spec_id: specId.optional(),
  number: quantity.optional(),
  address_id: id('checkout.addressRequired').optional(),
  promo_code: promoCode,
};

/** POST /api/order/merCreate: the preview. */
export const checkoutBody = z.object(buying);
export type CheckoutBody = z.infer<typeof checkoutBody>;

/** POST /api/order/merSubmit: makes the orders (one per shop) under one out_trade_no. */
export const submitBody = z.object({
  ...buying,
  remark: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string().max(200, { error: 'checkout.remarkTooLong' }).optional(),
  ),
});
export type SubmitBody = z.infer<typeof submitBody>;

const payPassword = z
  .string({ error: 'errors.payPasswordRequired' })
  .min(1, { error: 'errors.payPasswordRequired' })
  .max(64);

const payCredential = z
  .string({ error: 'errors.payCredentialRefused' })
  .regex(/^[A-Za-z0-9_-]{20,128}$/, { error: 'errors.payCredentialRefused' });

/**
 * How a payment is authorised: the payment password, or the credential a device released after
 * Face ID or a fingerprint (POST /api/user/pay_device_add issued it). One of the two.
 */
const payProof = {
  password_pay: payPassword.optional(),
  pay_credential: payCredential.optional(),
};
const oneProof = (body: { password_pay?: string; pay_credential?: string }) =>
  body.password_pay !== undefined || body.pay_credential !== undefined;

/** POST /api/order/merPay: pays every order of a checkout. */
export const payGroupBody = z
  .object({
    out_trade_no: z
      .string({ error: 'errors.notFound' })
      .regex(/^[A-Z0-9]{8,40}$/, { error: 'errors.notFound' }),
    ...payProof,
  })
  .refine(oneProof, { error: 'errors.payPasswordRequired', path: ['password_pay'] });
/** POST /api/user/pay: pays one order. */
export const payOrderBody = z
  .object({ order_id: id('errors.notFound'), ...payProof })
  .refine(oneProof, { error: 'errors.payPasswordRequired', path: ['password_pay'] });

/** POST /api/order/payCard: a Telegram invoice for every unpaid order of a checkout, or for one order. */
export const payCardBody = z.union(
  [
    z.object({ out_trade_no: payGroupBody.shape.out_trade_no }).strict(),
    z.object({ order_id: id('errors.notFound') }).strict(),
  ],
  { error: 'errors.notFound' },
);
export type PayCardBody = z.infer<typeof payCardBody>;
/** GET /api/order/payCard: what came of a card payment of orders. */
export const cardPaymentQuery = z.object({ id: id('errors.notFound') });

/** The status filter: absent, "" and "all" mean every order; otherwise one of the codes. */
export const statusFilter = z.preprocess(
  (v) => (v === '' || v === 'all' || v === undefined || v === null ? undefined : Number(v)),
  z
    .number({ error: 'errors.invalidParam' })
    .refine((n): n is OrderStatus => (ORDER_STATUSES as number[]).includes(n), {
      error: 'errors.invalidParam',
    })
    .optional(),
);

/** GET /api/user/order_list */
export const orderListQuery = z.object({ status: statusFilter, page, limit: limit(10) });
/** GET /api/order/detail; POST /api/order/cancel, received, delete. */
export const orderIdQuery = z.object({ order_id: id('errors.notFound') });

// ---------- answers ----------

export const checkoutLine = z.object({
  /** Null for "buy now". */
  cartId: z.number().int().nullable(),
  ...goodsLineFields,
  subtotal: z.string(),
});

export const checkoutGroup = z.object({
  shopId: z.number().int(),
  shopName: z.string(),
  shopAvatar: z.string(),
  lines: z.array(checkoutLine),
  goodsAmount: z.string(),
  freight: z.string(),
  discount: z.string(),
  total: z.string(),
});

/**
 * The promo code's effect. Not applied: `error` is the reason's stable key (checkout.promoExpired...)
 * and `message` its text in the request's language; applied: `error` null and `message` the saving.
 */
export const promoEffect = z.object({
  code: z.string(),
  applied: z.boolean(),
  discount: z.string(),
  error: z.string().nullable(),
  message: z.string().nullable(),
});

export const checkoutAnswer = z.object({
  groups: z.array(checkoutGroup),
  /** The chosen address, else the default one; null when the shopper has none. */
  address: addressItem.nullable(),
  promo: promoEffect.nullable(),
  goodsAmount: z.string(),
  freight: z.string(),
  discount: z.string(),
  total: z.string(),
  balance: z.string(),
  hasPayPassword: z.boolean(),
});
export type CheckoutAnswer = z.infer<typeof checkoutAnswer>;

export const submitAnswer = z.object({
  outTradeNo: z.string(),
  orderIds: z.array(z.number().int()),
  total: z.string(),
  /** ISO time after which unpaid orders are cancelled. */
  payBefore: z.string(),
});
export type SubmitAnswer = z.infer<typeof submitAnswer>;

export const payAnswer = z.object({
  outTradeNo: z.string(),
  orderIds: z.array(z.number().int()),
  paid: z.string(),
  balance: z.string(),
});
export type PayAnswer = z.infer<typeof payAnswer>;

/** A card payment of orders: open `invoiceLink` with the SDK's invoice.open(link, 'url'). */
export const payCardAnswer = z.object({ id: z.number().int(), amount: z.string(), invoiceLink: z.string() });
export type PayCardAnswer = z.infer<typeof payCardAnswer>;

/**
 * What a paid card invoice came to: the orders paid (the payment's answer), or the money credited
 * to the balance because the orders could no longer be paid (`reason`, a translated sentence).
 */
export const cardSettlement = z.discriminatedUnion('outcome', [
  payAnswer.extend({ outcome: z.literal('paid') }),
  z.object({ outcome: z.literal('balance'), reason: z.string(), balance: z.string() }),
]);
export type CardSettlement = z.infer<typeof cardSettlement>;

/** GET /api/order/payCard: `settlement` is null until Telegram has reported the payment. */
export const cardPaymentAnswer = z.object({ id: z.number().int(), settlement: cardSettlement.nullable() });
export type CardPaymentAnswer = z.infer<typeof cardPaymentAnswer>;

export const orderItem = z.object({
  id: z.number().int(),
  ...goodsLineFields,
  /** The shopper has reviewed this item (POST /api/order/comment). */
  reviewed: z.boolean(),
});

export const orderCard = z.object({
  id: z.number().int(),
  orderSn: z.string(),
  outTradeNo: z.string(),
  status: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  shopAvatar: z.string(),
  items: z.array(orderItem),
  itemCount: z.number().int(),
  goodsAmount: z.string(),
  freight: z.string(),
  discount: z.string(),
  total: z.string(),
  createdAt: z.string(),
  payBefore: z.string(),
  /** The order's refund request (one per order, ever), or null. */
  refund: refundBrief.nullable(),
});
export type OrderCard = z.infer<typeof orderCard>;

/** GET /api/user/order_list: a page, plus the number of orders under each tab ("all", "0", "-1", ...). */
export const orderListAnswer = pagedOf(orderCard).extend({ counts: z.record(z.string(), z.number().int()) });
export type OrderListAnswer = z.infer<typeof orderListAnswer>;

export const orderEvent = z.object({
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int(),
  actor: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export const orderTrack = z.object({ text: z.string(), createdAt: z.string() });

/** GET /api/order/detail */
export const orderDetailAnswer = orderCard.extend({
  address: addressItem.omit({ id: true, isDefault: true }),
  remark: z.string(),
  promoCode: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNo: z.string().nullable(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  events: z.array(orderEvent),
  /** The logistics timeline, newest first. */
  tracks: z.array(orderTrack),
  refund: refundView.nullable(),
  /** Null unless a refund may be asked now (the refund button shows only then). */
  refundable: refundable.nullable(),
});
export type OrderDetailAnswer = z.infer<typeof orderDetailAnswer>;

/** GET /api/user/notification_list: newest first. `link` is the Mini App path it opens. */
export const notificationItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export const notificationListAnswer = pagedOf(notificationItem).extend({ unread: z.number().int() });
export const notificationListQuery = z.object({ page, limit: limit(20) });
/** POST /api/user/notification_read: marks some (ids) or all (none given) as read. */
export const notificationReadBody = z.object({ ids: z.array(id('errors.notFound')).max(100).optional() });
