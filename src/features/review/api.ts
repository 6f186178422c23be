import { call, type Answer, type Params } from '../../api/call';
import { userApi } from '../../api/user';

/**
 * The review calls: the order whose items are reviewed, posting one item's review, a product's
 * reviews page, and a picture upload. Reads do not toast (the screens show their own state).
 */
export type ReviewOrder = Answer<'order.detail'>;
export type ReviewsPageAnswer = Answer<'review.list'>;

export const reviewApi = {
  order: (orderId: number) => call('order.detail', { order_id: orderId }, { showError: false }),
  list: (params: Params<'review.list'>) => call('review.list', params, { showError: false }),
  upload: (file: Blob) => userApi.upload(file),
};
