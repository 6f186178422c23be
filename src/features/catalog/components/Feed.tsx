import type { ReactNode } from 'react';
import type { ProductCard, ShopCard } from '@common/schemas/catalog-answers';
import type { PagesState } from '@app/api/use-pages';
import { PagedList } from '@app/components/PagedList';
import { EmptyState } from '@app/components/States';
import { ProductGrid } from './ProductTile';
import { ShopTile } from './ShopTile';
import { ProductGridSkeleton, ShopListSkeleton } from './Skeletons';
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
function Feed<T>({ state, skeleton, empty, children }: FeedProps<T>) {
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

interface ListFeedProps<T> {
  state: PagesState<T, unknown>;
  /** How many placeholders the skeleton shows. */
  skeleton: number;
  /** What an empty list says, and a way on. */
  empty: string;
  emptyAction?: ReactNode;
}

/** An endless grid of products (Feed). */
export function ProductFeed({ state, skeleton, empty, emptyAction }: ListFeedProps<ProductCard>) {
  return (
    <Feed
      state={state}
      skeleton={<ProductGridSkeleton count={skeleton} />}
      empty={<EmptyState {...emptyLook} text={empty} action={emptyAction} />}
    >
      {(items) => <ProductGrid products={items} />}
    </Feed>
  );
}

/** An endless list of shops (Feed). */
export function ShopFeed({ state, skeleton, empty, emptyAction }: ListFeedProps<ShopCard>) {
  return (
    <Feed
      state={state}
      skeleton={<ShopListSkeleton count={skeleton} />}
      empty={<EmptyState {...emptyLook} text={empty} action={emptyAction} />}
    >
      {(items) => (
        <div className="shop-list">
          {items.map((shop) => (
            <ShopTile key={shop.id} shop={shop} />
          ))}
        </div>
      )}
    </Feed>
  );
}
