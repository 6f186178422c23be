import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointName } from '../../common/api/routes';
import { errorText, isRefusal } from './error-text';
import { queryKeyOf } from './query-client';
import { toast } from '../components/toast-store';

/** A page of a `{ list, total, page, limit }` answer, the shape of every list (pages from 1). */
export interface PageAnswer<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

export interface PagesState<T, A> {
  items: T[];
  /** The first page's whole answer (the order tabs' counts, the unread count come with it). */
  first: A | undefined;
  hasMore: boolean;
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  refused: boolean;
  /** Pull-to-refresh: fetches every page again, keeping the list if that fails. */
  refresh: () => Promise<void>;
  /** Undefined while there is nothing (more) to load. */
  loadMore: (() => Promise<void>) | undefined;
  retry: () => void;
}

/**
 * An endless list over a numbered-page endpoint with useInfiniteQuery, keyed by endpoint `name`,
 * its `params` and the interface language. An item already shown is not shown twice (a new order
 * arriving while paging shifts the pages by one).
 */
export function usePages<T extends { id: number }, A extends PageAnswer<T>>(
  name: EndpointName,
  params: object,
  fetchPage: (page: number) => Promise<A>,
): PagesState<T, A> {
  const { i18n } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: queryKeyOf(name, params, i18n.language),
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
  const pages = query.data?.pages;
  const items = useMemo(() => {
    const shown = new Set<number>();
    return (pages ?? []).flatMap((page) =>
      page.list.filter((item) => !shown.has(item.id) && Boolean(shown.add(item.id))),
    );
  }, [pages]);
  const status = pages ? 'ready' : query.isError ? 'error' : 'loading';
  return {
    items,
    first: pages?.[0],
    hasMore: Boolean(query.hasNextPage),
    status,
    error: status === 'error' ? errorText(query.error) : null,
    refused: status === 'error' && isRefusal(query.error),
    refresh: async () => {
      const answer = await query.refetch();
      if (answer.isError) {
        toast.show(errorText(answer.error), { type: 'error' });
        throw answer.error;
      }
    },
    loadMore:
      status === 'ready' && query.hasNextPage && !query.isFetching
        ? async () => {
            await query.fetchNextPage();
          }
        : undefined,
    retry: () => void query.refetch(),
  };
}
