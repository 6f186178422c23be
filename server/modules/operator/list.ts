import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { pageOf } from './checks';
import { findShopper } from './shopper';

/** What an operator's list is asked for: one status, one shopper (account or Telegram id), a page. */
export interface ListParams<S> {
  /** Absent: every status. */
  status?: S;
  /** Only this shopper's rows (account name or Telegram id). */
  user?: string;
  /** From 1. */
  page?: number;
  /** 1 to 100, default 20. */
  limit?: number;
}

/** A page of an operator's list and how many rows match in all. */
export interface ListPage<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

/** The table a list reads, with its status and shopper columns. */
export interface ListedTable<S> {
  table: PgTable;
  status: PgColumn;
  userId: PgColumn;
  /** Throws an OperatorError for a status the table never has. */
  checkStatus?: (status: S) => void;
}

/**
 * One page of an operator's list (two queries at once): `rows` reads the page of what matches the
 * asked status and shopper (and `also`), the count how many match in all.
 */
export async function listPage<S, R, T>(
  db: Db,
  p: ListParams<S>,
  listed: ListedTable<S>,
  rows: (where: SQL | undefined, page: number, limit: number) => Promise<R[]>,
  view: (row: R) => T,
  also?: SQL,
): Promise<ListPage<T>> {
  const { page, limit } = pageOf(p);
  if (p.status !== undefined) listed.checkStatus?.(p.status);
  const userId = p.user === undefined ? undefined : (await findShopper(db, p.user)).id;
  const where = and(
    p.status === undefined ? undefined : eq(listed.status, p.status),
    userId === undefined ? undefined : eq(listed.userId, userId),
    also,
  );
  const [found, [{ n }]] = await Promise.all([
    rows(where, page, limit),
    db.select({ n: count() }).from(listed.table).where(where),
  ]);
  return { list: found.map(view), total: Number(n), page, limit };
}
