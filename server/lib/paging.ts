import { desc, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';

/** Which page of a list is asked for: from 1, `limit` rows a page. */
export interface PageAsk {
  page: number;
  limit: number;
}

/**
 * One page of a list's `rows` (a dynamic select) that match `where`, newest (highest `id`) first:
 * every list the shop answers is paged this way, on an index that ends in that id.
 */
export const newestPage = <Q extends PgSelect>(
  rows: Q,
  id: PgColumn,
  where: SQL | undefined,
  { page, limit }: PageAsk,
) =>
  rows
    .where(where)
    .orderBy(desc(id))
    .limit(limit)
    .offset((page - 1) * limit);
