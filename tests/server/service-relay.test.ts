import { and, eq, sql } from 'drizzle-orm';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { outbox, supportMessages, users } from '../../server/db/schema';
import { deliverOnce, TokenBucket, type OutboxOptions } from '../../server/jobs/outbox-sender';
import { addMessage } from '../../server/modules/service/messages';
import { relayOutbox } from '../../server/modules/service/relay';
import { freshDatabase } from '../support/db';

/** The relay's own rules in the one outbox: what waits without an operator chat, what is given up. */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

type Answer = { ok: true; result: unknown } | { ok: false; error_code: number; description: string };

/** A relay whose Bot API calls are captured and answered by `answer` (a sent message by default). */
function relay(chatId: number | undefined, answer: () => Answer = () => sentAnswer()) {
  const calls: { method: string; payload: Record<string, unknown> }[] = [];
  const api = new Api('42:TEST-relay-rules');
  api.config.use(async (_prev, method, payload) => {
    calls.push({ method, payload: payload as Record<string, unknown> });
    return answer() as never;
  });
  const kind = relayOutbox(database.db, api, { chatId, appUrl: undefined, dataDir: '/nowhere' });
  const run = (opts: OutboxOptions = {}) =>
    deliverOnce(database.db, [kind], { bucket: new TokenBucket(1000), ...opts });
  return { calls, run };
}
const sentAnswer = (): Answer => ({
  ok: true,
  result: { message_id: 1, date: 0, chat: { id: 1, type: 'private' } },
});

let nextShopper = 0;
async function shopper(): Promise<{ id: number; telegramId: number }> {
  const telegramId = 9_400_000_000 + ++nextShopper;
  const [u] = await database.db
    .insert(users)
    .values({ account: `relay_${nextShopper}`, telegramId })
    .returning({ id: users.id });
  return { id: u.id, telegramId };
}
const write = (userId: number, author: 'shopper' | 'operator', text: string) =>
  database.db.transaction((tx) => addMessage(tx, { userId, author, text }));
const state = async (id: number) => {
  const [row] = await database.db
    .select({ relayedAt: supportMessages.relayedAt, queued: outbox })
    .from(supportMessages)
    .innerJoin(outbox, and(eq(outbox.kind, 'relay'), eq(outbox.refId, supportMessages.id)))
    .where(eq(supportMessages.id, id));
  return row;
};

describe('the relay in the one outbox', () => {
  it("without an operator chat a shopper's message waits and an answer still goes to the shopper", async () => {
    const me = await shopper();
    const question = await write(me.id, 'shopper', 'anyone there?');
    const answer = await write(me.id, 'operator', 'yes');
    const { calls, run } = relay(undefined);
    expect(await run()).toEqual({ sent: 1, paused: false, handled: 1 });
    expect(calls.map((c) => c.payload.chat_id)).toEqual([me.telegramId]);
    expect((await state(answer.id)).relayedAt).toBeInstanceOf(Date);
    const waiting = await state(question.id);
    expect(waiting.relayedAt).toBeNull();
    expect(waiting.queued).toMatchObject({ sentAt: null, attempts: 0 });
    // Held, not tried: a run half a minute on by the database's clock still leaves it.
    expect(await run({ now: sql`now() + interval '30 seconds'` })).toMatchObject({ handled: 0 });
    expect(calls).toHaveLength(1);
  });

  it('a message Telegram refuses is given up at once and stays in the Mini App', async () => {
    const me = await shopper();
    const answer = await write(me.id, 'operator', 'your parcel left');
    const { calls, run } = relay(-1001, () => ({
      ok: false,
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    }));
    expect(await run()).toEqual({ sent: 0, paused: false, handled: 1 });
    expect(calls).toHaveLength(1);
    const done = await state(answer.id);
    expect(done.relayedAt).toBeInstanceOf(Date);
    expect(done.queued.sentAt).toBeInstanceOf(Date);
    expect(done.queued.lastError).toContain('403');
  });

  it('a 5xx is tried again, and given up after the eighth try', async () => {
    const me = await shopper();
    const answer = await write(me.id, 'operator', 'try me');
    const { run } = relay(-1001, () => ({ ok: false, error_code: 502, description: 'Bad Gateway' }));
    await run();
    const once = await state(answer.id);
    expect(once.relayedAt).toBeNull();
    expect(once.queued.attempts).toBe(1);
    // 30 s after the first failed try.
    expect(once.queued.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(20_000);
    await database.db
      .update(outbox)
      .set({ attempts: 7, nextAttemptAt: sql`now()` })
      .where(eq(outbox.id, once.queued.id));
    await run();
    const last = await state(answer.id);
    expect(last.relayedAt).toBeInstanceOf(Date);
    expect(last.queued).toMatchObject({ attempts: 8 });
    expect(last.queued.sentAt).toBeInstanceOf(Date);
  });
});
