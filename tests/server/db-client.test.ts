import { PGlite, type Results } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { rowsOf, together, type Database } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { preparedStatements } from '../../server/db/pglite-statements';
import { DEFAULT_DATABASE_POOL } from '../../server/db/pool';
import { freshDatabase } from '../support/db';

/**
 * The database handle (server/db/client.ts). Every query with parameters runs as a named prepared
 * statement, once per SQL text on a connection: on PostgreSQL postgres-js would otherwise describe
 * each one in a round trip of its own before running it, and PostgreSQL parse it every time; on
 * PGlite a query would be six calls into the database, parsing it every time.
 */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

it('runs a query with parameters as one prepared statement, reused on the next call', async () => {
  const answers = await database.db.transaction(async (tx) => {
    // In a transaction: every statement on the one connection, whose prepared statements we read.
    const first = rowsOf<{ sum: number }>(await tx.execute(sql`select ${2}::int + ${3}::int as sum`));
    const second = rowsOf<{ sum: number }>(await tx.execute(sql`select ${2}::int + ${3}::int as sum`));
    const [seen] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from pg_prepared_statements
        where statement = ${'select $1::int + $2::int as sum'}`),
    );
    return { first, second, seen: Number(seen.n) };
  });
  expect(answers.first).toEqual([{ sum: 5 }]);
  expect(answers.second).toEqual([{ sum: 5 }]);
  expect(answers.seen).toBe(1);
});

it("sends a transaction's BEGIN with its first statements, in one write to PostgreSQL", async () => {
  const run = () =>
    database.db.transaction(async (tx) => {
      await together([tx.execute(sql`select ${1}::int as a`), tx.execute(sql`select ${2}::int as b`)]);
      await tx.execute(sql`select ${3}::int as c`);
    });
  await run(); // the statements prepared
  const write = net.Socket.prototype.write;
  let writes = 0;
  net.Socket.prototype.write = function (this: net.Socket, ...args: unknown[]) {
    // Writes to a network peer only (the database): not to a pipe such as the worker's stdout.
    if (typeof this.remotePort === 'number') writes++;
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as typeof write;
  try {
    await run();
  } finally {
    net.Socket.prototype.write = write;
  }
  // BEGIN with a and b, then c, then COMMIT (PGlite has no socket).
  expect(writes).toBe(database.kind === 'postgres' ? 3 : 0);
});

it('rolls back a transaction one of whose statements failed, even when the failure was caught', async () => {
  const attempt = database.db.transaction(async (tx) => {
    await tx.insert(users).values({ account: 'rolled-back' });
    await tx.execute(sql`select 1 / ${0}::int`).catch(() => undefined);
  });
  await expect(attempt).rejects.toThrow();
  expect(await database.db.select().from(users)).toEqual([]);
});

it('rolls a nested transaction back to its savepoint and keeps the rest', async () => {
  await database.db.transaction(async (tx) => {
    await tx.insert(users).values({ account: 'kept' });
    await tx
      .transaction(async (inner) => {
        await inner.insert(users).values({ account: 'undone' });
        throw new Error('undo the inner part');
      })
      .catch(() => undefined);
    await tx.insert(users).values({ account: 'kept too' });
  });
  const accounts = (await database.db.select({ account: users.account }).from(users)).map((u) => u.account);
  expect(accounts.sort()).toEqual(['kept', 'kept too']);
});

it('keeps at most DATABASE_POOL connections to PostgreSQL (PGlite has one)', async () => {
  const answers = await Promise.all(
    Array.from({ length: 3 * DEFAULT_DATABASE_POOL }, () =>
      database.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(${0.02})`),
    ),
  );
  const pids = new Set(answers.flatMap((a) => rowsOf<{ pid: number }>(a).map((r) => Number(r.pid))));
  if (database.kind === 'postgres') expect(pids.size).toBe(DEFAULT_DATABASE_POOL);
  else expect(pids.size).toBe(1);
});

describe('PGlite with prepared statements', () => {
  let raw: PGlite;
  let prepared: PGlite;
  beforeAll(async () => {
    raw = new PGlite();
    await raw.exec(`create table t (id serial primary key, n bigint, price numeric(10, 2), tags text[],
      data jsonb, seen timestamptz, ok boolean, note text)`);
    prepared = preparedStatements(raw);
  });
  afterAll(() => raw.close());

  /** What PGlite itself answers, with no prepared statements. */
  const plain = (text: string, params: unknown[], options?: Parameters<PGlite['query']>[2]) =>
    raw.query(text, params, options);

  const cases: [string, string, unknown[]][] = [
    [
      'an insert returning every type',
      'insert into t (n, price, tags, data, seen, ok, note) values ($1, $2, $3, $4, $5, $6, $7) returning *',
      [
        9007199254740993n,
        '12.50',
        ['a', 'b "c"'],
        { x: [1, 'ü'] },
        new Date('2026-11-29T05:00:00Z'),
        true,
        null,
      ],
    ],
    ['a select of rows', 'select * from t where ok = $1 order by id', [true]],
    ['an update counting rows', 'update t set note = $1 where id > $2', ['ß', 0]],
    ['a statement answering no rows', 'delete from t where id = $1', [-1]],
  ];

  it.each(cases)('answers %s as PGlite does', async (_what, text, params) => {
    if (text.startsWith('insert')) {
      // Inserted twice, once by each: compare the second's rows without the id.
      const mine = await prepared.query<Record<string, unknown>>(text, params);
      const theirs = await plain(text, params);
      const withoutId = (r: Results<Record<string, unknown>>) => ({
        ...r,
        rows: r.rows.map(({ id: _id, ...rest }) => rest),
      });
      expect(withoutId(mine)).toEqual(withoutId(theirs as Results<Record<string, unknown>>));
      return;
    }
    expect(await prepared.query(text, params)).toEqual(await plain(text, params));
    // The second run uses the kept statement and answers the same.
    expect(await prepared.query(text, params, { rowMode: 'array' })).toEqual(
      await plain(text, params, { rowMode: 'array' }),
    );
  });

  it('throws the database error PGlite throws, with the query, and keeps working', async () => {
    const text = 'insert into t (id) values ($1)';
    await prepared.query(text, [1000]);
    const error = await prepared.query(text, [1000]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: text, params: [1000] });
    const bad = await prepared
      .query('select nothing from nowhere where x = $1', [1])
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: '42P01' });
    expect((await prepared.query<{ n: number }>('select $1::int as n', [7])).rows).toEqual([{ n: 7 }]);
  });

  it('rolls a failed transaction back and commits a good one', async () => {
    await expect(
      prepared.transaction(async (tx) => {
        await tx.query('insert into t (id, note) values ($1, $2)', [2000, 'gone']);
        await tx.query('insert into t (id) values ($1)', [2000]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await prepared.transaction(async (tx) => {
      await tx.query('insert into t (id, note) values ($1, $2)', [2001, 'kept']);
    });
    const { rows } = await prepared.query<{ note: string }>(
      'select note from t where id in ($1, $2) order by id',
      [2000, 2001],
    );
    expect(rows).toEqual([{ note: 'kept' }]);
  });

  it('prepares its statements again after DISCARD ALL', async () => {
    const text = 'select $1::text as word';
    expect((await prepared.query(text, ['one'])).rows).toEqual([{ word: 'one' }]);
    await prepared.exec('discard all');
    expect((await prepared.query(text, ['two'])).rows).toEqual([{ word: 'two' }]);
    const { rows } = await prepared.query<{ n: number }>(
      'select count(*)::int as n from pg_prepared_statements where statement = $1',
      [text],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
