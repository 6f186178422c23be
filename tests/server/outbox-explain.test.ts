import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { notifications, users } from '../../server/db/schema';
import { dueNotificationsQuery } from '../../server/jobs/outbox-claim';
import { freshDatabase } from '../support/db';

/** The outbox's claim, built by its own query builder, explained: an index finds the due rows in order. */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  const [u] = await database.db
    .insert(users)
    .values({ account: 'explain_outbox' })
    .returning({ id: users.id });
  await database.db.insert(notifications).values(
    Array.from({ length: 40 }, (_, i) => ({
      userId: u.id,
      kind: 'order',
      params: { sn: `SN${i}`, status: 1 },
      sentAt: i % 2 ? new Date() : null,
    })),
  );
  await database.db.execute(sql`analyze`);
});
afterAll(() => database.close());

async function plan(query: { getSQL(): SQL }): Promise<string> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    // A bitmap scan of the same index is as good an answer; the planner picks either by the
    // statistics of the moment (auto-analyze may run during the file), so a plain index scan it is.
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    const result = await tx.execute(sql`explain (costs off) ${query.getSQL()}`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
      string,
      string
    >[];
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe('the outbox reads an index', () => {
  it('due unsent rows come from notifications_outbox_idx, oldest due first, without a sort', async () => {
    const text = await plan(dueNotificationsQuery(database.db, 30));
    expect(text).toMatch(/Index Scan using notifications_outbox_idx on notifications/);
    expect(text).not.toMatch(/Sort/);
    expect(text).toMatch(/LockRows/);
  });
});
