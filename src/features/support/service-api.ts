import { call, type Answer, type Params } from '../../api/call';
import type { RequestOptions } from '../../api/client';

/**
 * Customer-service calls (common/api: section service). Polls are quiet: a failed poll is tried
 * again at the next tick instead of toasting every few seconds.
 */
const quiet: RequestOptions = { showError: false };

export type ServiceList = Answer<'service.list'>;
export type ServiceMessage = ServiceList['list'][number];
export type ServiceThreads = Answer<'service.threads'>;
export type ListParams = Params<'service.list'>;

export const serviceApi = {
  list: (params: ListParams) => call('service.list', params, quiet),
  read: (userId?: number) =>
    call('service.read', userId === undefined ? {} : { user_id: userId }, { ...quiet, repeatSubmit: false }),
  threads: (page: number) => call('service.threads', { page, limit: 20 }, quiet),
  thread: (userId: number, params: ListParams) =>
    call('service.thread', { user_id: userId, ...params }, quiet),
};
