import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { notifications, users } from '../../server/db/schema';
import { dueNotificationsQuery } from '../../server/jobs/outbox-claim';
import { freshDatabase } from '../support/db';
import { explainPlan } from '../support/explain';

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

const plan = (query: { getSQL(): SQL }) => explainPlan(database.db, query, { ordered: true });

describe('the outbox reads an index', () => {
  it('due unsent rows come from notifications_outbox_idx, oldest due first, without a sort', async () => {
    const text = await plan(dueNotificationsQuery(database.db, 30));
    expect(text).toMatch(/Index Scan using notifications_outbox_idx on notifications/);
    expect(text).not.toMatch(/Sort/);
    expect(text).toMatch(/LockRows/);
  });
});
