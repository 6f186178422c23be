import { ORDER_STATUS, type OrderStatus } from '../../../common/order-status';

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
