import { call, type Answer, type Params } from '../../api/call';

/**
 * The review calls: the order whose items are reviewed and a product's reviews page (pictures go
 * through the shared upload, src/api/use-picture-upload.ts). Reads do not toast (the screens show
 * their own state).
 */
export type ReviewOrder = Answer<'order.detail'>;
export type ReviewsPageAnswer = Answer<'review.list'>;

export const reviewApi = {
  order: (orderId: number) => call('order.detail', { order_id: orderId }, { showError: false }),
  list: (params: Params<'review.list'>) => call('review.list', params, { showError: false }),
};
