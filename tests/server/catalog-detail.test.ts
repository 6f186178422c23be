import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Paged, ProductCard, ProductDetailAnswer } from '../../common/schemas/catalog-answers';
import { products, productSpecs } from '../../server/db/schema';
import { flushViews } from '../../server/modules/catalog/view-buffer';
import { useCatalogApp, plainShop, productRow } from './catalog-fixture';

const t = useCatalogApp(60);

const detail = (id: number | string, opts: { token?: string; lang?: string; ip?: string } = {}) =>
  t.endpoint<ProductDetailAnswer>('catalog.productDetail', { query: { product_id: String(id) }, ...opts });

async function productWithSpecs(): Promise<number> {
  const [row] = await t.database.db
    .select({ id: productSpecs.productId })
    .from(productSpecs)
    .where(sql`${productSpecs.options} ? 'size'`)
    .limit(1);
  return row.id;
}

describe('product detail', () => {
  it('answers the product, its specs, images, shop card and more from the shop', async () => {
    const id = await productWithSpecs();
    const res = await detail(id);
    expect(res.code).toBe(1);
    const { product, shop, more, favourited, followed } = res.data;
    expect(product.id).toBe(id);
    expect(product.images.length).toBeGreaterThanOrEqual(3);
    expect(product.price).toMatch(/^\d+\.\d{2}$/);
    expect(product.description).toContain(product.title);
    expect(product.specGroups.map((g) => g.key)).toEqual(['colour', 'size']);
    expect(product.specGroups[0].name).toBe('Colour');
    expect(product.specs.length).toBeGreaterThan(1);
    expect(product.specs[0].label).toMatch(/^[A-Z][a-z]+ \/ X*[SML]$/);
    expect(product.stock).toBe(product.specs.reduce((sum, s) => sum + s.stock, 0));
    expect(shop.id).toBe(product.shopId);
    expect(more.length).toBeGreaterThan(0);
    expect(more.length).toBeLessThanOrEqual(6);
    expect(more.every((p) => p.shopId === product.shopId && p.id !== id)).toBe(true);
    expect(favourited).toBe(false);
    expect(followed).toBe(false);
  });

  it('texts come in the request language; spec names too', async () => {
    const id = await productWithSpecs();
    const res = await detail(id, { lang: 'zh-CN' });
    expect(res.data.product.title).toMatch(/[\u4e00-\u9fff]/);
    expect(res.data.product.description).toContain('发货前');
    expect(res.data.product.specGroups[0].name).toBe('颜色');
    expect(res.data.product.categoryName).toMatch(/[\u4e00-\u9fff]/);
    const ru = await detail(id, { lang: 'ru-RU' });
    expect(ru.data.product.specGroups[1].name).toBe('Размер');
  });

  it('a language without a translation falls back to the default text', async () => {
    const shopId = await plainShop(t, 'Fallback Shop');
    const [row] = await t.database.db
      .insert(products)
      .values({
        shopId,
        categoryId: 8,
        title: 'Plain Biscuits',
        description: 'Crunchy.',
        translations: { 'zh-CN': { title: '原味饼干', description: '酥脆。' } },
        price: 350,
        marketPrice: 400,
      })
      .returning({ id: products.id });
    expect((await detail(row.id, { lang: 'zh-CN' })).data.product.title).toBe('原味饼干');
    const ko = await detail(row.id, { lang: 'ko-KR' });
    expect(ko.data.product.title).toBe('Plain Biscuits');
    expect(ko.data.product.description).toBe('Crunchy.');
    expect(ko.data.product.specs).toEqual([]);
    expect(ko.data.product.specGroups).toEqual([]);
  });
});

describe('product detail: the view count', () => {
  it('one viewer counts once a day, however often they look; another viewer counts again', async () => {
    const id = 7;
    const before = (await productRow(t, id)).seen;
    const first = await detail(id, { ip: '203.0.113.10' });
    expect(first.data.product.seen).toBe(before + 1);
    await detail(id, { ip: '203.0.113.10' });
    await flushViews(t.database.db);
    expect((await productRow(t, id)).seen).toBe(before + 1);
    const other = await detail(id, { ip: '203.0.113.11' });
    expect(other.data.product.seen).toBe(before + 2);
    await detail(id, { ip: '203.0.113.10' });
    await flushViews(t.database.db);
    expect((await productRow(t, id)).seen).toBe(before + 2);
    expect((await detail(id, { ip: '203.0.113.10' })).data.product.seen).toBe(before + 2);
  });

  it('a shopper is one viewer wherever they look from; concurrent looks count once', async () => {
    const id = 8;
    const { token } = await t.register('viewer_one');
    const before = (await productRow(t, id)).seen;
    await Promise.all(Array.from({ length: 8 }, (_, i) => detail(id, { token, ip: `203.0.113.${50 + i}` })));
    await flushViews(t.database.db);
    expect((await productRow(t, id)).seen).toBe(before + 1);
  });

  it('the seen count shows in the lists too', async () => {
    await flushViews(t.database.db);
    const res = await t.endpoint<Paged<ProductCard>>('catalog.feed', { query: { limit: '50' } });
    const card = res.data.list.find((p) => p.id === 7)!;
    expect(card.seen).toBe((await productRow(t, 7)).seen);
  });
});

describe('product detail: bad ids', () => {
  it('an unknown product answers code 0 with a clear message', async () => {
    const res = await detail(999999);
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.msg).toBe('This product does not exist or is no longer on sale');
    expect(res.data).toBeNull();
  });

  it('malformed, negative, huge or missing ids get the same message, never a 500', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '1e3', '99999999999', '12abc', ' ']) {
      const res = await detail(id);
      expect(res.status, id).toBe(200);
      expect(res.code, id).toBe(0);
      expect(res.msg, id).toBe('This product does not exist or is no longer on sale');
    }
    const missing = await t.endpoint('catalog.productDetail');
    expect(missing.code).toBe(0);
    expect(missing.msg).toBe('This product does not exist or is no longer on sale');
  });
});
