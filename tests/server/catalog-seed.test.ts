import { asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../common/languages';
import type { Database, Db } from '../../server/db/client';
import { DEMO_PRODUCTS, seedCatalog } from '../../server/demo/catalog-seed';
import { seedDemo } from '../../server/demo/seed';
import { banners, categories, products, productSpecs, shops, users } from '../../server/db/schema';
import { freshDatabase } from '../support/db';

let first: Database;
let second: Database;
beforeAll(async () => {
  [first, second] = await Promise.all([freshDatabase(), freshDatabase()]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

async function counts(db: Db) {
  const one = async (
    table: typeof products | typeof shops | typeof banners | typeof categories | typeof productSpecs,
  ) => (await db.select({ n: count() }).from(table))[0].n;
  return {
    categories: await one(categories),
    shops: await one(shops),
    banners: await one(banners),
    products: await one(products),
    specs: await one(productSpecs),
  };
}

/** What a shopper would notice of each product, in id order. */
async function fingerprint(db: Db) {
  const rows = await db
    .select({
      title: products.title,
      zh: sql<string>`${products.translations}->'zh-CN'->>'title'`,
      price: products.price,
      marketPrice: products.marketPrice,
      sales: products.sales,
      stock: products.stock,
      shop: shops.name,
      specs: sql<number>`(select count(*)::int from ${productSpecs} where ${productSpecs.productId} = ${products.id})`,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .orderBy(asc(products.id));
  return rows;
}

describe('demo catalogue generator', () => {
  it('seedDemo loads the full demo catalogue: 10 categories, 12+ shops, 360 products in all 8 languages', async () => {
    await seedDemo(first.db);
    const c = await counts(first.db);
    expect(c.categories).toBe(10);
    expect(c.shops).toBeGreaterThanOrEqual(12);
    expect(c.banners).toBeGreaterThanOrEqual(3);
    expect(c.products).toBe(DEMO_PRODUCTS);
    const perCategory = await first.db
      .select({ category: products.categoryId, n: count() })
      .from(products)
      .groupBy(products.categoryId);
    expect(perCategory).toHaveLength(10);
    expect(perCategory.every((r) => r.n === 36)).toBe(true);
    const rows = await first.db.select().from(products);
    expect(new Set(rows.map((r) => r.title)).size).toBe(DEMO_PRODUCTS);
    for (const row of rows) {
      for (const lang of LANGS.filter((l) => l !== 'en-US'))
        expect(row.translations[lang]?.title, lang).toBeTruthy();
      expect(row.marketPrice).toBeGreaterThan(row.price);
      expect(row.images.length).toBeGreaterThanOrEqual(3);
      expect(row.isDemo).toBe(true);
    }
    const withSpecs = new Set(
      (await first.db.select({ id: productSpecs.productId }).from(productSpecs)).map((r) => r.id),
    );
    expect(withSpecs.size / DEMO_PRODUCTS).toBeGreaterThan(0.3);
    expect(withSpecs.size / DEMO_PRODUCTS).toBeLessThan(0.7);
    const demoShops = await first.db.select().from(shops);
    expect(demoShops.reduce((sum, s) => sum + s.productCount, 0)).toBe(DEMO_PRODUCTS);
  });

  it('running it again changes nothing', async () => {
    const before = await counts(first.db);
    const fp = await fingerprint(first.db);
    await seedDemo(first.db);
    const again = await seedCatalog(first.db);
    expect(again.added).toBe(0);
    expect(await counts(first.db)).toEqual(before);
    expect(await fingerprint(first.db)).toEqual(fp);
    const [demoUsers] = await first.db.select({ n: count() }).from(users).where(eq(users.account, 'demo'));
    expect(demoUsers.n).toBe(1);
  });

  it('is deterministic: another database gets the same catalogue, also when grown in steps', async () => {
    await seedCatalog(second.db, { products: 100, batch: 40 });
    const grown = await seedCatalog(second.db, { products: DEMO_PRODUCTS, batch: 70 });
    expect(grown.added).toBe(DEMO_PRODUCTS - 100);
    expect(await counts(second.db)).toEqual(await counts(first.db));
    expect(await fingerprint(second.db)).toEqual(await fingerprint(first.db));
  });

  it('names are real translations of the title pattern', async () => {
    const [mouse] = await first.db.select().from(products).where(eq(products.title, 'Wireless Mouse'));
    expect(mouse.translations).toMatchObject({
      'zh-CN': { title: '无线鼠标' },
      'ja-JP': { title: 'ワイヤレスマウス' },
      'ko-KR': { title: '무선 마우스' },
      'th-TH': { title: 'เมาส์ไร้สาย' },
      'de-DE': { title: 'Kabellose Maus' },
      'ru-RU': { title: 'Беспроводная мышь' },
      'tr-TR': { title: 'Kablosuz Fare' },
    });
  });
});
