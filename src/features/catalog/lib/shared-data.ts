import type { CategoryItem } from '../../../../common/schemas/catalog';
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
    queryFn: catalogApi.categories,
  });

export const loadPlatform = (): Promise<Platform> =>
  queryClient.fetchQuery({
    queryKey: queryKeyOf('catalog.platform', {}, currentLang()),
    queryFn: catalogApi.platform,
  });
