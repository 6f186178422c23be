import { and, eq, isNull } from 'drizzle-orm';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { outbox, supportMessages, users } from '../../server/db/schema';
import { claimOutbox } from '../../server/jobs/outbox-claim';
import { notificationSender } from '../../server/jobs/outbox-notify';
import { postToDesk } from '../../server/lib/desk-posts';
import { enqueue, type OutboxKindSender } from '../../server/lib/outbox';
import { deskOutbox } from '../../server/modules/desk/outbox-kind';
import { relayOutbox } from '../../server/modules/service/relay';
import { freshDatabase } from '../support/db';
import { notifyRows } from './outbox-fixture';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

/** Every kind the outbox carries; claims only, so nothing is ever sent. */
function senders(): OutboxKindSender[] {
  const api = new Api('42:TEST-claim-token');
  api.config.use(async () => {
    throw new Error('a claim sends nothing');
  });
  return [
    notificationSender(api, undefined),
    deskOutbox(async () => null),
    relayOutbox(database.db, api, { chatId: -1001, appUrl: undefined, dataDir: '/nowhere' }),
  ];
}

describe('the one claim', () => {
  it('two claimers racing over notifications, desk posts and service messages never take one row twice', async () => {
    const people = await database.db
      .insert(users)
      .values(
        Array.from({ length: 30 }, (_, i) => ({ account: `claim_${i}`, telegramId: 9_300_000_000 + i })),
      )
      .returning({ id: users.id });
    await notifyRows(
      database.db,
      people.map((p) => ({ userId: p.id, kind: 'order', params: { sn: `SN${p.id}`, status: 2, from: 1 } })),
    );
    await postToDesk(
      database.db,
      'order',
      people.map((p) => p.id),
    );
    const messages = await database.db
      .insert(supportMessages)
      .values(people.map((p) => ({ userId: p.id, author: 'shopper' as const, text: 'hello' })))
      .returning({ id: supportMessages.id });
    await enqueue(
      database.db,
      'relay',
      messages.map((m) => m.id),
    );
    const queued = await database.db.select({ id: outbox.id }).from(outbox).where(isNull(outbox.sentAt));
    expect(queued).toHaveLength(90);

    const kinds = senders();
    const claimer = async () => {
      const taken: number[] = [];
      for (;;) {
        const jobs = await claimOutbox(database.db, kinds, 7);
        if (jobs.length === 0) return taken;
        taken.push(...jobs.map((j) => j.row.id));
      }
    };
    const [a, b] = await Promise.all([claimer(), claimer()]);
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    const all = [...a, ...b];
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort((x, y) => x - y)).toEqual(queued.map((q) => q.id).sort((x, y) => x - y));
    // Each claimed once: one try each, leased, none marked sent.
    const rows = await database.db.select().from(outbox);
    expect(rows.every((r) => r.attempts === 1 && r.sentAt === null)).toBe(true);
    const kindsTaken = new Set(rows.map((r) => r.kind));
    expect([...kindsTaken].sort()).toEqual(['desk', 'notification', 'relay']);
    const [still] = await database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNull(outbox.sentAt), eq(outbox.attempts, 0)));
    expect(still).toBeUndefined();
  });
});
