import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  MerchantDetailAnswer,
  Paged,
  ProductCard,
  ProductDetailAnswer,
} from '../../common/schemas/catalog-answers';
import { products, shops } from '../../server/db/schema';
import { invalidateCatalog } from '../../server/modules/catalog/answer-cache';
import { catalogApp, productRow, shopRow, useCatalogApp } from './catalog-fixture';

/**
 * The in-process cache of public catalogue answers: it really answers (a write nobody announced
 * stays unseen), every writer's invalidation shows at once, and a shopper's own flags never reach
 * another shopper or a visitor through it.
 */
const t = useCatalogApp(40);

const detail = (id: number, token?: string) =>
  t.endpoint<ProductDetailAnswer>('catalog.productDetail', { query: { product_id: String(id) }, token });
const shopPage = (id: number, token?: string) =>
  t.endpoint<MerchantDetailAnswer>('catalog.shopDetail', { query: { mer_id: String(id) }, token });
const feed = (query: Record<string, string> = {}) =>
  t.endpoint<Paged<ProductCard>>('catalog.feed', { query: { limit: '5', ...query } });

describe('catalogue cache: answers and invalidation', () => {
  it('serves a repeated public answer from memory until a writer invalidates it', async () => {
    const first = await feed();
    const top = first.data.list[0];
    // A change behind the service's back (no invalidation) is not seen: the answer is the cached one.
    await t.database.db.update(products).set({ price: 1 }).where(eq(products.id, top.id));
    expect((await feed()).data.list[0].price).toBe(top.price);
    invalidateCatalog(t.database.db);
    expect((await feed()).data.list[0].price).toBe('0.01');
  });

  it('the follow toggle shows the new fans at once on the shop page and the product page', async () => {
    const productId = (await feed()).data.list[1].id;
    const shopId = (await productRow(t, productId)).shopId;
    const fans = (await shopRow(t, shopId)).fans;
    expect((await shopPage(shopId)).data.shop.fans).toBe(fans);
    expect((await detail(productId)).data.shop.fans).toBe(fans);
    const { token } = await t.register('cache_follower');
    const on = await t.endpoint<{ fans: number }>('catalog.follow', { body: { mer_id: shopId }, token });
    expect(on.data.fans).toBe(fans + 1);
    expect((await shopPage(shopId)).data.shop.fans).toBe(fans + 1);
    expect((await detail(productId)).data.shop.fans).toBe(fans + 1);
    await t.endpoint('catalog.follow', { body: { mer_id: shopId }, token });
    expect((await shopPage(shopId)).data.shop.fans).toBe(fans);
    expect((await detail(productId)).data.shop.fans).toBe(fans);
  });

  it('later pages repeat the first page total from the cursor instead of counting again', async () => {
    invalidateCatalog(t.database.db);
    const page1 = await feed({ category_id: '3', limit: '2' });
    expect(page1.data.next).not.toBeNull();
    const [{ id: shopId }] = await t.database.db.select({ id: shops.id }).from(shops).limit(1);
    await t.database.db
      .insert(products)
      .values({ shopId, categoryId: 3, title: 'Late Arrival', price: 100, marketPrice: 100 });
    invalidateCatalog(t.database.db);
    const page2 = await feed({ category_id: '3', limit: '2', page: '2', cursor: page1.data.next as string });
    expect(page2.data.total).toBe(page1.data.total);
    // A first page (or a page asked by number) counts again.
    expect((await feed({ category_id: '3', limit: '2' })).data.total).toBe(page1.data.total + 1);
    expect((await feed({ category_id: '3', limit: '2', page: '2' })).data.total).toBe(page1.data.total + 1);
  });
});

describe('catalogue cache: a shopper own flags stay their own', () => {
  it('favourited and followed show for the shopper who set them, never for another or a visitor', async () => {
    const productId = (await feed()).data.list[2].id;
    const shopId = (await productRow(t, productId)).shopId;
    const a = await t.register('cache_flags_a');
    const b = await t.register('cache_flags_b');
    // The visitor's page is cached first; then A marks both, so A's answer is built on it.
    expect((await detail(productId)).data).toMatchObject({ favourited: false, followed: false });
    await t.endpoint('catalog.like', { body: { product_id: productId }, token: a.token });
    await t.endpoint('catalog.follow', { body: { mer_id: shopId }, token: a.token });
    for (let round = 0; round < 2; round++) {
      expect((await detail(productId, a.token)).data).toMatchObject({ favourited: true, followed: true });
      expect((await detail(productId, b.token)).data).toMatchObject({ favourited: false, followed: false });
      expect((await detail(productId)).data).toMatchObject({ favourited: false, followed: false });
      expect((await shopPage(shopId, a.token)).data.followed).toBe(true);
      expect((await shopPage(shopId, b.token)).data.followed).toBe(false);
      expect((await shopPage(shopId)).data.followed).toBe(false);
    }
    // And the other way round: A's answer first, then the others, on a fresh cache.
    invalidateCatalog(t.database.db);
    expect((await detail(productId, a.token)).data.favourited).toBe(true);
    expect((await detail(productId)).data.favourited).toBe(false);
    expect((await detail(productId, b.token)).data.favourited).toBe(false);
    expect((await shopPage(shopId, a.token)).data.followed).toBe(true);
    expect((await shopPage(shopId)).data.followed).toBe(false);
  });
});

describe('product views: buffered, written on close', () => {
  it('a view noted but not yet flushed is written when the app closes', async () => {
    const other = await catalogApp(10);
    const id = 3;
    const before = (await productRow(other, id)).seen;
    const res = await other.endpoint<ProductDetailAnswer>('catalog.productDetail', {
      query: { product_id: String(id) },
      ip: '203.0.113.77',
    });
    expect(res.data.product.seen).toBe(before + 1);
    await other.closeApp();
    const [row] = await other.database.db.select().from(products).where(eq(products.id, id));
    await other.close();
    expect(row.seen).toBe(before + 1);
  });
});
