import type { EndpointPrefix } from '@app/api/query-client';

/** What a favourite toggle changes: the product's page (its flag) and the favourites list. */
export const AFTER_LIKE = [
  'catalog.productDetail',
  'catalog.likeList',
] as const satisfies readonly EndpointPrefix[];

/** What a follow toggle changes: shop pages (fans, flag), product pages (flag), shop lists, follows. */
export const AFTER_FOLLOW = [
  'catalog.shopDetail',
  'catalog.productDetail',
  'catalog.followList',
  'catalog.hotShops',
  'catalog.searchShops',
] as const satisfies readonly EndpointPrefix[];
