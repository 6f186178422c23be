import { z } from 'zod';
import { pagedOf as numberedPage } from './fields';
import { reviewItem, reviewSummary } from './review';

/**
 * The catalogue API's answers (the requests are in ./catalog-requests.ts). Declared in zod like the
 * requests: common/api/schemas.ts names them as the endpoints' answers (checked and published in
 * the OpenAPI document), and the Mini App uses the inferred types. Conventions:
 * - Fields are camelCase.
 * - Money is a decimal string with two places ("19.90").
 * - Texts (titles, names, descriptions) come in the request's language (header `lang`), falling back
 *   to the default (English) text.
 * - Image fields are paths such as `/img/product/12/0`; add `?w=` with one of IMAGE_WIDTHS (see
 *   sizedImage in common/images.ts). The server answers WebP, cached for a year.
 * - Lists answer Paged<T>. `next` is an opaque cursor: send it back as `cursor` to get the following
 *   page in constant time (endless feeds). `total` counts every match.
 */

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
  numberedPage(item).extend({ next: z.string().nullable() });

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
