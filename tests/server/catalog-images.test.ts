import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { demoProduct, seedCatalog } from '../../server/demo/catalog-seed';
import { products } from '../../server/db/schema';
import type { Paged, ProductCard, ProductDetailAnswer } from '../../common/schemas/catalog-answers';
import { productSvg } from '../../server/demo/images/art';
import { PRODUCT_ART_VERSION, productImage } from '../../server/modules/catalog/picture-addresses';
import { cacheFile } from '../../server/demo/images/render';
import { createTestApp } from '../support/app';
import { useCatalogApp } from './catalog-fixture';

const t = useCatalogApp(20);

const fetchImage = (url: string) => t.app.inject({ method: 'GET', url });

function cachedFiles(): number {
  const root = path.resolve(t.app.config.DATA_DIR, 'cache', 'img');
  try {
    return readdirSync(root, { recursive: true }).filter((f) => String(f).endsWith('.webp')).length;
  } catch {
    return 0;
  }
}

describe('images: resized WebP with long cache headers', () => {
  it('answers WebP of the asked width, cached for a year', async () => {
    for (const w of [120, 240, 800]) {
      const res = await fetchImage(`/img/product/1/0?w=${w}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(w);
    }
    const plain = await fetchImage('/img/product/1/0');
    expect((await sharp(plain.rawPayload).metadata()).width).toBe(480);
  });

  it('renders each picture and width once, then answers from the disk cache', async () => {
    const first = await fetchImage('/img/product/2/1?w=240');
    const files = cachedFiles();
    const again = await fetchImage('/img/product/2/1?w=240');
    expect(again.statusCode).toBe(200);
    expect(cachedFiles()).toBe(files);
    expect(Buffer.compare(first.rawPayload, again.rawPayload)).toBe(0);
  });

  it('pictures differ between products and between the pictures of one product', async () => {
    const a = (await fetchImage('/img/product/3/0?w=120')).rawPayload;
    const b = (await fetchImage('/img/product/4/0?w=120')).rawPayload;
    const c = (await fetchImage('/img/product/3/1?w=120')).rawPayload;
    expect(Buffer.compare(a, b)).not.toBe(0);
    expect(Buffer.compare(a, c)).not.toBe(0);
  });

  it("a product's picture shows its kind of product, read from its title", async () => {
    const rows = await t.database.db
      .select({ id: products.id, title: products.title, categoryId: products.categoryId })
      .from(products)
      .orderBy(asc(products.id));
    const byCategory = new Map<number, { icon: string; bytes: Buffer }[]>();
    for (const [i, row] of rows.entries()) {
      const made = demoProduct(i);
      expect(row.title).toBe(made.product.title);
      const res = await fetchImage(`/img/product/${row.id}/0?w=120`);
      expect(res.statusCode).toBe(200);
      // The answer is the rendering of the drawing with the noun's pictogram (the cache is keyed by it).
      const svg = productSvg({ id: row.id, icon: made.noun.icon }, 0, 120);
      const cached = readFileSync(cacheFile(t.app.config.DATA_DIR, svg));
      expect(Buffer.compare(res.rawPayload, cached), row.title).toBe(0);
      const list = byCategory.get(row.categoryId) ?? [];
      list.push({ icon: made.noun.icon, bytes: res.rawPayload });
      byCategory.set(row.categoryId, list);
    }
    // 20 products: two of each category, of different nouns, with different pictograms.
    expect(byCategory.size).toBe(10);
    for (const [a, b] of byCategory.values()) {
      expect(a.icon).not.toBe(b.icon);
      expect(Buffer.compare(a.bytes, b.bytes)).not.toBe(0);
    }
  });

  it('shops, categories, banners and the logo have pictures too', async () => {
    for (const url of [
      '/img/shop/1/avatar?w=120',
      '/img/shop/1/banner?w=800',
      '/img/category/5?w=120',
      '/img/banner/1?w=1200',
      '/img/logo?w=240',
    ]) {
      const res = await fetchImage(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('image/webp');
    }
  });

  it('refuses a width that is not listed, with the listed ones in the message', async () => {
    for (const w of ['333', 'abc', '100000', '-240']) {
      const res = await fetchImage(`/img/product/1/0?w=${w}`);
      expect(res.statusCode, w).toBe(400);
      expect(res.json()).toMatchObject({ code: 0, msg: expect.stringContaining('120, 240, 480, 800, 1200') });
    }
  });

  it('a missing or malformed picture is a 404', async () => {
    for (const url of [
      '/img/product/999999/0',
      '/img/product/abc/0',
      '/img/product/1/x',
      '/img/shop/1/cover',
      '/img/category/99',
    ]) {
      const res = await fetchImage(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe(0);
    }
  });
});

describe('images: product picture addresses name the art version', () => {
  it('lists and the detail answer generated pictures with ?art=, so no cached picture with words shows', async () => {
    const feed = await t.endpoint<Paged<ProductCard>>('catalog.feed', { query: { limit: '5' } });
    expect(feed.data.list.length).toBeGreaterThan(0);
    for (const p of feed.data.list) expect(p.image).toBe(`/img/product/${p.id}/0?art=${PRODUCT_ART_VERSION}`);
    const id = feed.data.list[0].id;
    const detail = await t.endpoint<ProductDetailAnswer>('catalog.productDetail', {
      query: { product_id: String(id) },
    });
    expect(detail.data.product.images.length).toBeGreaterThan(1);
    detail.data.product.images.forEach((url, n) =>
      expect(url).toBe(`/img/product/${id}/${n}?art=${PRODUCT_ART_VERSION}`),
    );
    // The versioned address, with the app's width, answers the picture.
    const res = await fetchImage(`${detail.data.product.images[1]}&w=240`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('a generated picture gets the version, an upload keeps its address', () => {
    expect(productImage('/uploads/2026/ab.webp')).toBe('/uploads/2026/ab.webp');
    expect(productImage('/img/product/7/0')).toBe(`/img/product/7/0?art=${PRODUCT_ART_VERSION}`);
  });
});

describe('images: the drawn pictures are demo data', () => {
  it('with demo data off, /img answers 404 even for pictures whose rows exist', async () => {
    const plain = await createTestApp({ DEMO_DATA: false });
    try {
      await seedCatalog(plain.database.db, { products: 2 });
      for (const url of ['/img/product/1/0?w=120', '/img/category/1', '/img/banner/1', '/img/logo']) {
        const res = await plain.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).not.toBe('image/webp');
      }
    } finally {
      await plain.close();
    }
  });

  it('with demo data on, the same addresses answer pictures', async () => {
    expect(t.app.config.DEMO_DATA).toBe(true);
    for (const url of ['/img/product/1/0?w=120', '/img/category/1', '/img/banner/1', '/img/logo']) {
      const res = await fetchImage(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('image/webp');
    }
  });
});
