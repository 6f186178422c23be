import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../server/demo/catalog-seed';
import { createQueryClient } from '../../src/api/query-client';
import { catalogApi } from '../../src/features/catalog/api';
import { usePages } from '../../src/api/use-pages';
import { useRealServer } from './support/server';

/** The paged lists over useInfiniteQuery, against the real server and its cursors. */
const server = useRealServer({ DEMO_DATA: true });
beforeAll(async () => {
  await seedCatalog(server.api.database.db, { products: 30 });
});

function wrapperWith() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

const feedOf = (limit: number) => ({
  name: 'catalog.feed' as const,
  params: { limit },
  cursor: (cursor: string | undefined) => catalogApi.feed({ cursor, limit }),
});

describe('usePages by cursor (useInfiniteQuery)', () => {
  it('loads the first page, then each following one through `next`, until the end', async () => {
    const { wrapper } = wrapperWith();
    const { result } = renderHook(() => usePages(feedOf(8)), { wrapper });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.items).toHaveLength(8);
    expect(result.current.total).toBe(30);
    expect(result.current.hasMore).toBe(true);

    for (let pages = 2; pages <= 4; pages++) {
      await waitFor(() => expect(result.current.loadMore).toBeDefined());
      await act(() => result.current.loadMore!());
      expect(result.current.items).toHaveLength(Math.min(30, pages * 8));
    }
    expect(result.current.hasMore).toBe(false);
    expect(result.current.loadMore).toBeUndefined();
    const ids = result.current.items.map((p) => p.id);
    expect(new Set(ids).size).toBe(30);
  });

  it('pull-to-refresh fetches the list again and keeps it; the key holds the answer for a screen shown again', async () => {
    const { client, wrapper } = wrapperWith();
    const first = renderHook(() => usePages(feedOf(5)), { wrapper });
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    const shown = first.result.current.items.map((p) => p.id);
    await act(() => first.result.current.refresh());
    expect(first.result.current.items.map((p) => p.id)).toEqual(shown);
    first.unmount();
    // Mounted again (a kept screen, a tab switched back): the list is there at once, no skeleton.
    const again = renderHook(() => usePages(feedOf(5)), { wrapper });
    expect(again.result.current.status).toBe('ready');
    expect(again.result.current.items.map((p) => p.id)).toEqual(shown);
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey[0]),
    ).toEqual(['catalog.feed']);
  });

  it('a refused first page is an error that a retry will not fix', async () => {
    const { wrapper } = wrapperWith();
    const { result } = renderHook(
      () =>
        usePages({
          name: 'catalog.shopDetail',
          params: { mer_id: 999999 },
          cursor: (cursor) => catalogApi.shop({ mer_id: 999999, cursor }).then((a) => a.products),
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.refused).toBe(true);
    expect(result.current.error).toBeTruthy();
  });
});
