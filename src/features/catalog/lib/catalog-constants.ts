import type { ImageWidth } from '@common/schemas/catalog-answers';
import type { ProductSort } from '@common/schemas/catalog-requests';

/**
 * Zod-free mirrors of the few values of common/schemas/catalog-answers.ts and catalog-requests.ts
 * the screens need. Importing a value from those modules pulls zod (about 24 KB gzipped) into the
 * first screen, so only their types are imported here; the checks below fail to compile when the
 * two drift apart.
 */

/** `/img/...` paths get `?w=`; other addresses (uploads, absolute URLs) are used unchanged. */
export function sizedImage(url: string, width: ImageWidth): string {
  return url.startsWith('/img/') ? `${url}${url.includes('?') ? '&' : '?'}w=${width}` : url;
}

/** Longest search text the server accepts (characters, after trimming). */
export const SEARCH_MAX = 100;

export const PRODUCT_SORTS = [
  'relevance',
  'sales',
  'price_asc',
  'price_desc',
  'newest',
] as const satisfies readonly ProductSort[];
// Every ordering the server knows is listed above.
type Unlisted = Exclude<ProductSort, (typeof PRODUCT_SORTS)[number]>;
const _allListed: [Unlisted] extends [never] ? true : never = true;
void _allListed;
