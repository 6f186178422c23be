import { sql } from 'drizzle-orm';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { claimOutbox, LEASE_SECONDS } from '../../server/jobs/outbox-claim';
import { notificationSender, type Sender } from '../../server/jobs/outbox-notify';
import { freshDatabase } from '../support/db';
import { deliverNotifications, notificationRow, notifyRows } from './outbox-fixture';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

/** A grammY Api whose sends are captured and answered as sent; nothing reaches Telegram. */
function capture() {
  const calls: Record<string, unknown>[] = [];
  const api = new Api('42:TEST-lease-token');
  api.config.use(async (_prev, _method, payload) => {
    calls.push(payload as Record<string, unknown>);
    return { ok: true, result: { message_id: 1, date: 0, chat: { id: 1, type: 'private' } } } as never;
  });
  return { api: api as Sender, calls };
}

/** A run `seconds` later by the database's clock, instead of waiting that long. */
const runAfter = (api: Sender, seconds: number) =>
  deliverNotifications(database.db, api, { now: sql`now() + ${seconds}::int * interval '1 second'` });

describe("the outbox's lease: a process that dies mid-send leaves its rows to the others", () => {
  it('a claimed row is not offered again while its lease runs, and is sent once when it ends', async () => {
    const [me] = await database.db
      .insert(users)
      .values({ account: 'lease_1', lang: 'en-US', telegramId: 9_200_000_001 })
      .returning({ id: users.id });
    const [n] = await notifyRows(database.db, [
      {
        userId: me.id,
        kind: 'order',
        params: { sn: 'SN1', status: 2, from: 1 },
        refType: 'order',
        refId: '1',
      },
    ]);
    const { api, calls } = capture();
    // A process claims the row and dies before sending it.
    const claimed = await claimOutbox(database.db, [notificationSender(api, undefined)]);
    expect(claimed.map((c) => c.row.refId)).toEqual([n]);
    // Inside the lease (the chat's one-second gap passed): nobody else takes it.
    expect((await runAfter(api, 2)).sent).toBe(0);
    expect((await runAfter(api, LEASE_SECONDS - 2)).sent).toBe(0);
    expect(calls).toHaveLength(0);
    // The lease has run out: another process sends it, once.
    expect((await runAfter(api, LEASE_SECONDS + 2)).sent).toBe(1);
    expect((await runAfter(api, LEASE_SECONDS + 4)).sent).toBe(0);
    expect(calls.map((c) => c.chat_id)).toEqual([9_200_000_001]);
    const row = await notificationRow(database.db, n);
    // Both claims count as tries: the dead process's too.
    expect(row).toMatchObject({ delivery: 'sent', attempts: 2 });
  });
});
