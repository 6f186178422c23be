import { hashKey, type Query, type QueryKey } from '@tanstack/react-query';
import type { EndpointName } from '../../common/api/routes';
import { isRefusal } from './error-text';
import { queryClient, queryKeyOf } from './query-client';

/**
 * An answer a screen shows in its first view, as its page asks for it: endpoint `name` with the
 * page's key `params`, loaded by `load` (useLoad), or the first page of a numbered list (usePages).
 * A page module exports `firstAnswers` listing them, and its hooks ask with the same definitions,
 * so the query key and the loader are written once.
 */
export type FirstAnswer =
  | { name: EndpointName; params: object; load: () => Promise<unknown> }
  | { name: EndpointName; params: object; page: (page: number) => Promise<unknown> };

/** A numbered list's first page: start-up asks for it as usePages does, so the two share one query. */
export const FIRST_PAGE = 1;

/** What a page module may export beside its component: the answers of its first view. */
export type FirstAnswers = (route: {
  params: Record<string, string | undefined>;
  search: string;
}) => FirstAnswer[];

/** How long an answer asked for at start-up counts as the screen's own fresh answer. */
const START_UP_FRESH_MS = 10_000;
const askedAtStartUp = new Set<string>();

/**
 * Asks for the first screen's answers during start-up, beside Telegram's silent login, instead of
 * after the first render: on a slow phone a request made while React renders leaves only after
 * the render. The screen then finds them in the query client (or under way) and asks no second
 * time. A failure is the screen's to show: it asks again when it mounts.
 */
export function askFirstAnswers(answers: FirstAnswer[], lang: string): void {
  for (const answer of answers) {
    const queryKey = queryKeyOf(answer.name, answer.params, lang);
    askedAtStartUp.add(hashKey(queryKey));
    if ('page' in answer)
      void queryClient.prefetchInfiniteQuery({
        queryKey,
        queryFn: ({ pageParam }) => answer.page(pageParam),
        initialPageParam: FIRST_PAGE,
      });
    else void queryClient.prefetchQuery({ queryKey, queryFn: answer.load });
  }
}

/**
 * Whether `query` holds an answer start-up asked for moments ago: a screen that asks afresh on every
 * visit (useLoad's `fresh`) takes it as its own on the first visit instead of asking twice.
 */
function freshFromStartUp(query: Pick<Query, 'queryHash' | 'state'>): boolean {
  const { dataUpdatedAt, dataUpdateCount } = query.state;
  return (
    askedAtStartUp.has(query.queryHash) &&
    dataUpdateCount === 1 &&
    Date.now() - dataUpdatedAt < START_UP_FRESH_MS
  );
}

/**
 * Whether the answer start-up asked for under `queryKey` moments ago was a refusal (an order that
 * is not the shopper's, a wrong id): the screen shows it as it is, where it would ask again after a
 * failure, for the same refusal, a round trip later.
 */
function refusedAtStartUp(queryKey: QueryKey): boolean {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (!query || !askedAtStartUp.has(query.queryHash)) return false;
  const { status, error, errorUpdateCount, errorUpdatedAt } = query.state;
  return (
    status === 'error' &&
    errorUpdateCount === 1 &&
    isRefusal(error) &&
    Date.now() - errorUpdatedAt < START_UP_FRESH_MS
  );
}

/**
 * How a screen's answer under `queryKey` behaves when the screen mounts, start-up having perhaps
 * just asked for it: a failure is asked again, but not start-up's refusal of moments ago; with
 * `fresh` (what it shows has just changed elsewhere) it is asked again on every visit, except the
 * answer start-up has just asked for this first screen.
 */
export function mountRules(queryKey: QueryKey, fresh: boolean) {
  return {
    retryOnMount: !refusedAtStartUp(queryKey),
    ...(fresh
      ? {
          staleTime: 0,
          refetchOnMount: (q: Pick<Query, 'queryHash' | 'state'>) =>
            freshFromStartUp(q) ? false : ('always' as const),
        }
      : {}),
  };
}
