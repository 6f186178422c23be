import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../server/db/client';

/** How a plan is asked for. */
export interface PlanOptions {
  /** Sorting made unattractive too, to show that an index delivers the rows in the asked order. */
  ordered?: boolean;
  /**
   * Leave bitmap scans allowed. By default they are not: a bitmap scan of the same index is as good
   * an answer, and the planner picks either by the statistics of the moment (auto-analyze may run
   * during the file), so a plain index scan it is.
   */
  bitmapScans?: boolean;
}

/**
 * The plan of a query (built by the service's own query builder, the one the service awaits) with
 * sequential scans made unattractive, as tables this small need: the question is whether an index
 * CAN serve the query.
 */
export async function explainPlan(
  db: Db,
  query: { getSQL(): SQL },
  { ordered = false, bitmapScans = false }: PlanOptions = {},
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    if (!bitmapScans) await tx.execute(sql`set local enable_bitmapscan = off`);
    if (ordered) await tx.execute(sql`set local enable_sort = off`);
    const result = await tx.execute(sql`explain (costs off) ${query.getSQL()}`);
    // postgres-js answers an array of rows, PGlite an object with `rows`.
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
      string,
      string
    >[];
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

/**
 * The plan reads `table` through an index scan of `index` and sorts nothing: the index delivers
 * the rows in the order asked. `what` names the case in a failure.
 */
export function expectIndexOrder(plan: string, index: string, table: string, what?: string): void {
  expect(plan, what).toMatch(`Index Scan using ${index} on ${table}`);
  expect(plan, what).not.toMatch(/Sort/);
}
