import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LANG, matchLang, type Lang } from '../../common/languages';
import { findScreen } from '../../common/screen-match';
import type { ScreenDef } from '../../common/screens';
import { startParamToPath } from '../../common/start-param';
import {
  BANNER_WIDTH,
  BOOT_ELEMENT_ID,
  BOOT_ROUTES,
  BOOT_SCREENS,
  GALLERY_WIDTH,
  ROOT_ELEMENT_ID,
  SCREEN_PRELOADS_FILE,
  SHOP_BANNER_WIDTH,
  SHOP_PAGE_SIZE,
  TILE_WIDTH,
  type BootData,
  type ScreenPreloads,
} from '../../common/boot';
import { sizedImage, type ImageWidth } from '../../common/images';
import {
  productsPath,
  readProductsQuery,
  toSearchParams,
  type ProductsQuery,
} from '../../common/products-query';
import type { MerchantDetailAnswer, Paged, ProductCard } from '../../common/schemas/catalog-answers';
import type { CatalogPages } from '../modules/catalog';
import {
  exploreFirstPaint,
  FIRST_ROW,
  homeFirstPaint,
  popularFirstPaint,
  productFirstPaint,
  productsFirstPaint,
  shopFirstPaint,
} from './first-paint';
import { callOf, EARLY_SCRIPT, earlyCalls } from './early-answers';
import { escapeHtml } from './html';

/** The pages that open on the home screen. */
const HOME_PAGES = new Set(['/', '/home']);

/** The language a page is first shown in, as far as the server can tell before the app has run. */
function pageLang(request: FastifyRequest): Lang {
  const header = request.headers['accept-language'];
  const first = typeof header === 'string' ? header.split(',')[0]?.split(';')[0]?.trim() : '';
  return matchLang(first) ?? 'en-US';
}

/** JSON safe inside a <script> element: no "</script>", no HTML comment openers, no line separators. */
const scriptSafe = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The screen a page opens on. A direct link (`t.me/<bot>/<app>?startapp=product-12`) opens the Mini
 * App's own address with the start parameter in the query (`/?tgWebAppStartParam=product-12`), and
 * the app then shows the screen it names (common/start-param.ts): that screen's first page, not
 * home's, or the shopper would see home's top before the product.
 */
function screenOf(url: string): string {
  const [pathname = '', query = ''] = url.split('?');
  const start = new URLSearchParams(query).get('tgWebAppStartParam');
  return start && HOME_PAGES.has(pathname) ? startParamToPath(start) : pathname;
}

/** `/detail/:product` and `/detail/:product/:mer`: the product a page opens on. */
const DETAIL_PAGE = /^\/detail\/(\d{1,9})(?:\/\d{1,9})?\/?$/;

/** `/shop/:shop`: the shop a page opens on. */
const SHOP_PAGE = /^\/shop\/(\d{1,9})\/?$/;

/**
 * A shop's banner picture, from the shop page's own first call (its cached answer, which the app's
 * call then finds): '' for a shop without one, undefined for one that does not exist.
 */
async function shopBanner(app: FastifyInstance, shopId: number, lang: Lang): Promise<string | undefined> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/merchant/detail?mer_id=${shopId}&limit=${SHOP_PAGE_SIZE}`,
    headers: { lang },
  });
  if (res.statusCode !== 200) return undefined;
  const body = res.json<{ code: number; data: MerchantDetailAnswer }>();
  return body.code === 1 ? body.data.shop.banner : undefined;
}

/** The login screen, which a Telegram launch does not show (EARLY_SCRIPT opens home). */
const LOGIN_PAGE = 'account/LoginPage';

/** The screen that lists the products an address names (/products?category_id=3&sort=…). */
const PRODUCTS_PAGE = 'catalog/ProductsPage';

/**
 * The first page of the products a /products address names, from the search call the page makes
 * (its cache included). Not for a text search: the server keeps a shopper's searched words with
 * the call (their search history), so the app makes that one itself.
 */
async function productsFirstPage(
  app: FastifyInstance,
  query: ProductsQuery,
  lang: Lang,
): Promise<Paged<ProductCard> | undefined> {
  if (query.title) return undefined;
  const res = await app.inject({
    method: 'GET',
    url: callOf('catalog.search', toSearchParams(query)),
    headers: { lang },
  });
  if (res.statusCode !== 200) return undefined;
  const body = res.json<{ code: number; data: Paged<ProductCard> }>();
  return body.code === 1 ? body.data : undefined;
}

/** A high-priority preload of a picture, first in <head> (see below). */
const preloadImage = (url: string, width: ImageWidth) =>
  `<link rel="preload" as="image" href="${escapeHtml(sizedImage(url, width))}" fetchpriority="high" />`;

/**
 * The first page as a slow phone needs it (docs/ARCHITECTURE.md, Performance): the public answers
 * its screen shows first, for the page's language, as a non-executable
 * `<script type="application/json">` the app reads before asking the API (the CSP blocks inline
 * scripts, not data), a high-priority preload of the largest picture so it downloads beside
 * the scripts, and that picture painted where the screen shows it before the scripts have run
 * (server/web/first-paint.ts).
 *
 * - The home page: platform info, banners and categories, from the API routes themselves (their
 *   cache included), so they are exactly what the app would have fetched; the first banner.
 * - Explore and popular: their first page the same way (explore its categories too); the pictures
 *   of their first row.
 * - A /products list: the categories and the first page its address names (not a text search),
 *   its heading, sort chips and first row painted.
 * - A product page: the product as a visitor sees it, from the catalogue cache without counting a
 *   view (the app shows it at once and asks the API as usual, which counts the view and adds the
 *   shopper's own flags); its first picture.
 * - A shop page: no answer in the page (the app's own call finds the one asked here in the
 *   catalogue cache); its banner.
 * - Every page: its screen's code, and where it has no picture to show first the API client
 *   (screenCode); beyond the tab roots the rest of its language's texts.
 *
 * - Every page: the page's script (EARLY_SCRIPT: formats warmed while the scripts download; inside
 *   Telegram a private screen's first calls).
 *
 * A direct link's start parameter names the screen (screenOf). An answer that fails is left out
 * and the app asks for it as usual.
 */
export async function firstPage(
  app: FastifyInstance,
  catalog: CatalogPages,
  request: FastifyRequest,
  indexFile: string,
): Promise<string> {
  const pathname = screenOf(request.url);
  const search = request.url.split('?')[1] ?? '';
  const lang = pageLang(request);
  const boot: BootData = { lang };
  let picture = '';
  let firstPaint = '';
  // A path that opens no screen opens home (the app's router sends it there): home's first page.
  const screen = findScreen(pathname) ?? findScreen('/');
  const answers = screen && BOOT_SCREENS[screen.page];
  if (answers) {
    await Promise.all(
      answers.map(async (name) => {
        const res = await app.inject({ method: 'GET', url: BOOT_ROUTES[name], headers: { lang } });
        if (res.statusCode !== 200) return;
        const body = res.json<{ code: number; data: unknown }>();
        if (body.code === 1) Object.assign(boot, { [name]: body.data });
      }),
    );
    const firstBanner = boot.banners?.[0];
    const firstRow = (boot.feed ?? boot.hotProducts)?.list.slice(0, FIRST_ROW) ?? [];
    // Only home asks for banners.
    if (firstBanner) {
      picture = preloadImage(firstBanner.image, BANNER_WIDTH);
      firstPaint = homeFirstPaint(lang, boot.platform, firstBanner);
    } else if (firstRow.length > 0) {
      picture = firstRow.map((p) => preloadImage(p.image, TILE_WIDTH)).join('\n    ');
      firstPaint = boot.feed ? exploreFirstPaint(firstRow) : popularFirstPaint(lang, firstRow);
    }
    if (screen.page === PRODUCTS_PAGE) {
      const query = readProductsQuery(new URLSearchParams(search));
      const page = await productsFirstPage(app, query, lang);
      if (page) {
        boot.search = { path: productsPath(query), page };
        picture = page.list
          .slice(0, FIRST_ROW)
          .map((p) => preloadImage(p.image, TILE_WIDTH))
          .join('\n    ');
        const category = boot.categories?.find((c) => c.id === query.categoryId);
        if (page.list.length > 0) firstPaint = productsFirstPaint(lang, query, category?.name, page);
      }
    }
  } else if (SHOP_PAGE.test(pathname)) {
    const banner = await shopBanner(app, Number(SHOP_PAGE.exec(pathname)?.[1]), lang);
    if (banner) {
      picture = preloadImage(banner, SHOP_BANNER_WIDTH);
      firstPaint = shopFirstPaint(banner);
    }
  } else if (DETAIL_PAGE.test(pathname)) {
    const productId = Number(DETAIL_PAGE.exec(pathname)?.[1]);
    const product = await catalog.productPreview(lang, productId).catch((err: unknown) => {
      request.log.warn({ err }, 'product page preview failed');
      return undefined;
    });
    if (product) {
      boot.product = product;
      const firstPicture = product.product.images[0];
      if (firstPicture) {
        picture = preloadImage(firstPicture, GALLERY_WIDTH);
        firstPaint = productFirstPaint(firstPicture);
      }
    }
  }
  const early = screen ? earlyCalls(screen.page, pathname, search) : [];
  if (early.length > 0) boot.early = early;
  if (screen?.page === LOGIN_PAGE) boot.telegramHome = true;
  const build = await readBuild(indexFile);
  const code = screenCode(build.preloads, lang, screen, { api: !picture });
  const data = `<script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptSafe(boot)}</script>`;
  // The page's script first of all: an inline script after a stylesheet link waits for the
  // stylesheet, and its calls would queue behind the scripts' downloads. Then the picture: on
  // HTTP/1.1 the browser hands out its six connections in the order it finds requests, and the
  // scripts would take them all first.
  const first = `${data}\n    <script>${EARLY_SCRIPT}</script>\n    ${picture}`;
  return build.html
    .replace('<head>', `<head>\n    ${first}`)
    .replace('</head>', `  ${code}\n  </head>`)
    .replace(`<div id="${ROOT_ELEMENT_ID}"></div>`, `<div id="${ROOT_ELEMENT_ID}">${firstPaint}</div>`);
}

/** The build's index.html and preload list, read once per build (`npm start` may build anew). */
const builds = new Map<string, { mtimeMs: number; html: string; preloads?: ScreenPreloads }>();
async function readBuild(indexFile: string) {
  const { mtimeMs } = await stat(indexFile);
  const known = builds.get(indexFile);
  if (known?.mtimeMs === mtimeMs) return known;
  const build = {
    mtimeMs,
    html: await readFile(indexFile, 'utf8'),
    preloads: await readFile(path.join(path.dirname(indexFile), SCREEN_PRELOADS_FILE), 'utf8')
      .then((text) => JSON.parse(text) as ScreenPreloads)
      .catch(() => undefined),
  };
  builds.set(indexFile, build);
  return build;
}

/**
 * What a page preloads beside the entry script, from the build's list (vite.config.ts): its screen's
 * code that index.html does not name; on a screen beyond the tab roots, which waits for them, the
 * rest of the page language's texts (and English, the fallback); and with `api` (a page whose
 * largest paint is not a picture) the API client, which Telegram's silent login needs right after
 * the entry and which the screen's content waits for. Nothing when the build wrote no list.
 */
function screenCode(
  preloads: ScreenPreloads | undefined,
  lang: Lang,
  screen: ScreenDef | undefined,
  { api }: { api: boolean },
): string {
  if (!preloads || !screen) return '';
  const code = preloads.screens[screen.page] ?? { scripts: [], styles: [] };
  const texts = screen.tab
    ? []
    : [preloads.laterTexts[lang], lang === DEFAULT_LANG ? undefined : preloads.laterTexts[DEFAULT_LANG]];
  const scripts = [
    ...code.scripts,
    ...(api ? preloads.api : []),
    ...texts.filter((file) => file !== undefined),
  ];
  return [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`),
    ...code.styles.map((file) => `<link rel="stylesheet" crossorigin href="${escapeHtml(file)}">`),
  ]
    .map((tag) => `${tag}\n  `)
    .join('');
}

export const indexFileOf = (distDir: string) => path.join(distDir, 'index.html');
