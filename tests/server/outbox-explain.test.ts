import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { outbox } from '../../server/db/schema';
import { dueOutboxQuery } from '../../server/jobs/outbox-claim';
import { freshDatabase } from '../support/db';
import { expectIndexOrder, explainPlan } from '../support/explain';

/** The outbox's claim, built by its own query builder, explained: an index finds the due rows in order. */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  const kinds = ['notification', 'desk', 'relay'] as const;
  await database.db.insert(outbox).values(
    Array.from({ length: 40 }, (_, i) => ({
      kind: kinds[i % 3],
      refId: i + 1,
      sentAt: i % 2 ? new Date() : null,
    })),
  );
  await database.db.execute(sql`analyze`);
});
afterAll(() => database.close());

const plan = (query: { getSQL(): SQL }) => explainPlan(database.db, query, { ordered: true });

describe('the outbox reads an index', () => {
  it('due unsent rows come from outbox_due_idx, oldest due first, without a sort', async () => {
    const text = await plan(dueOutboxQuery(database.db, ['notification', 'desk', 'relay'], 90));
    expectIndexOrder(text, 'outbox_due_idx', 'outbox');
    expect(text).toMatch(/LockRows/);
  });
});
