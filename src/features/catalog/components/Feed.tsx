import type { ReactNode } from 'react';
import type { PagesState } from '@app/api/use-pages';
import { PagedList } from '@app/components/PagedList';
import { EmptyState } from '@app/components/States';
import { emptyLook, errorLook } from './state-look';

interface FeedProps<T> {
  state: PagesState<T, unknown>;
  /** Shown while the first page loads: shaped like the list. */
  skeleton: ReactNode;
  /** Shown when the list is empty. */
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}

/**
 * A catalogue list: skeleton, error with retry, empty state (pulled to refresh too), pull-to-refresh
 * and load-more. A refusal (a price range upside down, an unknown shop) says why; a fault offers a retry.
 */
export function Feed<T>({ state, skeleton, empty, children }: FeedProps<T>) {
  return (
    <PagedList
      state={state}
      loading={skeleton}
      empty={empty}
      errorLook={errorLook}
      refusal={(message) => <EmptyState {...emptyLook} text={message} />}
      refreshEmpty
    >
      {children}
    </PagedList>
  );
}
