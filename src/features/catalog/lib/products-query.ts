import { paths } from '@common/paths';
import { parseAmount } from '@common/money';
import type { ProductSort } from '@common/schemas/catalog-requests';
import { PRODUCT_SORTS, SEARCH_MAX } from './catalog-constants';
import type { SearchParams } from '../api';

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
    sort: sort && PRODUCT_SORTS.includes(sort) ? sort : undefined,
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

export function toSearchParams(q: ProductsQuery): SearchParams {
  const price = q.minPrice || q.maxPrice ? { min: q.minPrice, max: q.maxPrice } : undefined;
  return { category_id: q.categoryId, title: q.title, sort: q.sort, price };
}
