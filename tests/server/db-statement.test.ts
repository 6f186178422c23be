import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { together, type Database } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { arrayParam, sqlStatement, statement } from '../../server/db/statement';
import { freshDatabase } from '../support/db';

/**
 * Statements built once (server/db/statement.ts): the text is built on the first run, every run
 * fills in its own values, and a run inside a transaction is part of that transaction.
 */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  await database.db.insert(users).values([
    { id: 901, account: 'statement-a', balance: 100 },
    { id: 902, account: 'statement-b', balance: 200 },
  ]);
});
afterAll(() => database.close());

let builds = 0;
const balanceOf = statement<{ id: number }, { balance: number }[]>((db) => {
  builds++;
  return db
    .select({ balance: users.balance })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')));
});

const credit = sqlStatement<
  { ids: string; cents: number },
  { id: number | string; balance: number | string }
>(
  () => sql`update ${users} set balance = balance + ${sql.placeholder('cents')}::int
    where id = any(${sql.placeholder('ids')}::bigint[]) returning id, balance`,
);

describe('a statement built once', () => {
  it('is built on its first run only, and each run answers for its own values', async () => {
    const before = builds;
    const answers = [];
    for (const id of [901, 902, 901, 903]) answers.push(await balanceOf(database.db, { id }));
    expect(answers).toEqual([[{ balance: 100 }], [{ balance: 200 }], [{ balance: 100 }], []]);
    expect(builds - before).toBe(1);
  });

  it('runs in the transaction it is given: rolled back with it, seen inside it', async () => {
    // Built outside the transaction first: the prepared query then belongs to another connection.
    await credit(database.db, { ids: arrayParam([]), cents: 0 });
    const inside = await database.db
      .transaction(async (tx) => {
        const moved = await credit(tx, { ids: arrayParam([901, 902]), cents: 5 });
        // Read on the transaction's connection: the change is visible there...
        const seen = await together([balanceOf(tx, { id: 901 }), balanceOf(tx, { id: 902 })]);
        tx.rollback();
        return { moved, seen };
      })
      .catch((error: unknown) => error);
    expect(inside).toBeInstanceOf(Error);
    // ...and gone with the transaction: had the statement run on another connection, it would stay.
    expect(await balanceOf(database.db, { id: 901 })).toEqual([{ balance: 100 }]);
    expect(await balanceOf(database.db, { id: 902 })).toEqual([{ balance: 200 }]);
  });

  it('answers the rows of a statement written in SQL, for a list given as one array', async () => {
    const inTx = await database.db.transaction(async (tx) => {
      const rows = await credit(tx, { ids: arrayParam([902]), cents: 7 });
      const none = await credit(tx, { ids: arrayParam([]), cents: 7 });
      return { rows, none, seen: await balanceOf(tx, { id: 902 }) };
    });
    expect(inTx.rows.map((r) => [Number(r.id), Number(r.balance)])).toEqual([[902, 207]]);
    expect(inTx.none).toEqual([]);
    expect(inTx.seen).toEqual([{ balance: 207 }]);
    expect(await balanceOf(database.db, { id: 902 })).toEqual([{ balance: 207 }]);
  });
});
