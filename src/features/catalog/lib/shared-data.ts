import type { BannerItem, CategoryItem } from '../../../../common/schemas/catalog';
import { takeBootAnswer } from '../../../api/boot';
import { currentLang } from '../../../i18n';
import { catalogApi, type Platform } from '../api';

/**
 * Answers that rarely change (the category list, the platform info) are fetched once per
 * interface language and shared by every screen; a failed call is forgotten so a retry asks again.
 */
const cache = new Map<string, Promise<unknown>>();

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  const promise = load();
  cache.set(key, promise);
  promise.catch(() => cache.delete(key));
  return promise;
}

export const loadCategories = (): Promise<CategoryItem[]> =>
  cached(`categories:${currentLang()}`, () => fromBoot('categories') ?? catalogApi.categories());

export const loadPlatform = (): Promise<Platform> =>
  cached(`platform:${currentLang()}`, () => fromBoot('platform') ?? catalogApi.platform());

/** The home banners: the answer written into the page the first time, the API after that (not cached). */
export const loadBanners = (): Promise<BannerItem[]> => fromBoot('banners') ?? catalogApi.banners();

/** An answer the server put into the page, for the interface language (src/api/boot.ts). */
function fromBoot<K extends 'platform' | 'banners' | 'categories'>(name: K) {
  const answer = takeBootAnswer(name, currentLang());
  return answer === undefined ? undefined : Promise.resolve(answer as NonNullable<typeof answer>);
}
