import { call, type Answer, type Params } from '../../api/call';
import type { RequestOptions } from '../../api/client';

/**
 * The catalogue calls, one small function per endpoint of the contract (common/api, section
 * catalog): paths and types come from there through call(). Reads do not toast their failures:
 * every screen shows its own error state with a retry. Writes go through useEndpointMutation
 * (src/api), which the client toasts for as usual.
 */
const quiet: RequestOptions = { showError: false };

export type ListParams = Params<'catalog.hotProducts'>;
export type FeedParams = Params<'catalog.feed'>;
export type ShopSearchParams = Params<'catalog.searchShops'>;
export type MerchantParams = Params<'catalog.shopDetail'>;
/** The price range travels as dollars ("9.90") in price[min] / price[max]. */
export type SearchParams = Params<'catalog.search'>;

export type Platform = Answer<'catalog.platform'>;

export const catalogApi = {
  platform: () => call('catalog.platform', {}, quiet),
  banners: () => call('catalog.banners', {}, quiet),
  categories: () => call('catalog.categories', {}, quiet),
  feed: (params: FeedParams) => call('catalog.feed', params, quiet),
  hotProducts: (params: ListParams) => call('catalog.hotProducts', params, quiet),
  hotShops: (params: ListParams) => call('catalog.hotShops', params, quiet),
  keywords: () => call('catalog.keywords', {}, quiet),
  search: (params: SearchParams) => call('catalog.search', params, quiet),
  searchShops: (params: ShopSearchParams) => call('catalog.searchShops', params, quiet),
  detail: (productId: number) => call('catalog.productDetail', { product_id: productId }, quiet),
  /** The product as a card for Telegram's shareMessage; quiet: the link is shared when it fails. */
  shareCard: (productId: number) => call('catalog.shareCard', { product_id: productId }, quiet),
  shop: (params: MerchantParams) => call('catalog.shopDetail', params, quiet),
  followList: (params: ListParams) => call('catalog.followList', params, quiet),
  likeList: (params: ListParams) => call('catalog.likeList', params, quiet),
};
