import { eq } from 'drizzle-orm';
import { REFUNDABLE_STATUSES } from '@common/order-status';
import { toAmount } from '@common/money';
import type { Refundable, RefundView } from '@common/schemas/refund';
import type { DbOrTx } from '../../db/client';
import { refunds, type orderItems, type orders } from '../../db/schema';
import { evidenceLink } from '../upload';
import { productShares } from './refundable';

/** How the order's refund and whether one may be asked read on the order's detail. */
export type RefundRow = typeof refunds.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function refundOfOrder(db: DbOrTx, orderId: number): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.orderId, orderId));
  return row;
}

/** The refund for its shopper: proof pictures as links valid for an hour. */
export function refundView(r: RefundRow, now = Date.now()): RefundView {
  return {
    id: r.id,
    status: r.status,
    amount: toAmount(r.amount),
    serviceType: r.serviceType,
    receivingStatus: r.receivingStatus,
    productIds: r.productIds,
    reasonType: r.reasonType,
    explain: r.explain,
    images: r.images.map((p) => evidenceLink(p, now)),
    returnAddress: r.returnAddress,
    returnCarrier: r.returnCarrier,
    returnTrackingNo: r.returnTrackingNo,
    refuseReason: r.refuseReason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: iso(r.decidedAt),
    refundedAt: iso(r.refundedAt),
  };
}

/** Null unless the order may ask for a refund now: paid and not finished, and never asked before. */
export function refundableOf(
  order: typeof orders.$inferSelect,
  items: (typeof orderItems.$inferSelect)[],
  refund: RefundRow | undefined,
): Refundable | null {
  if (refund || !(REFUNDABLE_STATUSES as number[]).includes(order.status)) return null;
  const shares = productShares(order, items);
  return {
    max: toAmount(order.total),
    products: [...shares].map(([productId, max]) => ({ productId, max: toAmount(max) })),
  };
}
