import { describe, expect, it } from 'vitest';
import {
  AFTER_PAYMENT,
  createQueryClient,
  invalidateAfterPayment,
  invalidateEndpoints,
  queryKeyOf,
} from '../../src/api/query-client';
import { AFTER_FOLLOW, AFTER_LIKE } from '../../src/features/catalog/hooks/use-toggles';

/** A client holding one fresh answer under each key. */
function clientWith(keys: unknown[][]) {
  const client = createQueryClient();
  for (const key of keys) client.setQueryData(key, { answer: key[0] });
  return client;
}

const stale = (client: ReturnType<typeof createQueryClient>) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey[0])
    .sort();

describe('query keys', () => {
  it('name the endpoint, its parameters and the interface language', () => {
    expect(queryKeyOf('catalog.feed', { category_id: 3 }, 'fr')).toEqual([
      'catalog.feed',
      { category_id: 3 },
      'fr',
    ]);
  });
});

describe('invalidateAfterPayment', () => {
  it('marks the user info (with the balance), every order tab, the cart, the preview and the notifications stale, nothing else', async () => {
    const client = clientWith([
      ['user.getUserInfo', {}, 'en'],
      ['checkout.preview', {}, 'en'],
      ['notify.list', {}, 'en'],
      ['order.list', { status: 1 }, 'en'],
      ['order.list', { status: 2 }, 'en'],
      ['cart.list', {}, 'en'],
      ['catalog.feed', {}, 'en'],
      ['catalog.productDetail', { product_id: 1 }, 'en'],
      ['user.languageList', {}, 'en'],
    ]);
    await invalidateAfterPayment(client);
    expect(stale(client)).toEqual([
      'cart.list',
      'checkout.preview',
      'notify.list',
      'order.list',
      'order.list',
      'user.getUserInfo',
    ]);
    expect(AFTER_PAYMENT).toContain('order.');
  });

  it('leaves a client with none of those answers as it was', async () => {
    const client = clientWith([['catalog.banners', {}, 'en']]);
    await invalidateAfterPayment(client);
    expect(stale(client)).toEqual([]);
  });
});

describe('after a toggle', () => {
  it('a favourite marks product pages and the favourites stale; a follow the shop pages and lists', async () => {
    const keys = [
      ['catalog.productDetail', { product_id: 1 }, 'en'],
      ['catalog.likeList', {}, 'en'],
      ['catalog.followList', {}, 'en'],
      ['catalog.shopDetail', { mer_id: 1 }, 'en'],
      ['catalog.feed', {}, 'en'],
    ];
    const liked = clientWith(keys);
    await invalidateEndpoints(liked, AFTER_LIKE);
    expect(stale(liked)).toEqual(['catalog.likeList', 'catalog.productDetail']);
    const followed = clientWith(keys);
    await invalidateEndpoints(followed, AFTER_FOLLOW);
    expect(stale(followed)).toEqual(['catalog.followList', 'catalog.productDetail', 'catalog.shopDetail']);
  });
});
