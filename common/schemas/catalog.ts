import { z } from 'zod';
import { reviewItem, reviewSummary } from './review';
import { parseAmount } from '../money';
import { id, limit, optionalId, page } from './fields';

/**
 * The catalogue API: request schemas (validated by the server, inferred by the Mini App) and the
 * answer types. Conventions:
 * - Parameters use the shop's snake_case names (product_id, mer_id, category_id); answers use camelCase.
 * - Money is a decimal string with two places ("19.90").
 * - Texts (titles, names, descriptions) come in the request's language (header `lang`), falling back
 *   to the default (English) text.
 * - Image fields are paths such as `/img/product/12/0`; add `?w=` with one of IMAGE_WIDTHS (see
 *   sizedImage). The server answers WebP, cached for a year.
 * - Lists answer Paged<T>: page from 1, limit capped at 50 (odd values are clamped, never refused).
 *   `next` is an opaque cursor: send it back as `cursor` to get the following page in constant time
 *   (endless feeds); `page` alone works too (random access). `total` counts every match.
 */

/** Widths the image endpoint renders; any other `w` is refused. */
export const IMAGE_WIDTHS = [120, 240, 480, 800, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** `/img/...` paths get `?w=`; other addresses (uploads, absolute URLs) are answered unchanged. */
export function sizedImage(url: string, width: ImageWidth): string {
  return url.startsWith('/img/') ? `${url}${url.includes('?') ? '&' : '?'}w=${width}` : url;
}

/** Longest search text accepted (characters, after trimming). */
export const SEARCH_MAX = 100;

/**
 * Product orderings of /api/product/search:
 * - `sales`: best-selling first (the default without a search text);
 * - `price_asc` / `price_desc`: cheapest / dearest first;
 * - `newest`: most recently listed first;
 * - `relevance`: titles equal to, then starting with, then containing the search text, then by sales
 *   (the default with a search text; without one it is the same as `sales`).
 * An unknown value falls back to the default.
 */
export const PRODUCT_SORTS = ['relevance', 'sales', 'price_asc', 'price_desc', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Search text: trimmed, empty means none, at most SEARCH_MAX characters. */
const searchText = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z.string({ error: 'errors.searchInvalid' }).max(SEARCH_MAX, { error: 'errors.searchTooLong' }).optional(),
);

/** A decimal amount in dollars ("19.9") -> integer cents; "" means none. */
const amount = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v === 'number') v = String(v);
    if (typeof v !== 'string') return Number.NaN;
    return parseAmount(v) ?? Number.NaN;
  },
  z.number({ error: 'errors.priceInvalid' }).int({ error: 'errors.priceInvalid' }).optional(),
);

const cursor = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.string({ error: 'errors.invalidParam' }).max(200, { error: 'errors.invalidParam' }).optional(),
);

const paging = { page, limit: limit(10), cursor };

// ---------- requests ----------

/** GET /api/index/product: the home and explore feed. */
export const feedQuery = z.object({
  category_id: optionalId('errors.categoryNotFound'),
  title: searchText,
  ...paging,
});
export type FeedQuery = z.infer<typeof feedQuery>;

/** GET /api/index/hot_product, /api/product/recommend, /api/index/hot_merchant, follow_list, like_list. */
export const pageQuery = z.object({ ...paging });
export type PageQuery = z.infer<typeof pageQuery>;

/** GET /api/product/recommend: optionally near one category. */
export const recommendQuery = z.object({
  category_id: optionalId('errors.categoryNotFound'),
  ...paging,
});
export type RecommendQuery = z.infer<typeof recommendQuery>;

/**
 * GET /api/product/search. The price range is `price[min]` and `price[max]` (dollars, decimal
 * strings, both optional, inclusive).
 */
export const searchQuery = z.object({
  title: searchText,
  category_id: optionalId('errors.categoryNotFound'),
  sort: z.enum(PRODUCT_SORTS).optional().catch(undefined),
  price: z
    .object({ min: amount, max: amount }, { error: 'errors.priceInvalid' })
    .optional()
    .refine((p) => !p || p.min === undefined || p.max === undefined || p.min <= p.max, {
      error: 'errors.priceRange',
    }),
  ...paging,
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** GET /api/product/searchs: shops by name. */
export const shopSearchQuery = z.object({ title: searchText, ...paging });
export type ShopSearchQuery = z.infer<typeof shopSearchQuery>;

/** GET /api/product/detail. */
export const productDetailQuery = z.object({ product_id: id('errors.productNotFound') });

/** POST /api/product/like (toggle favourite). */
export const likeBody = z.object({ product_id: id('errors.productNotFound') });

/** POST /api/product/share_card: the product to share as a card in a Telegram chat. */
export const shareCardBody = z.object({ product_id: id('errors.productNotFound') });

/** GET /api/merchant/detail. */
export const merchantDetailQuery = z.object({
  mer_id: id('errors.shopNotFound'),
  category_id: optionalId('errors.categoryNotFound'),
  ...paging,
});
export type MerchantDetailQuery = z.infer<typeof merchantDetailQuery>;

/** POST /api/merchant/follow (toggle). */
export const followBody = z.object({ mer_id: id('errors.shopNotFound') });

// ---------- answers ----------
// Declared in zod like the requests: common/api/schemas.ts names them as the endpoints' answers
// (checked and published in the OpenAPI document), and the Mini App uses the inferred types.

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
  /** Cursor for the following page (send as `cursor`), null when this page is the last. */
  next: string | null;
}

/** A page of `item`s (Paged<T>). */
export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    next: z.string().nullable(),
  });

/** GET /api/index/index */
export const platformInfo = z.object({
  name: z.string(),
  welcome: z.string(),
  logo: z.string(),
  serviceUrl: z.string(),
  merchantUrl: z.string(),
  sellerUrl: z.string(),
  /** The Mini App's t.me link (https://t.me/<bot>/<app>) for shared links; '' when not configured. */
  appLink: z.string(),
});
export type PlatformInfo = z.infer<typeof platformInfo>;

/** GET /api/index/banner answers BannerItem[]; `link` is an in-app route ("/detail/12", "/shop/3"). */
export const bannerItem = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  link: z.string(),
});
export type BannerItem = z.infer<typeof bannerItem>;

/** GET /api/index/category answers CategoryItem[] in display order. */
export const categoryItem = z.object({
  id: z.number().int(),
  /** Stable English key: computer, electrical, outdoors, family, health, men, women, food, phone, toys. */
  key: z.string(),
  name: z.string(),
  icon: z.string(),
});
export type CategoryItem = z.infer<typeof categoryItem>;

export const productCard = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  categoryId: z.number().int(),
  title: z.string(),
  image: z.string(),
  price: z.string(),
  marketPrice: z.string(),
  sales: z.number().int(),
  seen: z.number().int(),
  stock: z.number().int(),
  hot: z.boolean(),
  recommended: z.boolean(),
});
export type ProductCard = z.infer<typeof productCard>;

export const shopCard = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  banner: z.string(),
  fans: z.number().int(),
  /** Percent with one decimal, e.g. 98.6. */
  favorableRate: z.number(),
  totalSales: z.number().int(),
  /** 1 to 5. */
  level: z.number().int(),
  hot: z.boolean(),
  productCount: z.number().int(),
});
export type ShopCard = z.infer<typeof shopCard>;

export const shopInfo = shopCard.extend({ description: z.string(), createdAt: z.string() });
export type ShopInfo = z.infer<typeof shopInfo>;

/** One choice of a spec group, e.g. { value: "red", label: "Red" }. */
export const specOption = z.object({ value: z.string(), label: z.string() });
export type SpecOption = z.infer<typeof specOption>;

/** A spec dimension, e.g. { key: "colour", name: "Colour", values: [...] }. */
export const specGroup = z.object({ key: z.string(), name: z.string(), values: z.array(specOption) });
export type SpecGroup = z.infer<typeof specGroup>;

/** One buyable combination, e.g. options { colour: "red", size: "M" }, label "Red / M". */
export const productSpec = z.object({
  id: z.number().int(),
  options: z.record(z.string(), z.string()),
  label: z.string(),
  price: z.string(),
  stock: z.number().int(),
});
export type ProductSpec = z.infer<typeof productSpec>;

export const productDetail = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  title: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  price: z.string(),
  marketPrice: z.string(),
  /** The product's total stock (the sum over its specs when it has specs). */
  stock: z.number().int(),
  sales: z.number().int(),
  seen: z.number().int(),
  hot: z.boolean(),
  recommended: z.boolean(),
  createdAt: z.string(),
  /** Empty when the product has no specs; then it is bought without one. */
  specGroups: z.array(specGroup),
  specs: z.array(productSpec),
});
export type ProductDetail = z.infer<typeof productDetail>;

/** GET /api/product/detail */
export const productDetailAnswer = z.object({
  product: productDetail,
  shop: shopCard,
  /** False for visitors. */
  favourited: z.boolean(),
  followed: z.boolean(),
  /** Up to 6 more products of the same shop. */
  more: z.array(productCard),
  /** The reviews' averages and count, and the newest few reviews. */
  reviews: z.object({ summary: reviewSummary, newest: z.array(reviewItem) }),
});
export type ProductDetailAnswer = z.infer<typeof productDetailAnswer>;

/** GET /api/merchant/detail */
export const merchantDetailAnswer = z.object({
  shop: shopInfo,
  /** False for visitors. */
  followed: z.boolean(),
  /** The categories this shop sells in, with product counts (for the category tabs). */
  categories: z.array(categoryItem.extend({ count: z.number().int() })),
  products: pagedOf(productCard),
});
export type MerchantDetailAnswer = z.infer<typeof merchantDetailAnswer>;

/** GET /api/product/index: the shopper's last 10 search texts, newest first (empty for visitors). */
export const keywordsAnswer = z.object({ keywords: z.array(z.string()) });
export type KeywordsAnswer = z.infer<typeof keywordsAnswer>;

/** POST /api/product/like */
export const likeAnswer = z.object({ favourited: z.boolean() });
export type LikeAnswer = z.infer<typeof likeAnswer>;

/** The prepared message's id, for the Mini App's shareMessage (Telegram keeps it about a day). */
export const shareCardAnswer = z.object({ preparedId: z.string() });
export type ShareCardAnswer = z.infer<typeof shareCardAnswer>;

/** POST /api/merchant/follow */
export const followAnswer = z.object({ followed: z.boolean(), fans: z.number().int() });
export type FollowAnswer = z.infer<typeof followAnswer>;

/** GET /api/user/follow_list answers Paged<ShopCard>; GET /api/user/like_list answers Paged<ProductCard>. */
export type FollowListAnswer = Paged<ShopCard>;
export type LikeListAnswer = Paged<ProductCard>;
