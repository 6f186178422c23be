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

describe('migrations: a fresh database gets all of them', () => {
  let database: Database;
  beforeAll(async () => {
    // An empty database, not the suites' migrated template.
    database = await freshDatabase({ empty: true });
  });
  afterAll(() => database.close());

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
