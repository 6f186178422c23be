import { rm } from 'node:fs/promises';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type Db } from '../db/client';
import { botUpdates, rateLimits, sessions, uploads } from '../db/schema';
import { uploadFile } from '../modules/upload';

/**
 * The housekeeping sweeps. Each deletes at most BATCH rows per call, chosen with
 * `FOR UPDATE SKIP LOCKED`: when several processes sweep at once, each takes rows the others are
 * not holding, so no row is handled twice and none waits. Each answers how many rows it removed.
 */
export const BATCH = 500;
/** An upload nothing uses is kept this long (time for the shopper to save the profile). */
export const UNUSED_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** Unused uploads older than a day: the rows, then their files. */
export async function sweepUnusedUploads(db: Db, dataDir: string): Promise<number> {
  const cutoff = new Date(Date.now() - UNUSED_UPLOAD_MS);
  const gone = await db.execute<{ path: string }>(sql`
    delete from ${uploads} where ${uploads.id} in (
      select ${uploads.id} from ${uploads}
      where ${uploads.usedAt} is null and ${uploads.createdAt} < ${cutoff.toISOString()}
      order by ${uploads.createdAt} limit ${BATCH} for update skip locked
    ) returning ${uploads.path} as path`);
  const rows = rowsOf<{ path: string }>(gone);
  // After the rows are gone nothing can hand the file out again; a file already missing is fine.
  for (const { path } of rows) {
    const file = uploadFile(dataDir, path);
    if (file) await rm(file, { force: true });
  }
  return rows.length;
}

/** Deletes up to BATCH rows of `table` (named by its key column) that `stale` picks; answers how many. */
async function sweep(db: Db, table: PgTable, key: PgColumn, stale: SQL): Promise<number> {
  const gone = await db.execute(sql`
    delete from ${table} where ${key} in (
      select ${key} from ${table} where ${stale}
      limit ${BATCH} for update skip locked
    ) returning 1`);
  return rowsOf(gone).length;
}

/** Sessions past their expiry. */
export const sweepExpiredSessions = (db: Db): Promise<number> =>
  sweep(db, sessions, sessions.id, sql`${sessions.expiresAt} < now()`);

/** Rate-limit counters whose window has ended (a new hit starts a fresh row anyway). */
export const sweepEndedRateWindows = (db: Db): Promise<number> =>
  sweep(db, rateLimits, rateLimits.key, sql`${rateLimits.windowEndsAt} < now()`);

/** Ids of bot updates handled over a day ago: Telegram stops re-delivering an update long before. */
export const sweepHandledUpdates = (db: Db): Promise<number> =>
  sweep(db, botUpdates, botUpdates.updateId, sql`${botUpdates.createdAt} < now() - interval '1 day'`);
