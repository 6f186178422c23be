import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { MIGRATIONS_DIR, openDatabase } from '../../server/db/client';
import { isAlive } from '../../server/db/lock';

/**
 * One migrated database per test run, copied for each test file: opening a fresh PGlite and
 * running every migration costs seconds, loading a migrated data folder a fraction of one; on
 * PostgreSQL `CREATE DATABASE … TEMPLATE` copies files instead of replaying SQL.
 *
 * Both are named by a hash of the migrations, so a template is made once per set of migrations
 * and never used for another. They are made by the suites' global setup, before any worker starts
 * (tests/support/global-setup.ts), published whole (written under a scratch name, then renamed).
 * Each run marks its template used; another's is removed only after a day unused, so checkouts
 * with other migrations (a fresh clone beside a work tree) can run their suites at the same time.
 */
const UNUSED_FOR_MS = 24 * 60 * 60 * 1000;

let hashOfMigrations: string | undefined;

/** A hash of every migration file (SQL and drizzle's metadata), read once per process. */
export function migrationsHash(): string {
  if (hashOfMigrations) return hashOfMigrations;
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_DIR, name);
    try {
      hash.update(name).update('\0').update(readFileSync(full)).update('\0');
    } catch {
      // a folder
    }
  }
  hashOfMigrations = hash.digest('hex').slice(0, 16);
  return hashOfMigrations;
}

/** The migrated PGlite data folder as an uncompressed tarball, for PGlite's `loadDataDir`. */
export const pgliteTemplateFile = () => path.join(os.tmpdir(), `shop-test-pglite-${migrationsHash()}.tar`);

/** The migrated template database on the PostgreSQL server. */
export const postgresTemplateName = () => `shop_template_${migrationsHash()}`;

export async function preparePgliteTemplate(): Promise<string> {
  const file = pgliteTemplateFile();
  if (existsSync(file)) {
    const now = new Date();
    utimesSync(file, now, now);
    return file;
  }
  const database = await openDatabase({});
  try {
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const tarball = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    const scratch = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(scratch, tarball);
    renameSync(scratch, file);
  } finally {
    await database.close();
  }
  return file;
}

export async function preparePostgresTemplate(url: string): Promise<string> {
  const name = postgresTemplateName();
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    // The time of the last use, in the database's comment.
    const markUsed = (db: string) => admin.unsafe(`comment on database ${db} is '${Date.now()}'`);
    const [found] = await admin`select 1 from pg_database where datname = ${name}`;
    if (found) await markUsed(name);
    else {
      const scratch = `${name}_${process.pid}_${randomBytes(4).toString('hex')}`;
      await admin.unsafe(`create database ${scratch}`);
      const target = new URL(url);
      target.pathname = `/${scratch}`;
      const database = await openDatabase({ url: target.toString() });
      await database.close();
      await markUsed(scratch);
      try {
        await admin.unsafe(`alter database ${scratch} rename to ${name}`);
      } catch (e) {
        // Another run published the same template meanwhile: use that one.
        await admin.unsafe(`drop database if exists ${scratch} with (force)`);
        const [published] = await admin`select 1 from pg_database where datname = ${name}`;
        if (!published) throw e;
      }
    }
    // Templates of other migrations unused for a day are of no further use.
    const others = await admin<{ datname: string; used: string | null }[]>`
      select datname, shobj_description(oid, 'pg_database') as used from pg_database
      where datname ~ '^shop_template_[0-9a-f]{16}$' and datname <> ${name}`;
    for (const { datname, used } of others) {
      if (Date.now() - Number(used ?? 0) < UNUSED_FOR_MS) continue;
      await admin.unsafe(`drop database if exists ${datname} with (force)`).catch(() => {});
    }
    return name;
  } finally {
    await admin.end();
  }
}

/**
 * Drops the databases of test runs whose process is gone (a run stopped half way leaves them):
 * they are named shop_test_<pid>_… and shop_admin_<pid>_… (tests/support/db.ts, the operator CLI
 * test).
 */
export async function removeOrphanTestDatabases(url: string): Promise<void> {
  await dropDatabases(url, (pid) => !isAlive(pid));
}

/** Drops the databases the run of process `runPid` kept for its workers (its global teardown). */
export async function removeWorkerDatabases(url: string, runPid: number): Promise<void> {
  await dropDatabases(url, (pid) => pid === runPid);
}

async function dropDatabases(url: string, whose: (pid: number) => boolean): Promise<void> {
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const found = await admin<{ datname: string }[]>`
      select datname from pg_database where datname ~ '^shop_(test|admin)_[0-9]+_[0-9a-f]+$'`;
    for (const { datname } of found) {
      if (!whose(Number(datname.split('_')[2]))) continue;
      await admin.unsafe(`drop database if exists ${datname} with (force)`).catch(() => {});
    }
  } finally {
    await admin.end();
  }
}

/** Removes PGlite tarballs of other migrations that no run has used for a day. */
export function removeStalePgliteTemplates(): void {
  const keep = path.basename(pgliteTemplateFile());
  for (const name of readdirSync(os.tmpdir())) {
    if (!/^shop-test-pglite-[0-9a-f]{16}\.tar$/.test(name) || name === keep) continue;
    const file = path.join(os.tmpdir(), name);
    try {
      if (Date.now() - statSync(file).mtimeMs >= UNUSED_FOR_MS) rmSync(file, { force: true });
    } catch {
      // removed by another run meanwhile
    }
  }
}

/**
 * Makes `dir` a migrated embedded database folder, as a server started on a new DATA_DIR would make
 * it (DATA_DIR/db), by unpacking the run's template: milliseconds instead of initdb and every
 * migration. The global setup must have run (preparePgliteTemplate). `template`: another data
 * folder tarball to unpack instead (the browser suite's, with the demo shop seeded).
 */
export function migratedDataDir(dir: string, template = pgliteTemplateFile()): void {
  mkdirSync(dir, { recursive: true });
  const untar = spawnSync('tar', ['-xf', template, '-C', dir], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`unpacking the database template failed: ${untar.stderr}`);
}
