import { Blob } from 'node:buffer';
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import postgres from 'postgres';
import { databaseUrl, openScratchDatabase } from '../../scripts/lib/scratch-database';
import { openDatabase, type Database, type Db } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { pgliteTemplateFile, postgresTemplateName } from './db-template';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a database on the
 * PostgreSQL server of DATABASE_URL when the suite runs as "server-pg" (TEST_DB=postgres). Both
 * start as copies of the run's migrated template (tests/support/db-template.ts), made by the global
 * setup, so the migrator is not run on them (`migrated`).
 *
 * Where a worker runs file after file in one module graph (TEST_DB_REUSE=1: the server suites and
 * the Mini App's files without the mocked Telegram client), a closed PGlite is emptied and kept for
 * the worker's next file instead of loading the template again: loading its 40 MB data folder and
 * starting PostgreSQL in WebAssembly took a second or two of each file (the server suites on PGlite
 * took 448 CPU-seconds so, 262 this way). What the next file gets is what a copy of the template
 * holds: the migrated schema, no rows, every identity back at 1, no session setting left. A file's
 * handle stops working when it closes (a revocable proxy), so a query one file leaves running never
 * reaches the next file's rows.
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
  const opened = await openDatabase({ load: pgliteTemplate as unknown as globalThis.Blob, migrated: true });
  return reuse ? lendPglite((opened.db as unknown as { $client: PGlite }).$client) : opened;
}

/**
 * On PostgreSQL a worker keeps its databases too, on the server, named by the run and the worker
 * (VITEST_POOL_ID, unique among the workers running at once) and a slot (a file may hold two at a
 * time): a file gets the first free slot's database, copied from the template the first time and
 * emptied after that, so it survives workers that load each file afresh (isolate). Copying and
 * dropping a database cost 1-2 s of each file here (it writes the copy through the server's WAL
 * and waits for the disk), emptying it tens of milliseconds. The run's global teardown drops them
 * (tests/support/global-setup.ts). They commit without waiting for the disk (synchronous_commit
 * off: what a transaction sees, locks and constraints stay as they are; only a crash of the
 * PostgreSQL server itself could lose a commit, which no test makes).
 */
const RUN = process.env.SHOP_TEST_RUN_PID ?? String(process.pid);
const WORKER = process.env.VITEST_POOL_ID ?? '0';
const slotsInUse = new Set<number>();
let emptying: { rows: string; tables: string } | undefined;

/**
 * Every row deleted, children before the rows they reference, and every sequence restarted: on a
 * handful of rows far cheaper than TRUNCATE, which makes new files for 40 tables and waits for them.
 */
async function emptyingStatements(sql: postgres.Sql): Promise<{ rows: string; tables: string }> {
  const tables = (
    await sql<{ name: string }[]>`
    select tablename as name from pg_tables where schemaname = 'public'`
  ).map((t) => t.name);
  const links = await sql<{ child: string; parent: string }[]>`
    select c.relname as child, p.relname as parent from pg_constraint f
      join pg_class c on c.oid = f.conrelid join pg_class p on p.oid = f.confrelid
     where f.contype = 'f' and f.connamespace = 'public'::regnamespace and f.conrelid <> f.confrelid`;
  const sequences = await sql<{ name: string }[]>`
    select sequencename as name from pg_sequences where schemaname = 'public'`;
  const order: string[] = [];
  const left = new Set(tables);
  while (left.size > 0) {
    const next = [...left].filter((t) => !links.some((l) => l.parent === t && left.has(l.child)));
    if (next.length === 0) throw new Error(`foreign keys in a cycle among ${[...left].join(', ')}`);
    for (const t of next.sort()) {
      order.push(t);
      left.delete(t);
    }
  }
  return {
    rows: [
      ...order.map((t) => `delete from public."${t}";`),
      ...sequences.map((s) => `alter sequence public."${s.name}" restart;`),
    ].join('\n'),
    tables: order.map((t) => `public."${t}"`).join(', '),
  };
}

async function workerPostgres(url: string): Promise<Database> {
  let slot = 0;
  while (slotsInUse.has(slot)) slot += 1;
  slotsInUse.add(slot);
  const name = `shop_test_${RUN}_${WORKER}a${slot}`;
  try {
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    let kept: boolean;
    try {
      kept = (await admin`select 1 from pg_database where datname = ${name}`).length > 0;
      if (kept) {
        // A connection an earlier file left open would hold locks on the rows to delete.
        await admin`select pg_terminate_backend(pid) from pg_stat_activity
                     where datname = ${name} and pid <> pg_backend_pid()`;
      } else {
        await admin.unsafe(`create database ${name} template ${postgresTemplateName()}`);
        await admin.unsafe(`alter database ${name} set synchronous_commit = off`);
      }
    } finally {
      await admin.end();
    }
    if (kept) {
      const own = postgres(databaseUrl(url, name), { max: 1, onnotice: () => {} });
      try {
        emptying ??= await emptyingStatements(own);
        const { rows, tables } = emptying;
        await own.begin((tx) => tx.unsafe(rows));
        // The deleted rows' pages given back, so the planner sees the tables as a copy has them
        // (small): the EXPLAIN tests ask which index serves a query on a few rows.
        await own.unsafe(`vacuum ${tables}`);
      } finally {
        await own.end();
      }
    }
    const database = await openDatabase({ url: databaseUrl(url, name), migrated: true });
    let closed = false;
    return {
      ...database,
      close: async () => {
        if (closed) return;
        closed = true;
        await database.close();
        slotsInUse.delete(slot);
      },
    };
  } catch (err) {
    slotsInUse.delete(slot);
    throw err;
  }
}

/** A new empty database on the PostgreSQL server (every migration runs on it), dropped on close. */
const emptyPostgres = (url: string) => openScratchDatabase(url, `shop_test_${process.pid}`);

export async function freshDatabase(opts: { empty?: boolean } = {}): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return freshPglite(opts);
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  return opts.empty ? emptyPostgres(url) : workerPostgres(url);
}
