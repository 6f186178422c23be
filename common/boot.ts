import type { Lang } from './languages';
import type { BannerItem, CategoryItem, ImageWidth, PlatformInfo } from './schemas/catalog';

/**
 * The home screen's first answers, written into the home page by the server (server/boot.ts) and
 * read by the app before it asks the API (src/api/boot.ts): no round trip before the first paint.
 */
export interface BootData {
  /** The interface language the answers are in; the app uses them only when it starts in it. */
  lang: Lang;
  platform?: PlatformInfo;
  banners?: BannerItem[];
  categories?: CategoryItem[];
}

export const BOOT_ELEMENT_ID = 'boot';

/** Where each answer comes from (the app's catalogue calls ask the same addresses). */
export const BOOT_ROUTES = {
  platform: '/api/index/index',
  banners: '/api/index/banner',
  categories: '/api/index/category',
} as const;

/** The width the home screen asks banner pictures at (the server preloads the first one). */
export const BANNER_WIDTH: ImageWidth = 800;
