import type {
  BannerItem,
  CategoryItem,
  FeedQuery,
  FollowAnswer,
  FollowListAnswer,
  KeywordsAnswer,
  LikeAnswer,
  LikeListAnswer,
  MerchantDetailAnswer,
  MerchantDetailQuery,
  Paged,
  PageQuery,
  PlatformInfo,
  ProductCard,
  ProductDetailAnswer,
  SearchQuery,
  ShopCard,
  ShopSearchQuery,
} from '../../../common/schemas/catalog';
import { get, post, type RequestOptions } from '../../api/client';

/**
 * The catalogue calls, one small function per endpoint, typed by common/schemas/catalog.ts.
 * Reads do not toast their failures: every screen shows its own error state with a retry.
 * Writes (like, follow) toast through the client as usual.
 */
const quiet: RequestOptions = { showError: false };

/** Parameters as sent: the schema's own keys, all optional (the server fills in defaults). */
type Params<Q> = Partial<Q>;
export type ListParams = Params<PageQuery>;
export type FeedParams = Params<FeedQuery>;
export type ShopSearchParams = Params<ShopSearchQuery>;
export type MerchantParams = Params<MerchantDetailQuery>;
/** The price range travels as dollars ("9.90") in price[min] / price[max]. */
export type SearchParams = Params<Omit<SearchQuery, 'price'>> & { price?: { min?: string; max?: string } };

export type Platform = PlatformInfo;

export const catalogApi = {
  platform: () => get<Platform>('/api/index/index', undefined, quiet),
  banners: () => get<BannerItem[]>('/api/index/banner', undefined, quiet),
  categories: () => get<CategoryItem[]>('/api/index/category', undefined, quiet),
  feed: (params: FeedParams) => get<Paged<ProductCard>>('/api/index/product', params, quiet),
  hotProducts: (params: ListParams) => get<Paged<ProductCard>>('/api/index/hot_product', params, quiet),
  hotShops: (params: ListParams) => get<Paged<ShopCard>>('/api/index/hot_merchant', params, quiet),
  keywords: () => get<KeywordsAnswer>('/api/product/index', undefined, quiet),
  search: (params: SearchParams) => get<Paged<ProductCard>>('/api/product/search', params, quiet),
  searchShops: (params: ShopSearchParams) => get<Paged<ShopCard>>('/api/product/searchs', params, quiet),
  detail: (productId: number) =>
    get<ProductDetailAnswer>('/api/product/detail', { product_id: productId }, quiet),
  like: (productId: number) => post<LikeAnswer>('/api/product/like', { product_id: productId }),
  shop: (params: MerchantParams & { mer_id: number }) =>
    get<MerchantDetailAnswer>('/api/merchant/detail', params, quiet),
  follow: (shopId: number) => post<FollowAnswer>('/api/merchant/follow', { mer_id: shopId }),
  followList: (params: ListParams) => get<FollowListAnswer>('/api/user/follow_list', params, quiet),
  likeList: (params: ListParams) => get<LikeListAnswer>('/api/user/like_list', params, quiet),
};
