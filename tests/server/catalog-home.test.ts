import { describe, expect, it } from 'vitest';
import type {
  BannerItem,
  CategoryItem,
  Paged,
  PlatformInfo,
  ProductCard,
  ShopCard,
} from '../../common/schemas/catalog-answers';
import { createTestApp } from '../support/app';
import { useCatalogApp } from './catalog-fixture';
import { BANNER_ART_VERSION, PRODUCT_ART_VERSION } from '../../server/modules/catalog/picture-addresses';

const t = useCatalogApp(60);

describe('home: platform, banners, categories', () => {
  it('index answers the platform name and logo, and empty links when none are configured', async () => {
    const res = await t.endpoint<PlatformInfo>('catalog.platform');
    expect(res.code).toBe(1);
    expect(res.data.name).toBe('International E-commerce');
    expect(res.data.logo).toBe('/logo.svg');
    expect([res.data.serviceUrl, res.data.merchantUrl, res.data.sellerUrl]).toEqual(['', '', '']);
    expect(res.data.appLink).toBe('');
  });

  it('index answers the configured links', async () => {
    const configured = await createTestApp({
      SERVICE_URL: 'https://t.me/shop_support',
      MERCHANT_URL: 'https://t.me/shop_merchants',
      SELLER_URL: 'https://seller.example.com/',
    });
    try {
      const res = await configured.endpoint<PlatformInfo>('catalog.platform');
      expect(res.data).toMatchObject({
        serviceUrl: 'https://t.me/shop_support',
        merchantUrl: 'https://t.me/shop_merchants',
        sellerUrl: 'https://seller.example.com/',
      });
    } finally {
      await configured.close();
    }
  });

  it('index answers the t.me Mini App link when the bot and app names are configured', async () => {
    const configured = await createTestApp({ BOT_USERNAME: 'shop_bot', MINI_APP_NAME: 'store' });
    try {
      const res = await configured.endpoint<PlatformInfo>('catalog.platform');
      expect(res.data.appLink).toBe('https://t.me/shop_bot/store');
    } finally {
      await configured.close();
    }
  });

  it('banner answers the demo banners with in-app links', async () => {
    const res = await t.endpoint<BannerItem[]>('catalog.banners', { lang: 'ja-JP' });
    expect(res.data.length).toBeGreaterThanOrEqual(3);
    expect(res.data[0].image).toMatch(new RegExp(`^/img/banner/\\d+\\?art=${BANNER_ART_VERSION}$`));
    expect(res.data[0].link).toMatch(/^\//);
    expect(res.data[0].title).toBe('夏のアウトドアセール');
  });

  it('category answers the ten categories in the request language', async () => {
    const en = await t.endpoint<CategoryItem[]>('catalog.categories');
    expect(en.data.map((c) => c.key)).toEqual([
      'computer',
      'electrical',
      'outdoors',
      'family',
      'health',
      'men',
      'women',
      'food',
      'phone',
      'toys',
    ]);
    expect(en.data[5].name).toBe("Men's Clothing");
    const zh = await t.endpoint<CategoryItem[]>('catalog.categories', { lang: 'zh-CN' });
    expect(zh.data[0].name).toBe('电脑');
    const th = await t.endpoint<CategoryItem[]>('catalog.categories', { lang: 'th-TH' });
    expect(th.data[9].name).toBe('ของเล่น');
  });
});

describe('home: product feeds', () => {
  it('the feed is best-selling first, with money as decimal strings', async () => {
    const res = await t.endpoint<Paged<ProductCard>>('catalog.feed', { query: { limit: '50' } });
    expect(res.code).toBe(1);
    expect(res.data.total).toBe(60);
    const sales = res.data.list.map((p) => p.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    for (const p of res.data.list) {
      expect(p.price).toMatch(/^\d+\.\d{2}$/);
      expect(Number(p.marketPrice)).toBeGreaterThan(Number(p.price));
      expect(p.image).toMatch(new RegExp(`^/img/product/\\d+/0\\?art=${PRODUCT_ART_VERSION}$`));
    }
  });

  it('category_id narrows the feed to one category', async () => {
    const res = await t.endpoint<Paged<ProductCard>>('catalog.feed', {
      query: { category_id: '3', limit: '50' },
    });
    expect(res.data.total).toBe(6);
    expect(res.data.list.every((p) => p.categoryId === 3)).toBe(true);
  });

  it('titles come in the request language', async () => {
    const res = await t.endpoint<Paged<ProductCard>>('catalog.feed', {
      query: { category_id: '1' },
      lang: 'ko-KR',
    });
    expect(res.data.list.some((p) => /[\uac00-\ud7a3]/.test(p.title))).toBe(true);
  });

  it('hot_product lists hot products only; recommend lists recommended ones only', async () => {
    const hot = await t.endpoint<Paged<ProductCard>>('catalog.hotProducts', { query: { limit: '50' } });
    expect(hot.data.list.length).toBeGreaterThan(0);
    expect(hot.data.list.every((p) => p.hot)).toBe(true);
    const rec = await t.endpoint<Paged<ProductCard>>('catalog.recommend', { query: { limit: '50' } });
    expect(rec.data.list.length).toBeGreaterThan(0);
    expect(rec.data.list.every((p) => p.recommended)).toBe(true);
  });

  it('hot_merchant lists hot shops, best-selling first', async () => {
    const res = await t.endpoint<Paged<ShopCard>>('catalog.hotShops', { query: { limit: '50' } });
    expect(res.data.list.length).toBeGreaterThan(3);
    expect(res.data.list.every((s) => s.hot)).toBe(true);
    const totals = res.data.list.map((s) => s.totalSales);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(res.data.list[0].avatar).toMatch(/^\/img\/shop\/\d+\/avatar$/);
    expect(res.data.list[0].favorableRate).toBeGreaterThan(90);
  });
});

describe('lists: pagination edges', () => {
  it('a page beyond the end is an empty list that still tells the total', async () => {
    const res = await t.endpoint<Paged<ProductCard>>('catalog.feed', {
      query: { page: '99', limit: '10' },
    });
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({ list: [], total: 60, page: 99, limit: 10, next: null });
  });

  it('odd page and limit values are clamped, never refused', async () => {
    for (const [page, limit, expected] of [
      ['-1', '10', { page: 1, limit: 10 }],
      ['abc', 'xyz', { page: 1, limit: 10 }],
      ['2', '10000', { page: 2, limit: 50 }],
      ['1.7', '0', { page: 1, limit: 10 }],
    ] as const) {
      const res = await t.endpoint<Paged<ProductCard>>('catalog.feed', { query: { page, limit } });
      expect(res.code).toBe(1);
      expect(res.data).toMatchObject(expected);
    }
  });

  it('pages do not overlap and together hold every product once', async () => {
    const seen = new Set<number>();
    for (let page = 1; page <= 7; page++) {
      const res = await t.endpoint<Paged<ProductCard>>('catalog.feed', {
        query: { page: String(page), limit: '10' },
      });
      for (const p of res.data.list) seen.add(p.id);
    }
    expect(seen.size).toBe(60);
  });

  it('following `next` walks the same list as the page numbers do, for every ordering', async () => {
    for (const sort of ['sales', 'price_asc', 'price_desc', 'newest']) {
      const byPage: number[] = [];
      for (let page = 1; page <= 6; page++) {
        const res = await t.endpoint<Paged<ProductCard>>('catalog.search', {
          query: { sort, page: String(page), limit: '10' },
        });
        byPage.push(...res.data.list.map((p) => p.id));
      }
      const byCursor: number[] = [];
      let cursor: string | null = '';
      for (let page = 1; cursor !== null && page <= 10; page++) {
        const query: Record<string, string> = { sort, limit: '10', page: String(page) };
        if (cursor) query.cursor = cursor;
        const res: { data: Paged<ProductCard> } = await t.endpoint<Paged<ProductCard>>('catalog.search', {
          query,
        });
        byCursor.push(...res.data.list.map((p) => p.id));
        cursor = res.data.next;
      }
      expect(byCursor).toEqual(byPage);
      expect(new Set(byCursor).size).toBe(60);
    }
  });

  it('a cursor that is not ours is ignored', async () => {
    const res = await t.endpoint<Paged<ProductCard>>('catalog.feed', {
      query: { cursor: 'not-a-cursor!', limit: '5' },
    });
    expect(res.code).toBe(1);
    expect(res.data.list).toHaveLength(5);
  });

  it('a malformed category is refused with a clear message', async () => {
    const res = await t.endpoint('catalog.feed', { query: { category_id: 'abc' } });
    expect(res.code).toBe(0);
    expect(res.msg).toBe('Choose one of the listed categories');
  });
});
