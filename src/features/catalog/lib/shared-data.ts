import type { CategoryItem } from '../../../../common/schemas/catalog';
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
  cached(`categories:${currentLang()}`, catalogApi.categories);

export const loadPlatform = (): Promise<Platform> => cached(`platform:${currentLang()}`, catalogApi.platform);
