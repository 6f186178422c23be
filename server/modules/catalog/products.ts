import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import { toAmount } from '@common/money';
import type { Paged, ProductCard } from '@common/schemas/catalog-answers';
import type { ProductSort } from '@common/products-query';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { localised } from '../../lib/localised';
import { productImage } from './picture-addresses';
import { decodeCursor, isTimeKey, paged, startOffset, type Cursor, type PageRequest } from './cursors';
import { foldSearch } from './search-fold';

/**
 * Product lists: every feed, search and shop page goes through listProducts. Each ordering has an
 * index ending in id (see schema/catalog.ts), pages are read as ids first (an index scan that does
 * not touch the rows it skips) and a `next` cursor continues by key, so page 10,000 costs what page 1
 * does. `total` is count(*) under the same filters, counted for a first page (or a page asked by
 * number) only: a cursor carries it on to the following pages.
 */
export interface ProductFilter {
  categoryId?: number;
  shopId?: number;
  text?: string;
  /** Inclusive, cents. */
  minPrice?: number;
  maxPrice?: number;
  hot?: boolean;
  recommended?: boolean;
  excludeId?: number;
}

export const localTitle = (lang: Lang) =>
  localised({ translations: products.translations, field: 'title', fallback: products.title }, lang);

export const cardColumns = (lang: Lang) => ({
  id: products.id,
  shopId: products.shopId,
  categoryId: products.categoryId,
  title: localTitle(lang),
  image: sql<string>`coalesce(${products.images}[1], '')`,
  price: products.price,
  marketPrice: products.marketPrice,
  sales: products.sales,
  seen: products.seen,
  stock: products.stock,
  hot: products.hot,
  recommended: products.recommended,
  createdKey: sql<string>`${products.createdAt}::text`,
});

interface CardRow {
  id: number;
  shopId: number;
  categoryId: number;
  title: string;
  image: string;
  price: number;
  marketPrice: number;
  sales: number;
  seen: number;
  stock: number;
  hot: boolean;
  recommended: boolean;
  createdKey: string;
}

export function toCard(row: CardRow): ProductCard {
  return {
    id: row.id,
    shopId: row.shopId,
    categoryId: row.categoryId,
    title: row.title,
    image: productImage(row.image),
    price: toAmount(row.price),
    marketPrice: toAmount(row.marketPrice),
    sales: row.sales,
    seen: row.seen,
    stock: row.stock,
    hot: row.hot,
    recommended: row.recommended,
  };
}

/** Scripts written without spaces (Thai, Japanese kana, Chinese) and Korean Hangul. */
const CJK_THAI =
  /[\u0e00-\u0e7f\u1100-\u11ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/;

/** The search text folded as the titles are in search_text (see search-fold.ts). */
const folded = (text: string) => sql`catalog_fold(${text}, '')`;

/**
 * The search condition over the titles of every language, folded (no case, spacing or
 * punctuation: "t-shirt" finds "T Shirt"). Three characters or more: LIKE '%text%' on
 * search_text, which the trigram index serves. One or two characters have no trigram inside a
 * word: in Chinese, Japanese, Korean or Thai (common searches such as "手机") the character-pair
 * index over those titles answers (products_cjk_grams); in other scripts ("tv") the text matches
 * the start of a word, which the trigram index can look up (its keys mark word starts) where a
 * match inside a word would need a scan of every title. A text of punctuation alone finds nothing.
 */
export function textCondition(text: string): SQL {
  // Only to choose the index: the folding compared is PostgreSQL's own.
  const plain = foldSearch(text);
  if (!plain) return sql`false`;
  if ([...plain].length >= 3) {
    return sql`${products.searchText} like '%' || ${folded(text)} || '%'`;
  }
  if (CJK_THAI.test(plain)) {
    return sql`catalog_grams(${products.cjkText}) @> array[${folded(text)}]::text[]`;
  }
  const start = sql`${folded(text)} || '%'`;
  return sql`(${products.searchText} like ${start} or ${products.searchText} like '% ' || ${start})`;
}

function conditions(filter: ProductFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.categoryId !== undefined) where.push(eq(products.categoryId, filter.categoryId));
  if (filter.shopId !== undefined) where.push(eq(products.shopId, filter.shopId));
  if (filter.text) where.push(textCondition(filter.text));
  if (filter.minPrice !== undefined) where.push(gte(products.price, filter.minPrice));
  if (filter.maxPrice !== undefined) where.push(lte(products.price, filter.maxPrice));
  // Literal predicates, so the partial indexes (WHERE hot / WHERE recommended) match.
  if (filter.hot) where.push(sql`${products.hot}`);
  if (filter.recommended) where.push(sql`${products.recommended}`);
  if (filter.excludeId !== undefined) where.push(ne(products.id, filter.excludeId));
  return where;
}

/**
 * Relevance: the title in the shopper's language equal to the text, then starting with it, both
 * folded ("T-Shirt" is the search "tshirt" itself). Folded texts hold no LIKE wildcard.
 */
function relevance(text: string, lang: Lang): SQL {
  const title = sql`catalog_fold(${localTitle(lang)}, '')`;
  return sql`case when ${title} = ${folded(text)} then 0 when ${title} like ${folded(text)} || '%' then 1 else 2 end`;
}

function orderBy(order: ProductSort, filter: ProductFilter, lang: Lang): SQL[] {
  switch (order) {
    case 'price_asc':
      return [asc(products.price), asc(products.id)];
    case 'price_desc':
      return [desc(products.price), desc(products.id)];
    case 'newest':
      return [desc(products.createdAt), desc(products.id)];
    case 'relevance':
      if (filter.text) return [relevance(filter.text, lang), desc(products.sales), desc(products.id)];
      return [desc(products.sales), desc(products.id)];
    default:
      return [desc(products.sales), desc(products.id)];
  }
}

/** The ordering a keyset cursor is written for; relevance with a text pages by offset. */
const keysetOrder = (order: ProductSort, filter: ProductFilter): ProductSort | undefined =>
  order === 'relevance' ? (filter.text ? undefined : 'sales') : order;

function afterCursor(order: ProductSort, cursor: Cursor | undefined): SQL | undefined {
  if (!cursor || cursor.k !== order || !('id' in cursor)) return undefined;
  const { v, id } = cursor;
  if (order === 'newest') {
    return isTimeKey(v)
      ? sql`(${products.createdAt}, ${products.id}) < (${v}::timestamptz, ${id})`
      : undefined;
  }
  if (typeof v !== 'number') return undefined;
  if (order === 'price_asc') return sql`(${products.price}, ${products.id}) > (${v}, ${id})`;
  if (order === 'price_desc') return sql`(${products.price}, ${products.id}) < (${v}, ${id})`;
  return sql`(${products.sales}, ${products.id}) < (${v}, ${id})`;
}

function cursorAfter(order: ProductSort | undefined, last: CardRow): Cursor | null {
  switch (order) {
    case 'price_asc':
    case 'price_desc':
      return { k: order, v: last.price, id: last.id };
    case 'newest':
      return { k: order, v: last.createdKey, id: last.id };
    case 'sales':
      return { k: order, v: last.sales, id: last.id };
    default:
      return null;
  }
}

/**
 * The queries listProducts runs for a page, built but not run: the page of cards (ids read first by
 * the ordering's index, then their rows) and the count under the same filters. The index tests
 * explain exactly these.
 */
export function productPageQueries(
  db: DbOrTx,
  lang: Lang,
  filter: ProductFilter,
  order: ProductSort,
  req: PageRequest,
) {
  const where = conditions(filter);
  const keyOrder = keysetOrder(order, filter);
  const cursor = decodeCursor(req.cursor);
  const after = keyOrder ? afterCursor(keyOrder, cursor) : undefined;
  const offset = after ? 0 : startOffset(req);
  const sort = orderBy(order, filter, lang);
  const ids = db
    .select({ id: products.id })
    .from(products)
    .where(and(...where, after))
    .orderBy(...sort)
    .limit(req.limit)
    .offset(offset)
    .as('page_ids');
  const page = db
    .select(cardColumns(lang))
    .from(products)
    .innerJoin(ids, eq(products.id, ids.id))
    .orderBy(...sort);
  const total = db
    .select({ total: count() })
    .from(products)
    .where(and(...where));
  return { page, total, keyOrder, cursor, after, offset };
}

export async function listProducts(
  db: DbOrTx,
  lang: Lang,
  filter: ProductFilter,
  order: ProductSort,
  req: PageRequest,
): Promise<Paged<ProductCard>> {
  const queries = productPageQueries(db, lang, filter, order, req);
  const { keyOrder, cursor, after, offset } = queries;
  const rows = await queries.page;
  // A cursor this query really continues from carries the first page's total.
  const continues = after !== undefined || (cursor !== undefined && 'o' in cursor);
  let total = continues ? cursor?.t : undefined;
  if (total === undefined) [{ total }] = await queries.total;
  const last = rows.at(-1);
  const next = last ? (cursorAfter(keyOrder, last) ?? { k: 'o' as const, o: offset + rows.length }) : null;
  return paged(rows.map(toCard), total, req, next);
}

/** The query of cardsByIds, built but not run. */
export const cardsByIdsQuery = (db: DbOrTx, lang: Lang, ids: number[]) =>
  db.select(cardColumns(lang)).from(products).where(inArray(products.id, ids));

/** Cards by id, in the given order (favourites). */
export async function cardsByIds(db: DbOrTx, lang: Lang, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await cardsByIdsQuery(db, lang, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCard(row)] : [];
  });
}
