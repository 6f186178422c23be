import type { BannerItem, CategoryItem } from '../../../../common/schemas/catalog';
import { takeBootAnswer } from '../../../api/boot';
import { queryClient, queryKeyOf } from '../../../api/query-client';
import { currentLang } from '../../../i18n';
import { catalogApi, type Platform } from '../api';

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
 * The home screen's first answers: the ones the server wrote into the page (src/api/boot.ts) the
 * first time, for the interface language; the API after that.
 */
export const fetchPlatform = (): Promise<Platform> => fromBoot('platform') ?? catalogApi.platform();
export const fetchBanners = (): Promise<BannerItem[]> => fromBoot('banners') ?? catalogApi.banners();
export const fetchCategories = (): Promise<CategoryItem[]> =>
  fromBoot('categories') ?? catalogApi.categories();

function fromBoot<K extends 'platform' | 'banners' | 'categories'>(name: K) {
  const answer = takeBootAnswer(name, currentLang());
  return answer === undefined ? undefined : Promise.resolve(answer as NonNullable<typeof answer>);
}
