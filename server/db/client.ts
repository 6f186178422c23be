import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { ROOT } from '../lib/root';
import { lockDataDir } from './lock';
import { DEFAULT_DATABASE_POOL } from './pool';
import { preparedStatements } from './pglite-statements';
import * as schema from './schema';

/** One database type for both drivers: PGlite (embedded) and postgres-js (PostgreSQL). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;
/** A query function takes either the database or a transaction as its first argument. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Takes the lead of `task` among the server processes on this database, if no other process holds
   * it: answers the release, or undefined while another holds it. A process that dies (even by
   * SIGKILL) lets go with its connection. The embedded database has one process: it always leads.
   */
  lead(task: string): Promise<(() => Promise<void>) | undefined>;
  close(): Promise<void>;
}

/** The advisory-lock key of a task that one process of many does (hashtextextended in SQL). */
const taskKey = (task: string) => `shop:${task}`;

/** The rows of a raw `execute`: postgres-js answers an array of rows, PGlite an object with `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

/**
 * Work sent at once on one transaction (its statements go out together): waits for every part,
 * since a part still running when the transaction ends would send its next statement on the
 * connection after it, then answers their results in order, or throws the first error in order.
 * Promise.all would give up at the first error and leave the others running.
 */
export async function together<T extends readonly unknown[] | []>(
  parts: T,
): Promise<{ -readonly [P in keyof T]: Awaited<T[P]> }> {
  const settled = await Promise.allSettled(parts);
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as never;
}

export const MIGRATIONS_DIR = path.join(ROOT, 'server', 'db', 'migrations');

export interface OpenOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  url?: string;
  /** PostgreSQL: connections kept (DATABASE_POOL). */
  pool?: number;
  /** PGlite data folder; absent = in memory. */
  dataDir?: string;
  /** PGlite: a data folder tarball (dumpDataDir) to start from, e.g. the test suites' migrated template. */
  load?: Blob;
  /**
   * The database is a copy of one already migrated by this code (the test suites' templates): the
   * migrator, which would only find nothing left to do, is not run.
   */
  migrated?: boolean;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    const { pipelined } = await import('./postgres-statements');
    const client = postgres(opts.url, { max: opts.pool ?? DEFAULT_DATABASE_POOL, onnotice: () => {} });
    const db = drizzle(pipelined(client), { schema });
    // Processes that start together (WORKERS, several machines) migrate one at a time: the later
    // ones find nothing left to do.
    if (!opts.migrated) {
      const migrating = await client.reserve();
      try {
        await migrating`select pg_advisory_lock(hashtextextended(${taskKey('migrate')}, 0))`;
        await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await migrating`select pg_advisory_unlock(hashtextextended(${taskKey('migrate')}, 0))`.catch(
          () => {},
        );
        migrating.release();
      }
    }
    const lead = async (task: string) => {
      // A connection of its own, held while leading: the lock lives and dies with it.
      const held = await client.reserve();
      const [row] = await held<{ led: boolean }[]>`
        select pg_try_advisory_lock(hashtextextended(${taskKey(task)}, 0)) as led`;
      if (!row?.led) {
        held.release();
        return undefined;
      }
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await held`select pg_advisory_unlock(hashtextextended(${taskKey(task)}, 0))`.catch(() => {});
        held.release();
      };
    };
    return { db: db as unknown as Db, kind: 'postgres', lead, close: () => client.end({ timeout: 5 }) };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  // A folder belongs to one process for its whole life (see lock.ts).
  const unlock = opts.dataDir ? lockDataDir(opts.dataDir) : () => {};
  try {
    // Without a folder, 'memory://': PGlite ignores the options when the first argument is undefined.
    const client = new PGlite(opts.dataDir ?? 'memory://', {
      extensions: { pg_trgm },
      loadDataDir: opts.load,
    });
    // Ready before this answers: a database that cannot start fails here, not at a first query.
    await client.waitReady;
    const db = drizzle(preparedStatements(client), { schema });
    if (!opts.migrated) await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    const close = async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    };
    return { db: db as unknown as Db, kind: 'pglite', lead: async () => async () => {}, close };
  } catch (e) {
    unlock();
    throw e;
  }
}
