import { useCallback, useEffect, useRef, useState } from 'react';
import type { Paged } from '../../../../common/schemas/catalog';
import { toast } from '../../../components/toast-store';
import { errorText, isRefusal } from '../lib/error-text';

export interface PagedState<T> {
  items: T[];
  total: number;
  hasMore: boolean;
  /** loading: the first page is on its way (show a skeleton); error: it failed (show a retry). */
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  /** The first page was refused (code 0: not found, bad input): a retry will not help. */
  refused: boolean;
  /** A following page failed: auto-loading stops until `retryMore`. */
  moreError: string | null;
  /** Pull-to-refresh: reloads the first page, keeping the list if that fails. */
  refresh: () => Promise<void>;
  /** Undefined while there is nothing (more) to load; a new function after every page. */
  loadMore: (() => Promise<void>) | undefined;
  retry: () => void;
  retryMore: () => void;
}

interface Inner<T> {
  items: T[];
  total: number;
  next: string | null;
  status: PagedState<T>['status'];
  error: string | null;
  refused: boolean;
  moreError: string | null;
}

const START = {
  items: [],
  total: 0,
  next: null,
  status: 'loading',
  error: null,
  refused: false,
  moreError: null,
} as const;

/**
 * An endless list over a Paged<T> endpoint: the first page when `key` changes (put every filter
 * and the interface language in it), then each following page through the answer's `next` cursor.
 * Answers from an older key are dropped; an item already shown is not shown twice.
 */
export function usePaged<T extends { id: number }>(
  key: string,
  fetchPage: (cursor: string | undefined) => Promise<Paged<T>>,
): PagedState<T> {
  const [s, setS] = useState<Inner<T>>({ ...START, items: [] });
  const fetcher = useRef(fetchPage);
  fetcher.current = fetchPage;
  const generation = useRef(0);

  const first = useCallback(async (mode: 'reset' | 'refresh') => {
    const mine = ++generation.current;
    if (mode === 'reset') setS({ ...START, items: [] });
    try {
      const page = await fetcher.current(undefined);
      if (mine !== generation.current) return;
      setS({ ...START, items: page.list, total: page.total, next: page.next, status: 'ready' });
    } catch (e) {
      if (mine !== generation.current) return;
      if (mode === 'reset') {
        setS((old) => ({ ...old, status: 'error', error: errorText(e), refused: isRefusal(e) }));
      } else {
        toast.show(errorText(e), { type: 'error' });
        throw e;
      }
    }
  }, []);

  useEffect(() => {
    void first('reset');
  }, [key, first]);

  const cursor = s.status === 'ready' && !s.moreError ? s.next : null;
  const loadMore = useCallback(async () => {
    if (!cursor) return;
    const mine = generation.current;
    try {
      const page = await fetcher.current(cursor);
      if (mine !== generation.current) return;
      setS((old) => {
        const shown = new Set(old.items.map((item) => item.id));
        const fresh = page.list.filter((item) => !shown.has(item.id));
        return { ...old, items: [...old.items, ...fresh], total: page.total, next: page.next };
      });
    } catch (e) {
      if (mine === generation.current) setS((old) => ({ ...old, moreError: errorText(e) }));
    }
  }, [cursor]);

  return {
    items: s.items,
    total: s.total,
    hasMore: s.next !== null,
    status: s.status,
    error: s.error,
    refused: s.refused,
    moreError: s.moreError,
    refresh: () => first('refresh'),
    loadMore: cursor ? loadMore : undefined,
    retry: () => void first('reset'),
    retryMore: () => setS((old) => ({ ...old, moreError: null })),
  };
}
