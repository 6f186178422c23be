import type { ProductSort } from '@common/schemas/catalog-requests';

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
