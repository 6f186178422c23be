import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointName } from '@common/api/routes';
import type { Paged } from '@common/schemas/catalog-answers';
import { queryKeyOf } from '@app/api/query-client';
import { toast } from '@app/components/toast-store';
import { errorText, isRefusal } from '@app/api/error-text';

export interface PagedState<T, A = Paged<T>> {
  items: T[];
  /** The first page's whole answer (a shop page's head comes with its products). */
  first: A | undefined;
  total: number;
  hasMore: boolean;
  /** loading: the first page is on its way (show a skeleton); error: it failed (show a retry). */
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  /** The first page was refused (code 0: not found, bad input): a retry will not help. */
  refused: boolean;
  /** A following page failed: auto-loading stops until `retryMore`. */
  moreError: string | null;
  /** Pull-to-refresh: fetches the list again, keeping it if that fails. */
  refresh: () => Promise<void>;
  /** Undefined while there is nothing (more) to load. */
  loadMore: (() => Promise<void>) | undefined;
  retry: () => void;
  retryMore: () => void;
}

/**
 * An endless list over a Paged<T> endpoint with useInfiniteQuery: the query key is endpoint
 * `name`, its `params` (every filter) and the interface language; the first page is asked without
 * a cursor, each following one with the previous answer's `next`. An item already shown is not
 * shown twice.
 */
export function usePaged<
  A,
  T extends { id: number } = A extends Paged<infer I extends { id: number }> ? I : never,
>(
  name: EndpointName,
  params: object,
  fetchPage: (cursor: string | undefined) => Promise<A>,
  pageOf: (answer: A) => Paged<T> = (answer) => answer as Paged<T>,
): PagedState<T, A> {
  const { i18n } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: queryKeyOf(name, params, i18n.language),
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => pageOf(last).next ?? undefined,
  });
  const pages = query.data?.pages;
  const items = useMemo(() => {
    const shown = new Set<number>();
    const out: T[] = [];
    for (const page of pages ?? [])
      for (const item of pageOf(page).list)
        if (!shown.has(item.id)) {
          shown.add(item.id);
          out.push(item);
        }
    return out;
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
