import { Button } from '@telegram-apps/telegram-ui';
import type { ReactNode } from 'react';
import type { PagesState } from '../api/use-pages';
import { PullList } from './PullList';
import { ErrorState, InlineRetry, LoadingState, type StateLook } from './States';

interface PagedListProps<T> {
  state: PagesState<T, unknown>;
  /** Shown while the first page loads (a skeleton shaped like the list); a spinner if left out. */
  loading?: ReactNode;
  /** Shown when the list is empty. */
  empty: ReactNode;
  /** The look of the first page's failure. */
  errorLook?: StateLook;
  /** A refused first page (an unknown shop, a bad filter) says why here instead of offering a retry. */
  refusal?: (message: string) => ReactNode;
  /** The empty state too can be pulled to refresh. */
  refreshEmpty?: boolean;
  /** A button at the end that loads the next page by hand, beside loading on scroll. */
  moreButton?: { label: string; testId?: string };
  children: (items: T[]) => ReactNode;
}

/**
 * An endless list (usePages): the first page's waiting, failure or empty state, then the items with
 * pull-to-refresh and the next page on scroll; a failed following page offers a retry at the end.
 */
export function PagedList<T>({
  state,
  loading,
  empty,
  errorLook,
  refusal,
  refreshEmpty,
  moreButton,
  children,
}: PagedListProps<T>) {
  if (state.status === 'loading') return <>{loading ?? <LoadingState />}</>;
  if (state.status === 'error')
    return state.refused && refusal ? (
      <>{refusal(state.error ?? '')}</>
    ) : (
      <ErrorState {...errorLook} message={state.error} onRetry={state.retry} />
    );
  const isEmpty = state.items.length === 0;
  if (isEmpty && !refreshEmpty) return <>{empty}</>;
  return (
    <PullList onRefresh={state.refresh} onLoadMore={state.loadMore} hasMore={state.hasMore} empty={isEmpty}>
      {isEmpty ? empty : children(state.items)}
      {moreButton && state.loadMore && (
        <div className="list-more">
          <Button
            size="s"
            mode="plain"
            onClick={() => void state.loadMore?.()}
            data-testid={moreButton.testId}
          >
            {moreButton.label}
          </Button>
        </div>
      )}
      {state.moreError && <InlineRetry message={state.moreError} onRetry={state.retryMore} />}
    </PullList>
  );
}
