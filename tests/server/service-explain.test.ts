import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { supportMessages, supportThreads } from '../../server/db/schema';
import { conversationQuery } from '../../server/modules/service/messages';
import { threadPageQuery } from '../../server/modules/service/threads';
import { explainPlan } from '../support/explain';
import { useTestApp } from '../support/use-app';

/**
 * The customer-service lists are served by their indexes: a conversation by
 * support_messages_user_idx (both ways: polling after an id, paging back before one), the
 * operators' list by support_threads_last_idx, with sequential scans and sorts made unattractive.
 */
const t = useTestApp();
let userId: number;
beforeAll(async () => {
  const { db } = t.database;
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) ids.push((await t.register(`explain_service_${i}`)).id);
  for (const id of ids) {
    let last = 0;
    for (let n = 0; n < 10; n++) {
      const [row] = await db
        .insert(supportMessages)
        .values({ userId: id, author: n % 2 ? 'operator' : 'shopper', text: `m${n}` })
        .returning({ id: supportMessages.id });
      last = row.id;
    }
    await db.insert(supportThreads).values({ userId: id, lastMessageId: last });
  }
  userId = ids[1];
  await db.execute(sql`analyze`);
});

const plan = (query: { getSQL(): SQL }) => explainPlan(t.database.db, query, { ordered: true });

describe('customer service lists use their indexes', () => {
  it('a conversation: the newest page, an older page and the poll after an id', async () => {
    for (const cursor of [{}, { before_id: 1_000_000 }, { after_id: 3 }]) {
      const p = await plan(conversationQuery(t.database.db, userId, { limit: 30, ...cursor }));
      expect(p).toMatch(
        /Index (Only )?Scan( Backward)? using support_messages_(user_idx|pkey) on support_messages/,
      );
      expect(p).toMatch(/support_messages_user_idx/);
      expect(p).not.toMatch(/Sort|Seq Scan/);
    }
  });

  it("the operators' list of conversations, latest first", async () => {
    const p = await plan(threadPageQuery(t.database.db, { page: 1, limit: 20 }));
    expect(p).toMatch(/Index Scan Backward using support_threads_last_idx on support_threads/);
    expect(p).not.toMatch(/Sort|Seq Scan/);
  });
});
