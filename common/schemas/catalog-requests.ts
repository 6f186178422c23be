import { z } from 'zod';
import { parseAmount } from '../money';
import { PRODUCT_SORTS, SEARCH_MAX } from '../products-query';
import { id, limit, optionalId, page } from './fields';

/**
 * The catalogue API's requests, validated by the server and inferred by the Mini App (the answers
 * are in ./catalog-answers.ts). Parameters use the shop's snake_case names (product_id, mer_id,
 * category_id). Lists take `page` from 1 and `limit` capped at 50 (odd values are clamped, never
 * refused), or `cursor`: the `next` of the previous page, which gets the following page in
 * constant time (endless feeds); `page` alone works too (random access).
 */

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
