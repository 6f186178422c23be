import { ORDER_STATUS, type OrderStatus } from '@common/order-status';

/** Order statuses in the operator's words (English: the command line and the operators' chat). */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  [ORDER_STATUS.waitingPay]: 'waiting pay',
  [ORDER_STATUS.waitingDelivery]: 'waiting delivery',
  [ORDER_STATUS.delivered]: 'delivered',
  [ORDER_STATUS.received]: 'received',
  [ORDER_STATUS.completed]: 'completed',
  [ORDER_STATUS.cancelled]: 'cancelled',
  [ORDER_STATUS.afterSale]: 'in after-sale',
  [ORDER_STATUS.refunded]: 'refunded',
};

export const statusLabel = (status: number): string => STATUS_LABELS[status as OrderStatus] ?? String(status);

/** A top-up's or a withdrawal's audit status in the operator's words; an unpaid card invoice is no audit. */
export function auditLabel(status: number, card = false): string {
  if (status === 0) return card ? 'waiting payment' : 'auditing';
  if (status === 1) return 'passed';
  if (status === 2) return 'refused';
  return String(status);
}
