import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../server/db/client';
import { freshDatabase } from '../support/db';

/**
 * The database handle (server/db/client.ts). On PostgreSQL every query with parameters runs as a
 * named prepared statement, once per SQL text on a connection: postgres-js would otherwise describe
 * each one in a round trip of its own before running it, and PostgreSQL parse it every time.
 * (PGlite has no connection to keep statements on: there the same queries answer the same.)
 */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const preparedLike = (text: string) =>
  sql`select count(*)::int as n from pg_prepared_statements where statement = ${text}`;

it('runs a query with parameters as one prepared statement, reused on the next call', async () => {
  const answers = await database.db.transaction(async (tx) => {
    // In a transaction: every statement on the one connection, whose prepared statements we read.
    const first = rowsOf<{ sum: number }>(await tx.execute(sql`select ${2}::int + ${3}::int as sum`));
    const second = rowsOf<{ sum: number }>(await tx.execute(sql`select ${2}::int + ${3}::int as sum`));
    const seen =
      database.kind === 'postgres'
        ? rowsOf<{ n: number }>(await tx.execute(preparedLike('select $1::int + $2::int as sum')))[0].n
        : null;
    return { first, second, seen };
  });
  expect(answers.first).toEqual([{ sum: 5 }]);
  expect(answers.second).toEqual([{ sum: 5 }]);
  if (database.kind === 'postgres') expect(answers.seen).toBe(1);
  else expect(answers.seen).toBeNull();
});
