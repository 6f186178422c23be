import { LIST_PAGE_SIZE } from '@common/boot';
import { productsPath, toSearchParams, type ProductsQuery } from '@common/products-query';
import type { BannerItem, CategoryItem, Paged, ProductCard } from '@common/schemas/catalog-answers';
import { bootAnswerOr, takeBootAnswer } from '@app/api/boot';
import { queryClient, queryKeyOf } from '@app/api/query-client';
import { currentLang } from '@app/i18n';
import { catalogApi, type FeedParams, type ListParams, type Platform } from '../api';

/**
 * Answers that rarely change (the category list, the platform info) for code outside a screen's
 * render (a share button): from the query client under the same keys the screens use, so they
 * are fetched once per interface language and shared; a failure is not kept.
 */
export const loadCategories = (): Promise<CategoryItem[]> =>
  queryClient.fetchQuery({
    queryKey: queryKeyOf('catalog.categories', {}, currentLang()),
    queryFn: fetchCategories,
  });

export const loadPlatform = (): Promise<Platform> =>
  queryClient.fetchQuery({
    queryKey: queryKeyOf('catalog.platform', {}, currentLang()),
    queryFn: fetchPlatform,
  });

/**
 * The first answers of home, explore, popular and a /products list: the ones the server wrote into the page
 * (src/api/boot.ts) the first time, for the interface language; the API after that.
 */
export const fetchPlatform = (): Promise<Platform> => bootAnswerOr('platform', catalogApi.platform);
export const fetchBanners = (): Promise<BannerItem[]> => bootAnswerOr('banners', catalogApi.banners);
export const fetchCategories = (): Promise<CategoryItem[]> =>
  bootAnswerOr('categories', catalogApi.categories);

/** Explore's feed: its first page for all categories from the page the first time. */
export const fetchFeed = (params: FeedParams): Promise<Paged<ProductCard>> =>
  firstPage(params) && !params.category_id
    ? bootAnswerOr('feed', () => catalogApi.feed(params))
    : catalogApi.feed(params);

/** Popular's list: its first page from the page the first time. */
export const fetchHotProducts = (params: ListParams): Promise<Paged<ProductCard>> =>
  firstPage(params)
    ? bootAnswerOr('hotProducts', () => catalogApi.hotProducts(params))
    : catalogApi.hotProducts(params);

/** A /products list: its first page from the page the first time, if the page was written for this list. */
export function fetchSearch(query: ProductsQuery, cursor: string | undefined): Promise<Paged<ProductCard>> {
  const written = cursor ? undefined : takeBootAnswer('search', currentLang());
  return written?.path === productsPath(query)
    ? Promise.resolve(written.page)
    : catalogApi.search({ ...toSearchParams(query), cursor });
}

/** The page a list screen's server-written page carries: the first, at the lists' page size. */
const firstPage = (params: { cursor?: string; limit?: number }) =>
  !params.cursor && params.limit === LIST_PAGE_SIZE;
