import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { useRealServer } from './support/server';
import { smallShop, type SmallShop } from './support/shop-fixture';

/** useEndpointMutation, the one hook every screen's writes go through, against the real server. */
const server = useRealServer();
let shop: SmallShop;
let accounts = 0;

beforeAll(async () => {
  shop = await smallShop(server.api);
});

/** The app's modules (fresh for each test), a shopper's session, and a query client holding two answers. */
async function setUp() {
  const { configureClient } = await import('@app/api/client');
  const { createQueryClient, queryKeyOf } = await import('@app/api/query-client');
  const { useEndpointMutation } = await import('@app/api/use-endpoint-mutation');
  const { createIntent } = await import('@app/api/idempotency');
  const { toastState } = await import('@app/components/toast-store');
  const { token } = await server.api.register(`mutation${++accounts}`);
  configureClient({ getToken: () => token });
  const client = createQueryClient();
  const detail = queryKeyOf('catalog.productDetail', { product_id: shop.lamp }, 'en-US');
  const feed = queryKeyOf('catalog.feed', {}, 'en-US');
  client.setQueryData(detail, { cached: true });
  client.setQueryData(feed, { cached: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { useEndpointMutation, createIntent, toastState, token, wrapper, stale, detail, feed };
}

describe('useEndpointMutation', () => {
  it('is busy while its call runs, sends once for a double tap, then marks the answers it names stale', async () => {
    const { useEndpointMutation, wrapper, stale, detail, feed, token } = await setUp();
    // The call waits for the test's word, so the busy state can be seen whatever the machine's pace.
    let go = () => undefined as void;
    const held = new Promise<void>((resolve) => (go = resolve));
    const { result } = renderHook(
      // Without the client's duplicate guard: the hook alone keeps the second tap from sending.
      () =>
        useEndpointMutation('catalog.like', {
          run: async (send, params: { product_id: number }) => {
            await held;
            return send(params);
          },
          invalidates: ['catalog.productDetail'],
          request: { repeatSubmit: false },
        }),
      { wrapper },
    );
    expect(result.current.busy).toBe(false);
    let first: Promise<unknown> = Promise.resolve();
    let second: Promise<unknown> = Promise.resolve();
    act(() => {
      first = result.current.mutate({ product_id: shop.lamp });
      second = result.current.mutate({ product_id: shop.lamp });
    });
    await waitFor(() => expect(result.current.busy).toBe(true));
    expect(await second).toBeUndefined();
    go();
    expect(await act(() => first)).toEqual({ favourited: true });
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(result.current.error).toBeNull();
    expect(stale(detail)).toBe(true);
    expect(stale(feed)).toBe(false);
    // One favourite: a second call would have taken it back.
    const list = await server.api.endpoint<{ list: { id: number }[] }>('catalog.likeList', {
      query: { page: '1', limit: '10' },
      token,
    });
    expect(list.data.list.map((p) => p.id)).toEqual([shop.lamp]);
  });

  it('keeps the refusal the client toasted, invalidates nothing and lets the next tap through', async () => {
    const { useEndpointMutation, toastState, wrapper, stale, detail } = await setUp();
    const outcomes: string[] = [];
    const { result } = renderHook(
      () =>
        useEndpointMutation('catalog.like', {
          invalidates: ['catalog.'],
          onSuccess: () => outcomes.push('success'),
          onError: () => outcomes.push('error'),
        }),
      { wrapper },
    );
    expect(await act(() => result.current.mutate({ product_id: 999_999 }))).toBeUndefined();
    expect(result.current.error).toBeTruthy();
    expect(toastState).toMatchObject({ visible: true, type: 'error', message: result.current.error });
    expect(stale(detail)).toBe(false);
    expect(outcomes).toEqual(['error']);
    // Not stuck: the next run goes through and clears the error.
    expect(await act(() => result.current.mutate({ product_id: shop.lamp }))).toEqual({ favourited: true });
    expect(result.current.error).toBeNull();
    expect(outcomes).toEqual(['error', 'success']);
  });

  it('a run that stops before sending (a form check) has no success effects, and is busy meanwhile', async () => {
    const { useEndpointMutation, wrapper, stale, detail } = await setUp();
    let release = () => undefined as void;
    const check = new Promise<void>((resolve) => (release = resolve));
    const successes: unknown[] = [];
    const { result } = renderHook(
      () =>
        useEndpointMutation('catalog.like', {
          run: async (send, ok: boolean) => {
            await check;
            return ok ? send({ product_id: shop.lamp }) : 'refused by the form';
          },
          invalidates: ['catalog.productDetail'],
          onSuccess: (r) => successes.push(r),
        }),
      { wrapper },
    );
    let run: Promise<unknown> = Promise.resolve();
    act(() => {
      run = result.current.mutate(false);
    });
    await waitFor(() => expect(result.current.busy).toBe(true));
    release();
    expect(await act(() => run)).toBe('refused by the form');
    expect(stale(detail)).toBe(false);
    expect(successes).toEqual([]);
  });

  it("sends an idempotent endpoint's call with its intent's key", async () => {
    const { useEndpointMutation, createIntent, wrapper } = await setUp();
    const keys: string[] = [];
    const intent = createIntent(() => {
      keys.push(`hook-test-key-${keys.length}`);
      return keys[keys.length - 1];
    });
    const { result } = renderHook(() => useEndpointMutation('service.send', { intent }), { wrapper });
    const sent = await act(() => result.current.mutate({ text: 'hello' }));
    expect(sent).toMatchObject({ text: 'hello' });
    expect(keys).toEqual(['hook-test-key-0']);
    // Without an intent of its own the hook keeps one: the call still carries a key.
    const own = renderHook(() => useEndpointMutation('service.send'), { wrapper });
    expect(await act(() => own.result.current.mutate({ text: 'again' }))).toMatchObject({ text: 'again' });
  });

  it('with awaitFresh, stays busy until the answers it invalidates are fetched again', async () => {
    const { useEndpointMutation, wrapper, detail } = await setUp();
    let refetched = false;
    const { result } = renderHook(
      () => {
        // An active screen showing the product: its answer is fetched again after the write.
        useQuery({
          queryKey: detail,
          queryFn: async () => {
            await new Promise((resolve) => setTimeout(resolve, 200));
            refetched = true;
            return { cached: false };
          },
          staleTime: Infinity,
        });
        return useEndpointMutation('catalog.like', {
          invalidates: ['catalog.productDetail'],
          awaitFresh: true,
          onSuccess: () => expect(refetched).toBe(true),
        });
      },
      { wrapper },
    );
    expect(await act(() => result.current.mutate({ product_id: shop.lamp }))).toEqual({ favourited: true });
    expect(refetched).toBe(true);
    expect(result.current.busy).toBe(false);
  });
});
