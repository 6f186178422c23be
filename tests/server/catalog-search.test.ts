import { inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { KeywordsAnswer, Paged, ProductCard, ShopCard } from '../../common/schemas/catalog-answers';
import { products } from '../../server/db/schema';
import { FOLDED, foldSearch } from '../../server/modules/catalog/search-fold';
import { useCatalogApp, plainShop } from './catalog-fixture';

const t = useCatalogApp(60);

const search = (query: Record<string, string>, opts: { token?: string; lang?: string } = {}) =>
  t.endpoint<Paged<ProductCard>>('catalog.search', { query: { limit: '50', ...query }, ...opts });
const titles = (res: { data: Paged<ProductCard> }) => res.data.list.map((p) => p.title).sort();

describe('search: matches titles in every language, any case', () => {
  it('Latin text, whatever its case', async () => {
    const res = await search({ title: 'wireless MOUSE' });
    expect(res.code).toBe(1);
    expect(titles(res)).toEqual(['Wireless Mouse']);
    expect(titles(await search({ title: 'Mouse' }))).toEqual(['Compact Mouse', 'Wireless Mouse']);
  });

  it('Chinese text without spaces, long or short (1 and 2 characters too)', async () => {
    expect(titles(await search({ title: '无线鼠标' }))).toEqual(['Wireless Mouse']);
    expect(titles(await search({ title: '鼠标' }))).toEqual(['Compact Mouse', 'Wireless Mouse']);
    expect(titles(await search({ title: '鼠' }))).toEqual(['Compact Mouse', 'Wireless Mouse']);
    const zh = await search({ title: '鼠标' }, { lang: 'zh-CN' });
    expect(titles(zh)).toEqual(['无线鼠标', '紧凑型鼠标']);
  });

  it('one or two Japanese, Korean or Thai characters', async () => {
    expect(titles(await search({ title: 'マウ' }))).toEqual(['Compact Mouse', 'Wireless Mouse']);
    expect(titles(await search({ title: '마우' }))).toEqual(['Compact Mouse', 'Wireless Mouse']);
    expect((await search({ title: 'ไร' })).data.total).toBe(3);
  });

  it('Thai text without spaces', async () => {
    expect(titles(await search({ title: 'เมาส์ไร้สาย' }))).toEqual(['Wireless Mouse']);
    const th = await search({ title: 'ไร้สาย' }, { lang: 'th-TH' });
    expect(titles(th)).toEqual(['คีย์บอร์ดไร้สาย', 'หูฟังเฮดเซ็ตไร้สาย', 'เมาส์ไร้สาย'].sort());
  });

  it('Cyrillic, German and Turkish text in capitals', async () => {
    expect((await search({ title: 'БЕСПРОВОДНАЯ' })).data.total).toBe(3);
    expect((await search({ title: 'KABELLOS' })).data.total).toBe(3);
    expect(titles(await search({ title: 'KABLOSUZ FARE' }))).toEqual(['Wireless Mouse']);
  });

  it('one or two Latin or Cyrillic letters match the start of a word', async () => {
    const mo = titles(await search({ title: 'MO' }));
    expect(mo).toEqual(expect.arrayContaining(['Compact Monitor', 'Compact Mouse', 'Wireless Mouse']));
    expect(titles(await search({ title: 'ou' }))).not.toContain('Wireless Mouse');
    expect(titles(await search({ title: 'мы' }))).toEqual(['Compact Mouse', 'Wireless Mouse']);
  });

  it('wildcard characters are taken literally', async () => {
    expect((await search({ title: '%' })).data.total).toBe(0);
    expect((await search({ title: '___' })).data.total).toBe(0);
  });

  it('search combines with a category', async () => {
    expect(
      (await search({ title: 'compact', category_id: '1' })).data.list.every((p) => p.categoryId === 1),
    ).toBe(true);
    expect((await search({ title: 'mouse', category_id: '2' })).data.total).toBe(0);
  });

  it('relevance: the title itself, then titles starting with the text, then the rest', async () => {
    const shopId = await plainShop(t, 'Lamp House');
    const base = { shopId, categoryId: 4, description: '', price: 1000, marketPrice: 1500, stock: 5 };
    await t.database.db.insert(products).values([
      { ...base, title: 'Desk Zorblamp', sales: 900 },
      { ...base, title: 'Zorblamp Shade', sales: 500 },
      { ...base, title: 'Zorblamp', sales: 1 },
    ]);
    const res = await search({ title: 'zorblamp' });
    expect(res.data.list.map((p) => p.title)).toEqual(['Zorblamp', 'Zorblamp Shade', 'Desk Zorblamp']);
  });
});

describe('search: spacing and punctuation are folded, in the titles and the text alike', () => {
  // The products these tests add leave with them: the price tests below count the whole catalogue.
  const shopIds: number[] = [];
  afterAll(() => t.database.db.delete(products).where(inArray(products.shopId, shopIds)));

  it('"tshirt", "t-shirt", "t shirt", "T.Shirt" and "t–shirt" find the same T-shirts', async () => {
    const shopId = await plainShop(t, 'Tee House');
    shopIds.push(shopId);
    const base = { shopId, categoryId: 7, description: '', price: 1000, marketPrice: 1500, stock: 5 };
    await t.database.db.insert(products).values([
      { ...base, title: 'Cotton T-Shirt', translations: { 'ja-JP': { title: 'コットンTシャツ' } } },
      { ...base, title: "Kids' T Shirt" },
      { ...base, title: 'Tshirt Dress' },
    ]);
    const found = titles(await search({ title: 'tshirt' }));
    expect(found).toEqual(expect.arrayContaining(['Cotton T-Shirt', "Kids' T Shirt", 'Tshirt Dress']));
    for (const text of ['t-shirt', 'T SHIRT', 'T.Shirt', 't\u2013shirt', 't  -  shirt']) {
      expect(titles(await search({ title: text })), text).toEqual(found);
    }
    // Across scripts and in full-width or CJK punctuation too.
    expect(titles(await search({ title: 'T・シャツ' }))).toContain('Cotton T-Shirt');
    expect(titles(await search({ title: 'cotton-t-shirt' }))).toEqual(['Cotton T-Shirt']);
  });

  it('short texts keep their rules once folded: "s." matches the start of a word only', async () => {
    expect(titles(await search({ title: 'mo.' }))).toEqual(titles(await search({ title: 'mo' })));
    expect(titles(await search({ title: 'ou!' }))).not.toContain('Wireless Mouse');
    expect(titles(await search({ title: '鼠・' }))).toEqual(['Compact Mouse', 'Wireless Mouse']);
  });

  it('a text of punctuation alone finds nothing', async () => {
    for (const text of ['-', '...', '・', "'"])
      expect((await search({ title: text })).data.total, text).toBe(0);
  });

  it('relevance compares folded titles: the title itself, then titles starting with it', async () => {
    const shopId = await plainShop(t, 'Blorp House');
    shopIds.push(shopId);
    const base = { shopId, categoryId: 4, description: '', price: 1000, marketPrice: 1500, stock: 5 };
    await t.database.db.insert(products).values([
      { ...base, title: 'Desk Blorp-Lamp', sales: 900 },
      { ...base, title: 'Blorp Lamp Shade', sales: 500 },
      { ...base, title: 'Blorp-Lamp', sales: 1 },
    ]);
    const expected = ['Blorp-Lamp', 'Blorp Lamp Shade', 'Desk Blorp-Lamp'];
    for (const text of ['blorplamp', 'blorp lamp', 'BLORP-LAMP']) {
      expect(
        (await search({ title: text })).data.list.map((p) => p.title),
        text,
      ).toEqual(expected);
    }
  });

  it("PostgreSQL's catalog_fold and the server's foldSearch drop the same characters", async () => {
    const ranges = [...FOLDED.matchAll(/\\u(\w{4})(?:-\\u(\w{4}))?/g)].map(([, a, b]) => [
      parseInt(a, 16),
      parseInt(b ?? a, 16),
    ]);
    const samples: string[] = [];
    for (const [from, to] of ranges) {
      for (let c = from; c <= to; c += 1) samples.push(`a${String.fromCodePoint(c)}b`);
    }
    // Kept: letters and digits of every script, marks that belong to words.
    samples.push('Ärger ß É 中文 ไทย ー 々 ๆ ½ ² ℃ € $100 C#', 'コットンＴシャツ', 'ÇALIŞKAN');
    const result = await t.database.db.execute(
      sql`select catalog_fold(s, '') as f
          from json_array_elements_text(${JSON.stringify(samples)}::json) with ordinality as u(s, n)
          order by n`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { f: string }[];
    expect(rows.map((r) => r.f)).toEqual(samples.map(foldSearch));
    expect(samples.slice(0, -3).every((s) => foldSearch(s) === 'ab')).toBe(true);
  });
});

describe('search: orderings and price range', () => {
  it('price_asc and price_desc order by price; newest by listing time', async () => {
    const asc = await search({ sort: 'price_asc', category_id: '6' });
    const prices = asc.data.list.map((p) => Number(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await search({ sort: 'price_desc', category_id: '6' });
    expect(desc.data.list.map((p) => p.id)).toEqual([...asc.data.list.map((p) => p.id)].reverse());
    const newest = await search({ sort: 'newest', category_id: '6' });
    const ids = newest.data.list.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('sales is the default without a text; an unknown sort falls back to it', async () => {
    const res = await search({ sort: 'cheapest-ever' });
    expect(res.code).toBe(1);
    const sales = res.data.list.map((p) => p.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
  });

  it('price[min] and price[max] bound the price, inclusive, in dollars', async () => {
    const all = await search({ sort: 'price_asc' });
    const third = all.data.list[20];
    const res = await search({ 'price[min]': third.price, 'price[max]': '60', sort: 'price_asc' });
    expect(res.data.list[0].price).toBe(third.price);
    expect(res.data.list.every((p) => Number(p.price) >= Number(third.price) && Number(p.price) <= 60)).toBe(
      true,
    );
    expect(res.data.total).toBe(
      all.data.list.filter((p) => Number(p.price) >= Number(third.price) && Number(p.price) <= 60).length,
    );
    const onlyMax = await search({ 'price[max]': '10.5' });
    expect(onlyMax.data.list.every((p) => Number(p.price) <= 10.5)).toBe(true);
  });
});

describe('search: bad input', () => {
  it('a 5,000-character text is refused with a translated message', async () => {
    const res = await search({ title: 'x'.repeat(5000) });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.msg).toBe('The search text can be at most 100 characters');
  });

  it('a malformed price is refused; a range upside down is refused', async () => {
    const bad = await search({ 'price[min]': 'abc' });
    expect(bad.code).toBe(0);
    expect(bad.msg).toBe('Enter a price such as 19.90');
    const negative = await search({ 'price[max]': '-5' });
    expect(negative.code).toBe(0);
    const upside = await search({ 'price[min]': '50', 'price[max]': '10' });
    expect(upside.code).toBe(0);
    expect(upside.msg).toBe('The lowest price must not be higher than the highest price');
  });

  it('a text sent as an object is refused, not a 500', async () => {
    const res = await search({ 'title[x]': 'mouse' });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
  });
});

describe('search: recent keywords', () => {
  it('a shopper sees their last 10 texts, newest first, each once', async () => {
    const { token } = await t.register('kw_shopper');
    for (const word of ['mouse', 'tent', 'mouse']) await search({ title: word }, { token });
    let res = await t.endpoint<KeywordsAnswer>('catalog.keywords', { token });
    expect(res.data.keywords).toEqual(['mouse', 'tent']);
    for (let i = 0; i < 12; i++) await search({ title: `word${i}` }, { token });
    res = await t.endpoint<KeywordsAnswer>('catalog.keywords', { token });
    expect(res.data.keywords).toHaveLength(10);
    expect(res.data.keywords[0]).toBe('word11');
    expect(res.data.keywords).not.toContain('mouse');
  });

  it('later pages of the same search are not recorded again; visitors keep nothing', async () => {
    const { token } = await t.register('kw_pager');
    await search({ title: 'compact', page: '2' }, { token });
    expect((await t.endpoint<KeywordsAnswer>('catalog.keywords', { token })).data.keywords).toEqual([]);
    const visitor = await t.endpoint<KeywordsAnswer>('catalog.keywords');
    expect(visitor.code).toBe(1);
    expect(visitor.data.keywords).toEqual([]);
  });

  it("another shopper's keywords are not visible", async () => {
    const a = await t.register('kw_a');
    const b = await t.register('kw_b');
    await search({ title: 'secret words' }, { token: a.token });
    expect((await t.endpoint<KeywordsAnswer>('catalog.keywords', { token: b.token })).data.keywords).toEqual(
      [],
    );
  });
});

describe('search: shops by name', () => {
  it('finds shops by part of the name in any case; no text lists every shop', async () => {
    const res = await t.endpoint<Paged<ShopCard>>('catalog.searchShops', { query: { title: 'TOYS' } });
    expect(res.data.list.map((s) => s.name)).toEqual(['Little Stars Toys']);
    const short = await t.endpoint<Paged<ShopCard>>('catalog.searchShops', { query: { title: 'ba' } });
    expect(short.data.list.map((s) => s.name).sort()).toEqual([
      'Bangkok Market',
      'Berlin Basics',
      'Istanbul Bazaar',
      'Urban Threads',
    ]);
    const all = await t.endpoint<Paged<ShopCard>>('catalog.searchShops', { query: { limit: '50' } });
    expect(all.data.total).toBeGreaterThanOrEqual(14);
  });
});
