import type { ReactNode } from 'react';
import { PullList } from '@app/components/PullList';
import type { PagedState } from '../hooks/use-paged';
import { EmptyState, ErrorState, InlineRetry } from './States';

interface FeedProps<T> {
  state: PagedState<T, unknown>;
  /** Shown while the first page loads: shaped like the list. */
  skeleton: ReactNode;
  /** Shown when the list is empty. */
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}

/** An endless list: skeleton, error with retry, empty state, pull-to-refresh and load-more. */
export function Feed<T>({ state, skeleton, empty, children }: FeedProps<T>) {
  if (state.status === 'loading') return <>{skeleton}</>;
  if (state.status === 'error') {
    // A refusal (a price range upside down, an unknown shop) says why; a fault offers a retry.
    return state.refused ? (
      <EmptyState text={state.error ?? ''} />
    ) : (
      <ErrorState message={state.error} onRetry={state.retry} />
    );
  }
  const isEmpty = state.items.length === 0;
  return (
    <PullList onRefresh={state.refresh} onLoadMore={state.loadMore} hasMore={state.hasMore} empty={isEmpty}>
      {isEmpty ? empty : children(state.items)}
      {state.moreError && <InlineRetry message={state.moreError} onRetry={state.retryMore} />}
    </PullList>
  );
}
