import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../server/db/client';

export interface ScratchDatabase {
  /** The new database's address: DATABASE_URL with its name in place of the server's. */
  url: string;
  name: string;
  /** Drops it, ending whatever connection is still open on it. */
  drop(): Promise<void>;
}

/** `url` with `name` as its database. */
export function databaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** Runs `statement` on the PostgreSQL server of `url` over a connection of its own. */
export async function onServer(url: string, statement: string): Promise<void> {
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A new database beside the one `url` names, on the same PostgreSQL server, for a bench, a check
 * or a test: empty (every migration runs on it, as on a new shop), or a copy of `template`.
 * `prefix` names its owner (shop_bench, shop_crash, shop_test_<pid>), so leftovers are traceable.
 */
export async function scratchDatabase(
  url: string,
  opts: { prefix: string; template?: string },
): Promise<ScratchDatabase> {
  const name = `${opts.prefix}_${randomBytes(4).toString('hex')}`;
  await onServer(url, `create database ${name}${opts.template ? ` template ${opts.template}` : ''}`);
  return {
    url: databaseUrl(url, name),
    name,
    drop: () => onServer(url, `drop database if exists ${name} with (force)`),
  };
}

/** A new empty database (every migration runs on it), opened as the shop's and dropped on close. */
export async function openScratchDatabase(url: string, prefix: string): Promise<Database> {
  const scratch = await scratchDatabase(url, { prefix });
  const database = await openDatabase({ url: scratch.url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
