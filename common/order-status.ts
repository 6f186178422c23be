/**
 * Order statuses: the codes the order list filters by, and the moves allowed between them.
 * One table, used by the server's transition function and by the tests that check every order only
 * ever moved along it.
 */
export const ORDER_STATUS = {
  waitingPay: 0,
  waitingDelivery: 1,
  delivered: 2,
  received: 3,
  completed: 4,
  cancelled: -1,
  refunded: -2,
  afterSale: -4,
} as const;

export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export const ORDER_STATUSES = Object.values(ORDER_STATUS) as OrderStatus[];

/** The tabs of the orders screen, in order; `undefined` is "all". */
export const ORDER_TABS: (OrderStatus | undefined)[] = [undefined, 0, 1, 2, 3, 4, -1, -4, -2];

/**
 * The tab a `/myPurchases/:status` value opens, for the app and for the server's early call: a
 * known status code, else undefined (all orders).
 */
export function orderTabOf(param: string | undefined): OrderStatus | undefined {
  if (param === undefined || param === '' || param === 'all') return undefined;
  const n = Number(param);
  return ORDER_TABS.includes(n as OrderStatus) ? (n as OrderStatus) : undefined;
}

/** Statuses a shopper may delete (hide) an order in. */
export const FINISHED_STATUSES: OrderStatus[] = [
  ORDER_STATUS.cancelled,
  ORDER_STATUS.completed,
  ORDER_STATUS.refunded,
];

/** Statuses a refund may be asked from: paid and not yet completed (one request per order, ever). */
export const REFUNDABLE_STATUSES: OrderStatus[] = [
  ORDER_STATUS.waitingDelivery,
  ORDER_STATUS.delivered,
  ORDER_STATUS.received,
];

/** Allowed moves: from -> the statuses it may go to. A refused refund returns to the status before. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  [ORDER_STATUS.waitingPay]: [ORDER_STATUS.waitingDelivery, ORDER_STATUS.cancelled],
  [ORDER_STATUS.waitingDelivery]: [ORDER_STATUS.delivered, ORDER_STATUS.afterSale],
  [ORDER_STATUS.delivered]: [ORDER_STATUS.received, ORDER_STATUS.afterSale],
  [ORDER_STATUS.received]: [ORDER_STATUS.completed, ORDER_STATUS.afterSale],
  [ORDER_STATUS.afterSale]: [
    ORDER_STATUS.refunded,
    ORDER_STATUS.waitingDelivery,
    ORDER_STATUS.delivered,
    ORDER_STATUS.received,
  ],
  [ORDER_STATUS.completed]: [],
  [ORDER_STATUS.cancelled]: [],
  [ORDER_STATUS.refunded]: [],
};

export const canMove = (from: OrderStatus, to: OrderStatus): boolean => ORDER_TRANSITIONS[from].includes(to);

export const isOrderStatus = (v: number): v is OrderStatus => (ORDER_STATUSES as number[]).includes(v);
