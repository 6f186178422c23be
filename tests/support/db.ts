import { Blob } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../server/db/client';
import { pgliteTemplateFile, postgresTemplateName } from './db-template';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server of DATABASE_URL when the suite runs as "server-pg" (TEST_DB=postgres).
 * Both are copies of the run's migrated template (tests/support/db-template.ts), made by the global
 * setup; the migrations still run on the copy, finding nothing left to do. The PostgreSQL database
 * is dropped again on close.
 */
let pgliteTemplate: Blob | undefined;

export async function freshDatabase(opts: { empty?: boolean } = {}): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    // `empty`: a new database that every migration runs on, as a new shop's first start.
    if (opts.empty) return openDatabase({});
    pgliteTemplate ??= new Blob([readFileSync(pgliteTemplateFile())], { type: 'application/x-tar' });
    return openDatabase({ load: pgliteTemplate as unknown as globalThis.Blob });
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs DATABASE_URL');
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
