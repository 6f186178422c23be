import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, type Database } from '../../server/db/client';
import { freshDatabase } from '../support/db';

type Journal = { entries: { idx: number; tag: string }[] };
const journal = JSON.parse(
  readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
) as Journal;
const sqlFiles = readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort();

describe('migrations: the journal and the files agree', () => {
  it('every .sql file is listed in meta/_journal.json, and every entry has its file', () => {
    expect(sqlFiles.length).toBeGreaterThan(0);
    expect(journal.entries.map((e) => `${e.tag}.sql`).sort()).toEqual(sqlFiles);
  });

  it('entries are numbered 0, 1, 2 … in file order, each with its snapshot', () => {
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i));
    for (const entry of journal.entries) {
      expect(entry.tag.startsWith(String(entry.idx).padStart(4, '0'))).toBe(true);
      const snapshot = path.join(MIGRATIONS_DIR, 'meta', `${entry.tag.slice(0, 4)}_snapshot.json`);
      expect(existsSync(snapshot), snapshot).toBe(true);
    }
  });
});

// An empty database that every migration runs on, not the suites' migrated template.
let database: Database;
beforeAll(async () => {
  database = await freshDatabase({ empty: true });
});
afterAll(() => database.close());

describe('migrations: a fresh database gets all of them', () => {
  it('drizzle.__drizzle_migrations holds one row per journal entry', async () => {
    const result = await database.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
    expect(Number(rows[0].n)).toBe(journal.entries.length);
  });

  it('the foundation tables exist', async () => {
    const result = await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      table_name: string;
    }[];
    const names = rows.map((r) => r.table_name);
    for (const table of ['users', 'sessions', 'rate_limits', 'uploads']) expect(names).toContain(table);
  });
});

describe("migrations: the suites' template is the migrated database", () => {
  let copy: Database;
  beforeAll(async () => {
    copy = await freshDatabase();
  });
  afterAll(() => copy.close());

  /** Every column, index and constraint of the public schema, and the migrations applied. */
  async function shape(database: Database) {
    const rows = async (query: ReturnType<typeof sql>) => {
      const result = await database.db.execute(query);
      return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
        string,
        unknown
      >[];
    };
    return {
      columns: await rows(sql`
        select table_name, column_name, data_type, is_nullable, column_default
        from information_schema.columns where table_schema = 'public'
        order by table_name, column_name`),
      indexes: await rows(sql`
        select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'
        order by tablename, indexname`),
      constraints: await rows(sql`
        select conname, pg_get_constraintdef(oid) as def from pg_constraint
        where connamespace = 'public'::regnamespace order by conname`),
      migrations: await rows(sql`select hash from drizzle.__drizzle_migrations order by id`),
    };
  }

  it('a copy of the template has the schema that running every migration on an empty database makes', async () => {
    const [fromEmpty, fromTemplate] = await Promise.all([shape(database), shape(copy)]);
    expect(fromEmpty.columns.length).toBeGreaterThan(50);
    expect(fromEmpty.indexes.length).toBeGreaterThan(10);
    expect(fromEmpty.migrations).toHaveLength(journal.entries.length);
    expect(fromTemplate).toEqual(fromEmpty);
  });
});
