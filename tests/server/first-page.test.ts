import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_PRELOADS_FILE, type BootData, type ScreenPreloads } from '../../common/boot';
import type {
  MerchantDetailAnswer,
  Paged,
  ProductCard,
  ProductDetailAnswer,
} from '../../common/schemas/catalog-answers';
import { seedCatalog } from '../../server/demo/catalog-seed';
import { homeFirstPaint } from '../../server/web/first-paint';
import { createTestApp, type TestApp } from '../support/app';
import { plainShop, productRow } from './catalog-fixture';

/**
 * The product page as the server writes it (server/web/boot.ts): the product as a visitor sees it
 * inside the page, its first picture, code and texts preloaded, no view counted. A built app of its
 * own (index.html and the build's preload list, as vite.config.ts writes them) in a scratch folder.
 */
const INDEX =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>SHOP</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';
const PRELOADS: ScreenPreloads = {
  screens: {
    'catalog/DetailPage': {
      scripts: ['/assets/DetailPage-abc.js', '/assets/Stars-def.js'],
      styles: ['/assets/Stars-12.css'],
    },
    'catalog/SearchPage': { scripts: ['/assets/SearchPage-a1.js'], styles: [] },
    'catalog/ExplorePage': { scripts: ['/assets/ExplorePage-b2.js'], styles: ['/assets/Explore-c3.css'] },
    'cart/BagPage': { scripts: ['/assets/BagPage-d4.js'], styles: [] },
    'account/ProfilePage': { scripts: ['/assets/ProfilePage-e5.js'], styles: [] },
    'orders/OrdersPage': { scripts: ['/assets/OrdersPage-f6.js'], styles: [] },
  },
  api: ['/assets/transport-q.js'],
  laterTexts: { 'en-US': '/assets/en-US-later.js', 'de-DE': '/assets/de-DE-later.js' },
};

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'shop-first-page-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, SCREEN_PRELOADS_FILE), JSON.stringify(PRELOADS));
  t = await createTestApp({ DEMO_DATA: true, SHOP_DIST: dist });
  await seedCatalog(t.database.db, { products: 12 });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** What the server put inside the app's root element. */
const firstPaintOf = (html: string) => /<div id="root">(.*)<\/div><\/body>/s.exec(html)?.[1];

async function page(url: string, lang = 'en-US', ip = '198.51.100.7') {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { 'accept-language': lang },
    remoteAddress: ip,
  });
  const html = res.body;
  const boot = /<script type="application\/json" id="boot">([^<]*)<\/script>/.exec(html)?.[1];
  return {
    status: res.statusCode,
    html,
    boot: boot === undefined ? undefined : (JSON.parse(boot) as BootData),
  };
}

describe('the product page as the server writes it', () => {
  it('carries the product as a visitor sees it, in the page language, with its picture, code and texts preloaded', async () => {
    const { status, html, boot } = await page('/detail/3', 'de-DE,de;q=0.9');
    expect(status).toBe(200);
    expect(boot?.lang).toBe('de-DE');
    const api = await t.endpoint<ProductDetailAnswer>('catalog.productDetail', {
      query: { product_id: '3' },
      lang: 'de-DE',
      ip: '198.51.100.8',
    });
    // The API's answer counts its own view in `seen`; everything else is the same answer.
    const { seen, ...product } = api.data.product;
    expect(boot?.product).toEqual({ ...api.data, product: { ...product, seen: seen - 1 } });
    expect(boot?.product?.favourited).toBe(false);
    const picture = api.data.product.images[0].replace(/&/g, '&amp;');
    expect(html).toContain(
      `<link rel="preload" as="image" href="${picture}&amp;w=800" fetchpriority="high" />`,
    );
    // The picture comes before anything else in <head>: it takes a connection first.
    expect(html.indexOf('rel="preload" as="image"')).toBeLessThan(html.indexOf('<title>'));
    for (const script of [
      ...PRELOADS.screens['catalog/DetailPage'].scripts,
      '/assets/de-DE-later.js',
      '/assets/en-US-later.js',
    ])
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="${script}">`);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/Stars-12.css">');
    // Its largest paint is the picture: the API client does not take a connection from it.
    expect(html).not.toContain('/assets/transport-q.js');
    // The same picture painted inside the app's root before the app runs (server/web/first-paint.ts).
    expect(firstPaintOf(html)).toBe(
      `<div class="first-paint first-paint--product" aria-hidden="true"><img src="${picture}&amp;w=800" alt="" width="800" height="800" fetchpriority="high" /></div>`,
    );
  });

  it('preloads only English texts for an English page, and follows the /detail/:product/:mer form', async () => {
    const { html, boot } = await page('/detail/4/1');
    expect(boot?.product?.product.id).toBe(4);
    expect(html).toContain('/assets/en-US-later.js');
    expect(html).not.toContain('/assets/de-DE-later.js');
  });

  it('counts no view: the app’s own call does', async () => {
    const before = (await productRow(t, 5)).seen;
    await page('/detail/5', 'en-US', '198.51.100.20');
    await page('/detail/5', 'en-US', '198.51.100.21');
    const { token } = await t.register('first_page_viewer');
    const api = await t.endpoint<ProductDetailAnswer>('catalog.productDetail', {
      query: { product_id: '5' },
      token,
    });
    expect(api.data.product.seen).toBe(before + 1);
  });

  it('opens a direct link on the screen its start parameter names, never with home’s first paint', async () => {
    // t.me/<bot>/<app>?startapp=product-3 opens the app's own address with the parameter in the query.
    const product = await page('/?tgWebAppStartParam=product-3', 'de-DE');
    expect(product.boot?.product?.product.id).toBe(3);
    expect(product.boot?.banners).toBeUndefined();
    expect(firstPaintOf(product.html)).toMatch(/^<div class="first-paint first-paint--product"/);
    // A screen with no first page of its own (the orders): nothing painted before the app, its code preloaded.
    expectNoFirstPaint(await page('/?tgWebAppStartParam=orders'), 'orders');
    expect((await page('/?tgWebAppStartParam=orders')).html).toContain('/assets/OrdersPage-f6.js');
    // An unknown parameter opens home, as the app does; the parameter counts only on the app's address.
    expect(firstPaintOf((await page('/?tgWebAppStartParam=nonsense')).html)).toMatch(/first-paint--home/);
    expect((await page('/detail/4?tgWebAppStartParam=product-3')).boot?.product?.product.id).toBe(4);
  });

  it('writes no product, picture or first paint for a product that does not exist or a malformed address', async () => {
    for (const url of ['/detail/99999', '/detail/abc', '/detail/', '/detail/3/x', '/orderInfo/3']) {
      const result = await page(url);
      expect(result.status, url).toBe(200);
      expectNoFirstPaint(result, url);
    }
  });
});

/**
 * A page beyond the tab roots with nothing of its own to show first: its texts are preloaded, and the
 * API client, which Telegram's silent login needs before the screen's content.
 */
function expectNoFirstPaint({ html, boot }: Awaited<ReturnType<typeof page>>, url: string) {
  // No answers in the page (a private screen's own calls are listed: see below).
  expect({ ...boot, early: undefined }, url).toEqual({ lang: 'en-US', early: undefined });
  expect(firstPaintOf(html), url).toBe('');
  expect(html, url).not.toContain('rel="preload" as="image"');
  for (const file of ['/assets/en-US-later.js', '/assets/transport-q.js'])
    expect(html, url).toContain(`<link rel="modulepreload" crossorigin href="${file}">`);
}

const preloaded = (html: string) =>
  [...html.matchAll(/<link rel="(?:modulepreload|stylesheet)" crossorigin href="([^"]+)">/g)].map(
    (m) => m[1],
  );

describe('the other screens’ pages', () => {
  it('preload their own screen’s code, the API client and beyond the tab roots the rest of the page language’s texts (and English)', async () => {
    expect(preloaded((await page('/search', 'de-DE,de;q=0.9')).html)).toEqual([
      '/assets/SearchPage-a1.js',
      '/assets/transport-q.js',
      '/assets/de-DE-later.js',
      '/assets/en-US-later.js',
    ]);
    // The tab roots show without the later texts.
    expect(preloaded((await page('/bag', 'de-DE')).html)).toEqual([
      '/assets/BagPage-d4.js',
      '/assets/transport-q.js',
    ]);
    expect(preloaded((await page('/profile/', 'de-DE')).html)).toEqual([
      '/assets/ProfilePage-e5.js',
      '/assets/transport-q.js',
    ]);
    // Explore's largest paint is its first row of pictures: its code, not the API client's.
    expect(preloaded((await page('/explore', 'de-DE')).html)).toEqual([
      '/assets/ExplorePage-b2.js',
      '/assets/Explore-c3.css',
    ]);
    // A path that opens no screen gets nothing beyond what a page always has.
    expect(preloaded((await page('/nowhere', 'de-DE')).html)).toEqual([]);
  });
});

describe('a private screen’s page: its first calls, made by the page itself inside Telegram', () => {
  const inlineScripts = (html: string) => [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]);

  it('lists the screen’s first calls as the app spells them, with the script that makes them', async () => {
    const profile = await page('/profile', 'de-DE');
    expect(profile.boot?.early).toEqual([
      '/api/user/order_list?page=1&limit=1',
      '/api/user/notification_list?page=1&limit=1',
      '/api/user/getUserInfo',
    ]);
    expect((await page('/order')).boot?.early).toEqual(['/api/user/order_list?page=1&limit=10']);
    // A tab's list as the app asks for it; an unknown tab is all orders.
    expect((await page('/myPurchases/1')).boot?.early).toEqual([
      '/api/user/order_list?status=1&page=1&limit=10',
    ]);
    expect((await page('/myPurchases/-2')).boot?.early).toEqual([
      '/api/user/order_list?status=-2&page=1&limit=10',
    ]);
    expect((await page('/myPurchases/x')).boot?.early).toEqual(['/api/user/order_list?page=1&limit=10']);
    expect((await page('/capitalRecord')).boot?.early).toEqual(['/api/user/bill?page=1&limit=20']);
    expect((await page('/bag')).boot?.early).toEqual(['/api/cart/index']);
    expect((await page('/heart')).boot?.early).toEqual(['/api/user/like_list?limit=20']);
    expect((await page('/orderInfo/12')).boot?.early).toEqual(['/api/order/detail?order_id=12']);
    expect((await page('/withDraw')).boot?.early).toEqual(['/api/user/extract']);
    expect((await page('/addressForm/7')).boot?.early).toEqual(['/api/user/address?id=7']);
    expect((await page('/addressForm')).boot?.early).toBeUndefined();
    for (const url of ['/editProfile', '/changePayPwd'])
      expect((await page(url)).boot?.early, url).toEqual(['/api/user/getUserInfo']);
    expect((await page('/service')).boot?.early).toEqual(['/api/user/service_list?limit=30']);
    expect((await page('/services')).boot?.early).toEqual(['/api/user/services?page=1&limit=20']);
    for (const url of ['/topUp', '/walletTopUp?type=manual', '/cardTopUp'])
      expect((await page(url)).boot?.early, url).toEqual(['/api/user/getBlockchain']);
    // The checkout's preview reads only: a POST, named with its body as the app sends it.
    expect((await page('/checkout')).boot?.early).toEqual(['POST /api/order/merCreate {}']);
    expect((await page('/checkout?product_id=5&spec_id=0&number=2&address_id=3')).boot?.early).toEqual([
      'POST /api/order/merCreate {"product_id":5,"spec_id":0,"number":2,"address_id":3}',
    ]);
    // The script comes after the data it reads, and is the page's only inline script.
    const [script] = inlineScripts(profile.html);
    expect(inlineScripts(profile.html)).toHaveLength(1);
    expect(profile.html.indexOf(script)).toBeGreaterThan(profile.html.indexOf('id="boot"'));
    expect(script).toContain('tgWebAppData');
  });

  it('the Content-Security-Policy allows exactly that script, by its hash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/profile' });
    const [script] = inlineScripts(res.body);
    const hash = createHash('sha256').update(script).digest('base64');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`));
    expect(policy).not.toContain('unsafe-inline');
  });

  it('public screens and unknown paths make none; the script is there to warm the formats', async () => {
    const [script] = inlineScripts((await page('/profile')).html);
    for (const url of ['/home', '/detail/1', '/orderInfo', '/nowhere']) {
      const { html, boot } = await page(url);
      expect(boot?.early, url).toBeUndefined();
      expect(inlineScripts(html), url).toEqual([script]);
    }
    // Before it looks for Telegram's launch: outside Telegram too.
    expect(script.indexOf('new Intl.DateTimeFormat(boot.lang')).toBeGreaterThan(-1);
    expect(script.indexOf('new Intl.DateTimeFormat(boot.lang')).toBeLessThan(
      script.indexOf('if(!data)return'),
    );
  });

  it('the login page carries the script too: inside Telegram it opens home (the login there is silent)', async () => {
    const { html, boot } = await page('/login?x=1');
    expect(boot).toEqual({ lang: 'en-US', telegramHome: true });
    const [script] = inlineScripts(html);
    expect(inlineScripts(html)).toHaveLength(1);
    expect(html.indexOf(script)).toBeGreaterThan(html.indexOf('id="boot"'));
    expect(script).toContain('location.replace("/home"+location.search+location.hash)');
    // Only there.
    expect((await page('/register')).boot?.telegramHome).toBeUndefined();
  });
});

describe('the home page as the server writes it', () => {
  it('paints the greeting, the search field and the first banner in the page language before the app runs', async () => {
    const { html, boot } = await page('/home', 'de-DE,de;q=0.9');
    const banner = boot?.banners?.[0];
    expect(banner, 'the demo catalogue has banners').toBeDefined();
    const german = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../../locales/de-DE.json'), 'utf8'),
    );
    const shell = firstPaintOf(html) ?? '';
    expect(shell).toMatch(/^<div class="first-paint first-paint--home" aria-hidden="true">/);
    expect(shell).toContain(`<p class="home__welcome">${german.app.welcome}</p>`);
    expect(shell).toContain(`<p class="home__platform">${boot?.platform?.name}</p>`);
    expect(shell).toContain(`<span class="banners__text">${banner?.title}</span>`);
    const picture = `${banner?.image.replace(/&/g, '&amp;')}&amp;w=800`;
    expect(shell).toContain(`<img src="${picture}" alt="" width="1200" height="500" fetchpriority="high" />`);
    expect(html).toContain(`<link rel="preload" as="image" href="${picture}" fetchpriority="high" />`);
    // Nothing in it takes focus: the app's own screen, with its buttons and names, replaces it.
    expect(shell).not.toMatch(/<(button|a|input)\b|tabindex/);
  });

  it('is what a path that opens no screen gets: the app sends it home', async () => {
    const home = await page('/home');
    for (const url of ['/cart', '/no/such/screen?x=1']) {
      const other = await page(url);
      expect(other.status, url).toBe(200);
      expect(other.boot, url).toEqual(home.boot);
      expect(firstPaintOf(other.html), url).toBe(firstPaintOf(home.html));
    }
  });

  it('writes what an operator typed as text, never as markup', () => {
    const shell = homeFirstPaint('en-US', undefined, {
      id: 1,
      title: '<img src=x onerror=alert(1)> & "Sale"',
      image: '/img/banner/1?art=2',
      link: '/home',
    });
    expect(shell).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Sale&quot;');
    expect(shell).not.toContain('<img src=x');
    // No platform answer: the shop's name from the texts, and no logo.
    expect(shell).toContain('<p class="home__platform">International E-commerce</p>');
    expect(shell).not.toContain('home__logo');
  });
});

describe('a shop page as the server writes it', () => {
  it('paints and preloads the shop’s banner before the app runs; a direct link to it does the same', async () => {
    const api = await t.endpoint<MerchantDetailAnswer>('catalog.shopDetail', { query: { mer_id: '2' } });
    const banner = `${api.data.shop.banner.replace(/&/g, '&amp;')}${api.data.shop.banner.includes('?') ? '&amp;' : '?'}w=800`;
    expect(api.data.shop.banner, 'the demo shops have banners').not.toBe('');
    for (const url of ['/shop/2', '/?tgWebAppStartParam=shop-2']) {
      const { html, boot } = await page(url);
      expect(html, url).toContain(`<link rel="preload" as="image" href="${banner}" fetchpriority="high" />`);
      expect(firstPaintOf(html), url).toBe(
        `<div class="first-paint first-paint--shop" aria-hidden="true"><img src="${banner}" alt="" width="1200" height="400" fetchpriority="high" /></div>`,
      );
      expect(boot, url).toEqual({ lang: 'en-US' });
    }
  });

  it('paints nothing for a shop without a banner or that does not exist', async () => {
    const plain = await plainShop(t, 'No Banner Shop');
    for (const url of [`/shop/${plain}`, '/shop/99999', '/shop/abc'])
      expectNoFirstPaint(await page(url), url);
  });
});

describe('the explore and popular lists as the server writes them', () => {
  const tile = (image: string) => {
    const src = `${image.replace(/&/g, '&amp;')}${image.includes('?') ? '&amp;' : '?'}w=240`;
    return {
      preload: `<link rel="preload" as="image" href="${src}" fetchpriority="high" />`,
      painted: `<span class="product-tile"><span class="lazy-image product-tile__image"><img src="${src}" alt="" width="240" height="240" fetchpriority="high" /></span></span>`,
    };
  };

  it('explore carries the categories and the feed’s first page, and paints and preloads its first row', async () => {
    const { html, boot } = await page('/explore', 'de-DE,de;q=0.9');
    const feed = await t.endpoint<Paged<ProductCard>>('catalog.feed', {
      query: { limit: '20' },
      lang: 'de-DE',
    });
    const categories = await t.endpoint<unknown[]>('catalog.categories', { lang: 'de-DE' });
    expect(boot).toEqual({ lang: 'de-DE', feed: feed.data, categories: categories.data });
    const [first, second, third] = feed.data.list.map((p) => tile(p.image));
    expect(third, 'the demo catalogue has more than a row').toBeDefined();
    expect(firstPaintOf(html)).toBe(
      '<div class="first-paint first-paint--explore" aria-hidden="true"><div class="catalog-page explore">' +
        `<div class="sticky-bar"></div><div class="product-grid">${first.painted}${second.painted}</div></div></div>`,
    );
    expect(html).toContain(`${first.preload}\n    ${second.preload}`);
    expect(html).not.toContain(third.preload);
  });

  it('the filter carries the categories, the legal page its texts, in the page language; no first paint', async () => {
    const filter = await page('/filter', 'de-DE,de;q=0.9');
    const categories = await t.endpoint<unknown[]>('catalog.categories', { lang: 'de-DE' });
    expect(filter.boot).toEqual({ lang: 'de-DE', categories: categories.data });
    const law = await page('/law', 'ja-JP');
    const texts = await t.endpoint<unknown>('content.law', { lang: 'ja-JP' });
    expect(law.boot).toEqual({ lang: 'ja-JP', law: texts.data });
    for (const { html } of [filter, law]) expect(firstPaintOf(html)).toBe('');
  });

  it('popular carries its first page and paints its hint in the page language over the first row', async () => {
    const { html, boot } = await page('/popular', 'ru-RU,ru;q=0.9');
    const hot = await t.endpoint<Paged<ProductCard>>('catalog.hotProducts', {
      query: { limit: '20' },
      lang: 'ru-RU',
    });
    expect(boot).toEqual({ lang: 'ru-RU', hotProducts: hot.data });
    const russian = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../../locales/ru-RU.json'), 'utf8'),
    );
    const row = hot.data.list.slice(0, 2).map((p) => tile(p.image));
    expect(row.length, 'the demo catalogue has hot products').toBeGreaterThan(0);
    expect(firstPaintOf(html)).toBe(
      '<div class="first-paint first-paint--popular" aria-hidden="true"><div class="catalog-page">' +
        `<p class="page-intro">${russian.home.popularHint}</p><div class="product-grid">${row.map((r) => r.painted).join('')}</div></div></div>`,
    );
    for (const r of row) expect(html).toContain(r.preload);
    expect(firstPaintOf(html)).not.toMatch(/<(button|a|input)\b|tabindex/);
  });
  it('a /products list carries the first page its address names and preloads its first row; a text search carries none', async () => {
    const categories = await t.endpoint<unknown[]>('catalog.categories', { lang: 'ja-JP' });
    const { html, boot } = await page('/products?sort=price_asc&min_price=1', 'ja-JP');
    const search = await t.endpoint<Paged<ProductCard>>('catalog.search', {
      query: { sort: 'price_asc', 'price[min]': '1', limit: '20' },
      lang: 'ja-JP',
    });
    expect(search.data.list.length, 'the demo catalogue has more than a row').toBeGreaterThan(2);
    // The address as the page reads it back (its own order of parameters).
    expect(boot).toEqual({
      lang: 'ja-JP',
      categories: categories.data,
      search: { path: '/products?sort=price_asc&min_price=1', page: search.data },
    });
    const [first, second, third] = search.data.list.map((p) => tile(p.image));
    expect(html).toContain(`${first!.preload}\n    ${second!.preload}`);
    expect(html).not.toContain(third!.preload);
    // Its heading (the price range in the page's language), count and sort chips, then the first row.
    const japanese = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../../locales/ja-JP.json'), 'utf8'),
    );
    const chip = (sort: string, chosen = false) =>
      `<span class="chip"${chosen ? ' aria-checked="true"' : ''}>${japanese.filter.sorts[sort]}</span>`;
    expect(firstPaintOf(html)).toBe(
      '<div class="first-paint first-paint--products" aria-hidden="true"><div class="catalog-page">' +
        '<div class="sticky-bar sticky-bar--stack"><div class="list-head">' +
        '<h2 class="list-head__title">$1.00 – …</h2>' +
        `<span class="list-head__count">${japanese.filter.count.replace('{{value}}', String(search.data.total))}</span>` +
        '<span class="icon-button"></span></div>' +
        `<div class="chips chips--scroll">${chip('sales')}${chip('price_asc', true)}${chip('price_desc')}${chip('newest')}</div></div>` +
        `<div class="product-grid">${first!.painted}${second!.painted}</div></div></div>`,
    );
    expect(firstPaintOf(html)).not.toMatch(/<(button|a|input)\b|tabindex/);

    const typed = await page('/products?title=lamp', 'ja-JP');
    expect(typed.boot).toEqual({ lang: 'ja-JP', categories: categories.data });
    expect(typed.html).not.toContain('rel="preload" as="image"');
  });
});
