import type { ImageWidth } from './images';
import type { Lang } from './languages';
import type {
  BannerItem,
  CategoryItem,
  Paged,
  PlatformInfo,
  ProductCard,
  ProductDetailAnswer,
} from './schemas/catalog-answers';
import type { LawAnswer } from './schemas/content';

/**
 * The first screen's answers, written into the page by the server (server/web/boot.ts) and read by
 * the app before it asks the API (src/api/boot.ts): no round trip before the first paint. The home
 * page carries platform, banners and categories; explore the categories and the feed's first page;
 * popular its first page; a product page the product as a visitor sees it; the filter the
 * categories; the legal page its texts.
 */
export interface BootData {
  /** The interface language the answers are in; the app uses them only when it starts in it. */
  lang: Lang;
  platform?: PlatformInfo;
  banners?: BannerItem[];
  categories?: CategoryItem[];
  /** Explore's first page, all categories. */
  feed?: Paged<ProductCard>;
  /** Popular's first page. */
  hotProducts?: Paged<ProductCard>;
  product?: ProductDetailAnswer;
  /** The terms and the privacy policy. */
  law?: LawAnswer;
  /**
   * A /products page's first page of products, for the list its address names (`path`, as
   * productsPath writes it: common/products-query.ts).
   */
  search?: { path: string; page: Paged<ProductCard> };
  /**
   * A private screen's first calls (GET addresses), which the page makes itself inside Telegram
   * before the app's scripts have arrived (server/web/early-answers.ts); the app takes their answers
   * instead of asking again (src/api/early.ts).
   */
  early?: string[];
  /** Inside Telegram this page opens home (the login page: the login there is silent). */
  telegramHome?: true;
}

/** Where the page's early calls leave their answers for the app. */
export const EARLY_GLOBAL = '__shopEarly';

/** What the page's early calls leave: the language they asked in, when, and each address's answer. */
export interface EarlyAnswers {
  /** Telegram's language code, sent as the calls' `lang`. */
  lang: string;
  /** Date.now() when they left. */
  at: number;
  answers: Record<string, Promise<unknown> | undefined>;
  /** The session the launch's silent login made: the same Telegram account's (src/stores/session.ts). */
  token?: string;
}

/**
 * localStorage: until when (ms since 1970) a session is kept on this phone. A shopper who has one
 * is not the one the early calls are for (they go with Telegram's init data, as a first visit's
 * calls do), so the page makes none.
 */
export const SESSION_KEPT_KEY = 'shop/session-kept';

/** The orders a list asks for at a time. */
export const ORDERS_PAGE_SIZE = 10;

/** The wallet history's entries a page asks for at a time. */
export const BILL_PAGE_SIZE = 20;

export const BOOT_ELEMENT_ID = 'boot';

/** The element the app renders into (index.html); the server may put a first paint inside it. */
export const ROOT_ELEMENT_ID = 'root';

/** The products explore and popular ask for at a time (the server's first call asks the same page). */
export const LIST_PAGE_SIZE = 20;

/** Where each answer comes from (the app's catalogue calls ask the same addresses). */
export const BOOT_ROUTES = {
  platform: '/api/index/index',
  banners: '/api/index/banner',
  categories: '/api/index/category',
  feed: `/api/index/product?limit=${LIST_PAGE_SIZE}`,
  hotProducts: `/api/index/hot_product?limit=${LIST_PAGE_SIZE}`,
  law: '/api/user/law',
} as const;

/** The public answers each screen's page carries, by the screen's page (common/screens.ts). */
export const BOOT_SCREENS: Partial<Record<string, readonly (keyof typeof BOOT_ROUTES)[]>> = {
  'catalog/HomePage': ['platform', 'banners', 'categories'],
  'catalog/ExplorePage': ['categories', 'feed'],
  'catalog/PopularPage': ['hotProducts'],
  // And the products its address names (server/web/boot.ts); the categories name its heading.
  'catalog/ProductsPage': ['categories'],
  'catalog/FilterPage': ['categories'],
  'support/LawPage': ['law'],
};

/** The width the home screen asks banner pictures at (the server preloads the first one). */
export const BANNER_WIDTH: ImageWidth = 800;

/** A home banner's box (12:5): the carousel's and the first paint's. */
export const BANNER_BOX = { width: 1200, height: 500 } as const;

/** A shop banner's box (3:1): the shop page's and its first paint's. */
export const SHOP_BANNER_BOX = { width: 1200, height: 400 } as const;

/** The width a product page's gallery asks its pictures at (the server preloads the first one). */
export const GALLERY_WIDTH: ImageWidth = 800;

/** The width a product tile asks its picture at (the server preloads a list's first row). */
export const TILE_WIDTH: ImageWidth = 240;

/** The width a shop page asks its banner at (the server preloads it). */
export const SHOP_BANNER_WIDTH: ImageWidth = 800;

/** The products a shop page asks for at a time (the server's first call asks the same page). */
export const SHOP_PAGE_SIZE = 20;

/** A piece of the app's code: its scripts and the stylesheets they bring. */
export interface CodePreloads {
  scripts: string[];
  styles: string[];
}

/**
 * What the server preloads on a page beyond home, from the build (vite.config.ts writes it beside
 * index.html): addresses of each screen's scripts and styles that index.html does not name (by its
 * page, common/screens.ts), the API client's scripts, and per language the chunk with the rest of
 * its texts (src/i18n/index.ts, `?later`).
 */
export interface ScreenPreloads {
  screens: Record<string, CodePreloads>;
  api: string[];
  laterTexts: Partial<Record<Lang, string>>;
}

export const SCREEN_PRELOADS_FILE = 'screen-preloads.json';
