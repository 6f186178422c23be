import { FINISHED_STATUSES, isOrderStatus, ORDER_STATUS, type OrderStatus } from '@common/order-status';

/** The name of each status under "orderList.status" in the locale files. */
export const STATUS_NAME = {
  [ORDER_STATUS.waitingPay]: 'waitingPay',
  [ORDER_STATUS.waitingDelivery]: 'waitingDelivery',
  [ORDER_STATUS.delivered]: 'delivered',
  [ORDER_STATUS.received]: 'received',
  [ORDER_STATUS.completed]: 'completed',
  [ORDER_STATUS.cancelled]: 'cancelled',
  [ORDER_STATUS.afterSale]: 'afterSale',
  [ORDER_STATUS.refunded]: 'refunded',
} as const satisfies Record<OrderStatus, string>;

export type StatusName = (typeof STATUS_NAME)[OrderStatus];

/** A status code from the server as its name ("waitingPay"); an unknown code reads as undefined. */
export const statusName = (status: number): StatusName | undefined =>
  isOrderStatus(status) ? STATUS_NAME[status] : undefined;

/** The key of a tab in the list answer's `counts`: "all" or the status code. */
export const countKey = (tab: OrderStatus | undefined) => (tab === undefined ? 'all' : String(tab));

/** What the shopper may do with an order in `status` (refunds and reviews come later). */
export function orderActions(status: number) {
  return {
    pay: status === ORDER_STATUS.waitingPay,
    cancel: status === ORDER_STATUS.waitingPay,
    receive: status === ORDER_STATUS.delivered,
    remove: (FINISHED_STATUSES as number[]).includes(status),
  };
}

/**
 * An order whose items may still be reviewed: received, or completed by the job before every item
 * was reviewed, with an item left (the server holds the same rule).
 */
export function canReview(order: { status: number; items: readonly { reviewed: boolean }[] }): boolean {
  const open = order.status === ORDER_STATUS.received || order.status === ORDER_STATUS.completed;
  return open && order.items.some((item) => !item.reviewed);
}
