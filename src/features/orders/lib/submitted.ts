import { ORDER_STATUS } from '@common/order-status';
import { paths } from '@common/paths';

/** The history state the checkout hands /payment: the orders it has just made. */
export const submittedState = (orderIds: readonly number[]) => ({ submitted: [...orderIds] });

/** The orders a /payment entry was opened for by a checkout's submit (its history state), or null. */
export function submittedOrders(state: unknown): number[] | null {
  const ids = (state as { submitted?: unknown } | null)?.submitted;
  if (!Array.isArray(ids) || ids.length === 0) return null;
  return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? (ids as number[]) : null;
}

/**
 * Where one checkout's orders are seen once it is left: the order itself, or, when it made several,
 * their tab (awaiting payment, or awaiting shipment once `paid`).
 */
export function afterPayment(orderIds: readonly number[], paid: boolean): string {
  if (orderIds.length === 1) return paths.orderInfo.href(orderIds[0]);
  return paths.myPurchases.href(paid ? ORDER_STATUS.waitingDelivery : ORDER_STATUS.waitingPay);
}
