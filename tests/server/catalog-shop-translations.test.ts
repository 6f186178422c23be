import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../common/languages';
import type { BannerItem, MerchantDetailAnswer } from '../../common/schemas/catalog-answers';
import { DEMO_SHOPS, seedCatalog } from '../../server/demo/catalog-seed';
import { shops } from '../../server/db/schema';
import { invalidateCatalog } from '../../server/modules/catalog/answer-cache';
import { bannerSvg } from '../../server/demo/images/art';
import { BANNER_ART_VERSION } from '../../server/modules/catalog/picture-addresses';
import { cacheFile } from '../../server/demo/images/render';
import { useCatalogApp, plainShop, shopRow } from './catalog-fixture';

const t = useCatalogApp(20);

const shopIdOf = async (name: string) =>
  (await t.database.db.select({ id: shops.id }).from(shops).where(eq(shops.name, name)))[0].id;

const description = async (shopId: number, lang?: string) => {
  const res = await t.endpoint<MerchantDetailAnswer>('catalog.shopDetail', {
    query: { mer_id: String(shopId) },
    lang,
  });
  expect(res.code).toBe(1);
  return res.data.shop;
};

describe('shop descriptions in the shopper language', () => {
  it('shops have a jsonb translations column (migration 0003_shop_translations), empty by default', async () => {
    const result = await t.database.db.execute(
      sql`select data_type, is_nullable from information_schema.columns where table_name = 'shops' and column_name = 'translations'`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      data_type: string;
      is_nullable: string;
    }[];
    expect(rows).toEqual([{ data_type: 'jsonb', is_nullable: 'NO' }]);
    const id = await plainShop(t, 'Fresh Shop');
    expect((await shopRow(t, id)).translations).toEqual({});
  });

  it('the shop page answers the description in de-DE, zh-CN and th-TH, the name unchanged', async () => {
    const id = await shopIdOf('Peak Outdoor Gear');
    const de = await description(id, 'de-DE');
    expect(de.name).toBe('Peak Outdoor Gear');
    expect(de.description).toBe('Zelte, Rucksäcke und Stiefel, auf echten Wanderwegen getestet.');
    const zh = await description(id, 'zh-CN');
    expect(zh.name).toBe('Peak Outdoor Gear');
    expect(zh.description).toBe('帐篷、背包和登山靴，都经过真实山路检验。');
    const th = await description(id, 'th-TH');
    expect(th.description).toBe('เต็นท์ กระเป๋าเป้ และรองเท้าเดินป่า ผ่านการทดสอบบนเส้นทางจริง');
    expect((await description(id)).description).toBe('Tents, packs and boots tested on real trails.');
  });

  it('every demo shop has its own description in all seven other languages', async () => {
    for (const demo of DEMO_SHOPS) {
      const row = await shopRow(t, await shopIdOf(demo.name));
      for (const lang of LANGS.filter((l) => l !== 'en-US')) {
        const text = row.translations[lang]?.description;
        expect(text, `${demo.name} ${lang}`).toBeTruthy();
        expect(text, `${demo.name} ${lang}`).not.toBe(demo.description);
      }
    }
    const ru = await description(await shopIdOf('Berlin Basics'), 'ru-RU');
    expect(ru.description).toBe('Качественные базовые вещи надолго.');
  });

  it('a shop without translations, or without the asked one, answers its default description', async () => {
    const id = await plainShop(t, 'Untranslated Corner');
    await t.database.db.update(shops).set({ description: 'Only in English.' }).where(eq(shops.id, id));
    for (const lang of ['de-DE', 'zh-CN', 'th-TH', 'en-US'])
      expect((await description(id, lang)).description, lang).toBe('Only in English.');
    await t.database.db
      .update(shops)
      .set({ translations: { 'de-DE': { description: 'Nur auf Deutsch übersetzt.' } } })
      .where(eq(shops.id, id));
    // A writer of shops drops the cached catalogue answers (the shop page was just read in German).
    invalidateCatalog(t.database.db);
    expect((await description(id, 'de-DE')).description).toBe('Nur auf Deutsch übersetzt.');
    expect((await description(id, 'zh-CN')).description).toBe('Only in English.');
  });
});

describe('demo shops of an older database get their translations', () => {
  it('the generator fills empty translations of demo shops once, and leaves changed shops alone', async () => {
    const db = t.database.db;
    // As seeded before shops had translations; one shop's description was edited since.
    await db.update(shops).set({ translations: {} }).where(eq(shops.isDemo, true));
    const edited = await shopIdOf('Berlin Basics');
    await db.update(shops).set({ description: 'Our own words now.' }).where(eq(shops.id, edited));
    const again = await seedCatalog(db, { products: 20 });
    expect(again.added).toBe(0);
    const empty = await db
      .select({ name: shops.name })
      .from(shops)
      .where(and(eq(shops.isDemo, true), sql`${shops.translations} = '{}'::jsonb`));
    expect(empty.map((r) => r.name)).toEqual(['Berlin Basics']);
    const id = await shopIdOf('TechNova Official');
    expect((await description(id, 'de-DE')).description).toBe(
      'Computer, Handys und Gadgets mit 1 Jahr Garantie.',
    );
    expect((await description(edited, 'de-DE')).description).toBe('Our own words now.');
    // Nothing left to do: a further run changes nothing.
    const before = await db.select().from(shops).orderBy(shops.id);
    await seedCatalog(db, { products: 20 });
    expect(await db.select().from(shops).orderBy(shops.id)).toEqual(before);
  });
});

describe('banner pictures carry no words', () => {
  it('the drawing has no <text> element, whatever the banner', () => {
    for (const id of [1, 2, 3, 4, 5]) {
      const svg = bannerSvg({ id, icon: 'shop' }, 800);
      expect(svg).toMatch(/^<svg /);
      expect(svg).not.toMatch(/<text[\s>]/);
    }
  });

  it('the banner route answers that drawing, also under the address the app asks for', async () => {
    const list = await t.endpoint<BannerItem[]>('catalog.banners', { lang: 'de-DE' });
    expect(list.data[0].title).toBe('Outdoor-Sommerverkauf');
    const { id, image } = list.data[0];
    // The address names the drawing's version, so a copy cached with the old drawing is not shown.
    expect(image).toBe(`/img/banner/${id}?art=${BANNER_ART_VERSION}`);
    const res = await t.app.inject({ method: 'GET', url: `${image}&w=800` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    // The first banner opens the outdoor category and shows its pictogram (the cache is keyed by the drawing).
    const cached = readFileSync(cacheFile(t.app.config.DATA_DIR, bannerSvg({ id, icon: 'outdoors' }, 800)));
    expect(Buffer.compare(res.rawPayload, cached)).toBe(0);
  });
});
