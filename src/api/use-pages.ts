import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointName } from '../../common/api/routes';
import { errorText, isRefusal } from './error-text';
import { FIRST_PAGE } from './first-answers';
import { queryKeyOf } from './query-client';
import { toast } from '../components/toast-store';

/** A page of a `{ list, total, page, limit }` answer, the shape of every list (pages from 1). */
export interface PageAnswer<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
  /** A cursor list's way to its following page (send back as `cursor`), null on the last. */
  next?: string | null;
}

/**
 * Where a list's pages come from: endpoint `name` with its `params` (every filter, the query key),
 * asked for by page number (`page`, from FIRST_PAGE) or by cursor (`cursor`: none for the first
 * page, then the previous answer's `next`).
 */
export type PagesSource<A> = { name: EndpointName; params: object } & (
  { page: (page: number) => Promise<A> } | { cursor: (cursor: string | undefined) => Promise<A> }
);

type ItemOf<A> = A extends PageAnswer<infer I extends { id: number }> ? I : never;

export interface PagesState<T, A = PageAnswer<T>> {
  items: T[];
  /** The first page's whole answer (the order tabs' counts, a shop page's head come with it). */
  first: A | undefined;
  total: number;
  hasMore: boolean;
  /** loading: the first page is on its way; error: it failed (show a retry). */
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  /** The first page was refused (code 0: not found, bad input): a retry will not help. */
  refused: boolean;
  /** A following page failed: loading more stops until `retryMore`. */
  moreError: string | null;
  /** Pull-to-refresh: fetches the list again, keeping it if that fails. */
  refresh: () => Promise<void>;
  /** Undefined while there is nothing (more) to load. */
  loadMore: (() => Promise<void>) | undefined;
  retry: () => void;
  retryMore: () => void;
}

const nextNumber = (last: PageAnswer<unknown>) =>
  last.page * last.limit < last.total ? last.page + 1 : undefined;

/**
 * An endless list with useInfiniteQuery, keyed by the source's endpoint, its params and the
 * interface language. `pageOf` finds the list in an answer that holds more (a shop page's head).
 * An item already shown is not shown twice (a new order arriving while paging shifts the pages).
 */
export function usePages<A, T extends { id: number } = ItemOf<A>>(
  source: PagesSource<A>,
  pageOf: (answer: A) => PageAnswer<T> = (answer) => answer as PageAnswer<T>,
): PagesState<T, A> {
  const { i18n } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: queryKeyOf(source.name, source.params, i18n.language),
    queryFn: ({ pageParam }: { pageParam: number | string | undefined }) =>
      'cursor' in source ? source.cursor(pageParam as string | undefined) : source.page(pageParam as number),
    initialPageParam: 'cursor' in source ? undefined : FIRST_PAGE,
    getNextPageParam: (last) =>
      'cursor' in source ? (pageOf(last).next ?? undefined) : nextNumber(pageOf(last)),
  });
  const pages = query.data?.pages;
  const items = useMemo(() => {
    const shown = new Set<number>();
    return (pages ?? []).flatMap((page) =>
      pageOf(page).list.filter((item) => !shown.has(item.id) && Boolean(shown.add(item.id))),
    );
  }, [pages, pageOf]);

  const status = pages ? 'ready' : query.isError ? 'error' : 'loading';
  const moreError = query.isFetchNextPageError && !query.isFetchingNextPage ? errorText(query.error) : null;
  const canLoadMore = status === 'ready' && query.hasNextPage && !moreError && !query.isFetching;
  return {
    items,
    first: pages?.[0],
    total: pages?.length ? pageOf(pages[pages.length - 1]).total : 0,
    hasMore: Boolean(query.hasNextPage),
    status,
    error: status === 'error' ? errorText(query.error) : null,
    refused: status === 'error' && isRefusal(query.error),
    moreError,
    refresh: async () => {
      const answer = await query.refetch();
      if (answer.isError) {
        toast.show(errorText(answer.error), { type: 'error' });
        throw answer.error;
      }
    },
    loadMore: canLoadMore
      ? async () => {
          await query.fetchNextPage();
        }
      : undefined,
    retry: () => void query.refetch(),
    retryMore: () => void query.fetchNextPage(),
  };
}
