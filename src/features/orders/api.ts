import { call, type Answer, type Params } from '../../api/call';
import type { RequestOptions } from '../../api/client';

/**
 * The checkout, payment, order and notification calls, one small function per endpoint of the
 * contract (common/api). Reads do not toast their failures (each screen shows its own state with a
 * retry). The writes go through useEndpointMutation (src/api): payments quietly (the payment screen
 * shows why on the screen), with the intent's idempotency key (src/api/idempotency.ts).
 */
const quiet: RequestOptions = { showError: false };

export type CheckoutParams = Params<'checkout.preview'>;
export type SubmitParams = Params<'checkout.submit'>;
export type Preview = Answer<'checkout.preview'>;
export type OrderCard = Answer<'order.list'>['list'][number];
export type OrderDetail = Answer<'order.detail'>;
export type OrderList = Answer<'order.list'>;
export type NotificationList = Answer<'notify.list'>;
export type NotificationItem = NotificationList['list'][number];
export type PayAnswer = Answer<'checkout.payGroup'>;

export const ordersApi = {
  preview: (params: CheckoutParams) => call('checkout.preview', params, { ...quiet, repeatSubmit: false }),
  cardPayment: (id: number) => call('checkout.cardPayment', { id }, quiet),
  /** Whether the shop takes cards (the wallet's networks answer says). */
  cardAvailable: async () => (await call('wallet.getBlockchain', {}, quiet)).cardAvailable,

  list: (params: Params<'order.list'>) => call('order.list', params, quiet),
  detail: (orderId: number) => call('order.detail', { order_id: orderId }, quiet),

  notifications: (params: Params<'notify.list'>) => call('notify.list', params, quiet),
  /** Marks `ids` read, or every notification when none are given. */
  markRead: (ids?: number[]) => call('notify.read', ids ? { ids } : {}, { repeatSubmit: false }),

  userInfo: () => call('user.getUserInfo', {}, quiet),
};
