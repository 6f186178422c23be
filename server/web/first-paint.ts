import {
  BANNER_BOX,
  BANNER_WIDTH,
  GALLERY_WIDTH,
  SHOP_BANNER_BOX,
  SHOP_BANNER_WIDTH,
  TILE_WIDTH,
} from '../../common/boot';
import type { Lang } from '../../common/languages';
import { sizedImage, type ImageWidth } from '../../common/images';
import { chosenSort, productsHeading, sortChoices } from '../../common/products-list';
import type { ProductsQuery } from '../../common/products-query';
import type { BannerItem, Paged, PlatformInfo, ProductCard } from '../../common/schemas/catalog-answers';
import { translate } from '../lib/i18n';
import { escapeHtml } from './html';

/**
 * What a first screen paints before the app's scripts have run (on a slow phone they take a second
 * after they have arrived): its largest picture, where the app's first render then shows it, put by
 * the server inside the app's root element. The browser paints it as soon as the picture and the
 * stylesheets have arrived; the app's first render replaces it, the same picture in the same place
 * (tests/e2e/catalog.test.ts compares the two). Hidden from assistive technology, and nothing in it
 * can be focused: the app's own screen follows at once with its names and buttons.
 *
 * The markup takes the classes of the screens it stands for, so their stylesheets (linked in the
 * page's head) lay it out; `.first-paint` in src/styles.css adds what the app's frame would.
 */
const shell = (kind: string, inner: string) =>
  `<div class="first-paint first-paint--${kind}" aria-hidden="true">${inner}</div>`;

/** A picture asked at `width`, in a box of the app's proportions, fetched first. */
const picture = (url: string, width: ImageWidth, box: { width: number; height: number }) =>
  `<img src="${escapeHtml(sizedImage(url, width))}" alt="" width="${box.width}" height="${box.height}" fetchpriority="high" />`;

const square = (side: number) => ({ width: side, height: side });

/** A product page (src/features/catalog/components/Gallery.tsx): its first picture, square, under the title bar. */
export function productFirstPaint(first: string): string {
  return shell('product', picture(first, GALLERY_WIDTH, square(GALLERY_WIDTH)));
}

/** A shop page (src/features/catalog/components/ShopHeader.tsx): its banner, the page's width, under the title bar. */
export function shopFirstPaint(banner: string): string {
  return shell('shop', picture(banner, SHOP_BANNER_WIDTH, SHOP_BANNER_BOX));
}

/**
 * The home screen's top (src/features/catalog/pages/HomePage.tsx, BannerCarousel.tsx): the
 * greeting, the search field's box and the first banner with its title, in the page's language.
 */
export function homeFirstPaint(lang: Lang, platform: PlatformInfo | undefined, banner: BannerItem): string {
  const logo = platform?.logo
    ? `<span class="lazy-image home__logo"><img src="${escapeHtml(sizedImage(platform.logo, 120))}" alt="" width="48" height="48" /></span>`
    : '';
  const name = platform?.name || translate(lang, 'app.name');
  const head =
    `<header class="home__head">${logo}<div class="home__greeting">` +
    `<p class="home__welcome">${escapeHtml(translate(lang, 'app.welcome'))}</p>` +
    `<p class="home__platform">${escapeHtml(name)}</p></div></header>`;
  const slide =
    `<div class="banners__slide"><span class="lazy-image">${picture(banner.image, BANNER_WIDTH, BANNER_BOX)}</span>` +
    `<span class="banners__title"><span class="banners__text">${escapeHtml(banner.title)}</span></span></div>`;
  return shell(
    'home',
    `<div class="catalog-page home">${head}<div class="search-entry"></div>` +
      `<div class="banners"><div class="banners__track">${slide}</div></div></div>`,
  );
}

/** The tiles a list's first paint shows: a phone's first row (src/features/catalog/catalog.css, .product-grid). */
export const FIRST_ROW = 2;

/** A list's first row of tiles (src/features/catalog/components/ProductTile.tsx, at most FIRST_ROW): their pictures. */
const firstRow = (products: readonly ProductCard[]) =>
  `<div class="product-grid">${products
    .map(
      (p) =>
        `<span class="product-tile"><span class="lazy-image product-tile__image">${picture(p.image, TILE_WIDTH, square(TILE_WIDTH))}</span></span>`,
    )
    .join('')}</div>`;

/** The explore tab (src/features/catalog/pages/ExplorePage.tsx): the category bar's place, then the feed's first row. */
export function exploreFirstPaint(products: readonly ProductCard[]): string {
  return shell(
    'explore',
    `<div class="catalog-page explore"><div class="sticky-bar"></div>${firstRow(products)}</div>`,
  );
}

/** Popular (src/features/catalog/pages/PopularPage.tsx): its hint under the title bar, then the first row. */
export function popularFirstPaint(lang: Lang, products: readonly ProductCard[]): string {
  return shell(
    'popular',
    `<div class="catalog-page"><p class="page-intro">${escapeHtml(translate(lang, 'home.popularHint'))}</p>${firstRow(products)}</div>`,
  );
}

/**
 * A /products list (src/features/catalog/pages/ProductsPage.tsx, SortChips.tsx): under the title
 * bar its heading with the count, the sort chips (the address's ordering chosen), then the first
 * row. The filter button's place is kept empty.
 */
export function productsFirstPaint(
  lang: Lang,
  query: ProductsQuery,
  categoryName: string | undefined,
  page: Paged<ProductCard>,
): string {
  const heading =
    productsHeading(query, categoryName, lang, (text) => translate(lang, 'filter.resultsFor', { text })) ??
    translate(lang, 'filter.allProducts');
  const hasText = Boolean(query.title);
  const chosen = chosenSort(query.sort, hasText);
  const chips = sortChoices(hasText)
    .map(
      (c) =>
        `<span class="chip"${c.sort === chosen ? ' aria-checked="true"' : ''}>${escapeHtml(translate(lang, c.label))}</span>`,
    )
    .join('');
  const head =
    `<div class="list-head"><h2 class="list-head__title">${escapeHtml(heading)}</h2>` +
    `<span class="list-head__count">${escapeHtml(translate(lang, 'filter.count', { value: page.total }))}</span>` +
    `<span class="icon-button"></span></div>`;
  return shell(
    'products',
    `<div class="catalog-page"><div class="sticky-bar sticky-bar--stack">${head}` +
      `<div class="chips chips--scroll">${chips}</div></div>${firstRow(page.list.slice(0, FIRST_ROW))}</div>`,
  );
}
