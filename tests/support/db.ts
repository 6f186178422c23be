import { Blob } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import postgres from 'postgres';
import { openDatabase, type Database, type Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { pgliteTemplateFile, postgresTemplateName } from './db-template';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server of DATABASE_URL when the suite runs as "server-pg" (TEST_DB=postgres).
 * Both are copies of the run's migrated template (tests/support/db-template.ts), made by the global
 * setup; the migrations still run on the copy, finding nothing left to do. The PostgreSQL database
 * is dropped again on close.
 *
 * Where a worker runs file after file in one module graph (TEST_DB_REUSE=1: the server suites and
 * the Mini App's files without the mocked Telegram client), a closed PGlite is emptied and kept for
 * the worker's next file instead of loading the template again: loading its 40 MB data folder and
 * starting PostgreSQL in WebAssembly took a second or two of each file (the server suites on PGlite
 * took 448 CPU-seconds so, 262 this way). What the next file gets is what a copy of the template
 * holds: the migrated schema, no rows, every identity back at 1, no session setting left. A file's
 * handle stops working when it closes (a revocable proxy), so a query one file leaves running never
 * reaches the next file's rows. (On PostgreSQL the same saved 5 % of that suite's CPU: not worth
 * databases left behind by a worker.)
 */
let pgliteTemplate: Blob | undefined;
const reuse = process.env.TEST_DB_REUSE === '1';
const idle: PGlite[] = [];

/** Every table of the migrated schema emptied and its identities restarted. */
const EMPTY_TABLES = `
  do $$ begin
    execute (select 'truncate ' || string_agg(format('%I.%I', schemaname, tablename), ', ')
                    || ' restart identity cascade'
               from pg_tables where schemaname = 'public');
  end $$`;

/** A file's handle on a kept PGlite: closing it empties the database and keeps it for the next file. */
function lendPglite(client: PGlite): Database {
  const { proxy, revoke } = Proxy.revocable(client, {
    get: (target, key) => {
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  let closed = false;
  return {
    db: drizzle(proxy, { schema }) as unknown as Db,
    kind: 'pglite',
    lead: async () => async () => {},
    close: async () => {
      if (closed) return;
      closed = true;
      revoke();
      await client.exec(EMPTY_TABLES);
      await client.exec('discard all');
      idle.push(client);
    },
  };
}

async function freshPglite(opts: { empty?: boolean }): Promise<Database> {
  // `empty`: a new database that every migration runs on, as a new shop's first start.
  if (opts.empty) return openDatabase({});
  const kept = reuse ? idle.pop() : undefined;
  if (kept) return lendPglite(kept);
  pgliteTemplate ??= new Blob([readFileSync(pgliteTemplateFile())], { type: 'application/x-tar' });
  const opened = await openDatabase({ load: pgliteTemplate as unknown as globalThis.Blob });
  return reuse ? lendPglite((opened.db as unknown as { $client: PGlite }).$client) : opened;
}

/** A new database on the PostgreSQL server, a copy of the template, dropped again on close. */
async function freshPostgres(url: string, opts: { empty?: boolean }): Promise<Database> {
  const name = `shop_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}${opts.empty ? '' : ` template ${postgresTemplateName()}`}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = postgres(url, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export async function freshDatabase(opts: { empty?: boolean } = {}): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return freshPglite(opts);
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  return freshPostgres(url, opts);
}
