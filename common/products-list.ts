import { formatMoney } from './money';
import type { ProductSort, ProductsQuery } from './products-query';

/**
 * What a products list shows above its products, worded the same by the page and by the server's
 * first paint of it (server/web/first-paint.ts): its sort choices and its heading. Apart from
 * common/products-query.ts, which the first screen's category links need without these.
 */

/**
 * The orderings offered to shoppers, as keys of "filter.sorts". Without a search text the default
 * (no sort sent) is best-selling; with one it is best match, and best-selling becomes a choice.
 */
export type SortChoice = { sort: ProductSort | undefined; label: `filter.sorts.${ProductSort}` };

export function sortChoices(hasText: boolean): SortChoice[] {
  const rest: SortChoice[] = [
    { sort: 'price_asc', label: 'filter.sorts.price_asc' },
    { sort: 'price_desc', label: 'filter.sorts.price_desc' },
    { sort: 'newest', label: 'filter.sorts.newest' },
  ];
  return hasText
    ? [
        { sort: undefined, label: 'filter.sorts.relevance' },
        { sort: 'sales', label: 'filter.sorts.sales' },
        ...rest,
      ]
    : [{ sort: undefined, label: 'filter.sorts.sales' }, ...rest];
}

/** The choice shown chosen for `sort`: "sales" without a text is the default, shown as such. */
export const chosenSort = (sort: ProductSort | undefined, hasText: boolean) =>
  !hasText && sort === 'sales' ? undefined : sort;

/**
 * A list's heading: the searched text (as `quoted` writes it), its category, its price range in
 * the language's money format; undefined for the whole catalogue.
 */
export function productsHeading(
  q: ProductsQuery,
  categoryName: string | undefined,
  lang: string,
  quoted: (text: string) => string,
): string | undefined {
  const price = (amount: string | undefined) => (amount ? formatMoney(amount, lang) : '…');
  const parts = [
    q.title ? quoted(q.title) : categoryName,
    q.title ? categoryName : undefined,
    q.minPrice || q.maxPrice ? `${price(q.minPrice)} – ${price(q.maxPrice)}` : undefined,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}
