import { parseAmount } from './money';
import { paths } from './paths';

/**
 * Which products a /products address lists, read the same way by the page and by the server
 * writing that page's first answer (server/web/boot.ts). Free of zod, so the screens can use it;
 * the request schema (common/schemas/catalog-requests.ts) takes its limits from here.
 */

/** Longest search text accepted (characters, after trimming). */
export const SEARCH_MAX = 100;

/**
 * Product orderings of /api/product/search:
 * - `sales`: best-selling first (the default without a search text);
 * - `price_asc` / `price_desc`: cheapest / dearest first;
 * - `newest`: most recently listed first;
 * - `relevance`: titles equal to, then starting with, then containing the search text, then by sales
 *   (the default with a search text; without one it is the same as `sales`).
 * An unknown value falls back to the default.
 */
export const PRODUCT_SORTS = ['relevance', 'sales', 'price_asc', 'price_desc', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The products a /products page asks for at a time. */
export const PRODUCTS_PAGE_SIZE = 20;

/**
 * The /products list is described by its address, so back, reload and a shared link show the same
 * list: /products?category_id=3&title=lamp&sort=price_asc&min_price=5&max_price=20.
 */
export interface ProductsQuery {
  categoryId?: number;
  title?: string;
  sort?: ProductSort;
  /** Dollars as typed ("9.9"); only well-formed amounts survive reading. */
  minPrice?: string;
  maxPrice?: string;
}

const amount = (v: string | null) => (v && parseAmount(v) !== undefined ? v.trim() : undefined);

/** At most SEARCH_MAX UTF-16 units (the server's measure), never half a character, no edge spaces. */
function searchText(v: string): string {
  const cut = v.trim().slice(0, SEARCH_MAX);
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut).trim();
}

export function readProductsQuery(params: URLSearchParams): ProductsQuery {
  const category = Number(params.get('category_id'));
  const sort = params.get('sort') as ProductSort | null;
  const title = searchText(params.get('title') ?? '');
  return {
    categoryId: Number.isSafeInteger(category) && category > 0 ? category : undefined,
    title: title || undefined,
    sort: sort && (PRODUCT_SORTS as readonly string[]).includes(sort) ? sort : undefined,
    minPrice: amount(params.get('min_price')),
    maxPrice: amount(params.get('max_price')),
  };
}

export function productsPath(q: ProductsQuery): string {
  const params = new URLSearchParams();
  if (q.categoryId) params.set('category_id', String(q.categoryId));
  if (q.title) params.set('title', q.title);
  if (q.sort) params.set('sort', q.sort);
  if (q.minPrice) params.set('min_price', q.minPrice);
  if (q.maxPrice) params.set('max_price', q.maxPrice);
  const text = params.toString();
  return paths.products.href(text);
}

/** The search call's parameters for a list (its first page: no cursor), as the contract names them. */
export function toSearchParams(q: ProductsQuery) {
  const price = q.minPrice || q.maxPrice ? { min: q.minPrice, max: q.maxPrice } : undefined;
  return { category_id: q.categoryId, title: q.title, sort: q.sort, price, limit: PRODUCTS_PAGE_SIZE };
}
