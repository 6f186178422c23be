import { eq, inArray, sql } from 'drizzle-orm';
import { Api } from 'grammy';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { botChats, notifications, outbox, users } from '../../server/db/schema';
import { outboxSender, TokenBucket, type Clock } from '../../server/jobs/outbox-sender';
import { MAX_ATTEMPTS, type Sender } from '../../server/jobs/outbox-notify';
import { translate } from '../../server/lib/i18n';
import { notificationText } from '../../server/modules/notifications/texts';
import { freshDatabase } from '../support/db';
import { deliverNotifications, notificationRow, notifyRows, setQueued } from './outbox-fixture';

const APP = 'https://shop.example/';

let database: Database;
let nextTelegramId = 9_100_000_000;
let nextAccount = 0;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());
// Each test starts with an empty outbox: earlier tests' rows are settled out of its way.
beforeEach(async () => {
  await database.db
    .update(notifications)
    .set({ delivery: 'stale' })
    .where(sql`${notifications.sentAt} is null`);
  await database.db
    .update(outbox)
    .set({ sentAt: sql`now()` })
    .where(sql`${outbox.sentAt} is null`);
});

async function shopper(lang = 'en-US', telegram = true): Promise<{ id: number; chatId: number | null }> {
  const chatId = telegram ? nextTelegramId++ : null;
  const [row] = await database.db
    .insert(users)
    .values({ account: `outbox_${++nextAccount}`, lang, telegramId: chatId })
    .returning({ id: users.id });
  return { id: row.id, chatId };
}

type Row = typeof notifications.$inferInsert;
async function notify(userId: number, row: Partial<Row> = {}): Promise<number> {
  const [id] = await notifyRows(database.db, [
    {
      userId,
      kind: 'order',
      params: { sn: `SN${userId}`, status: 2, from: 1 },
      refType: 'order',
      refId: String(1000 + userId),
      ...row,
    },
  ]);
  return id;
}

const row = (id: number) => notificationRow(database.db, id);

type Answer =
  | { ok: true; result: unknown }
  | { ok: false; error_code: number; description: string; parameters?: { retry_after?: number } };

/**
 * A grammY Api whose calls are captured: each answer comes from `answer` (Telegram's JSON), the
 * default a sent message. Nothing reaches Telegram.
 */
function capture(
  answer: (call: number, payload: Record<string, unknown>) => Answer | Promise<Answer> = () => sent(),
) {
  const calls: { method: string; payload: Record<string, unknown> }[] = [];
  const api = new Api('42:TEST-outbox-token');
  api.config.use(async (_prev, method, payload) => {
    calls.push({ method, payload: payload as Record<string, unknown> });
    return (await answer(calls.length, payload as Record<string, unknown>)) as never;
  });
  return { api: api as Sender, calls };
}
const sent = (): Answer => ({
  ok: true,
  result: { message_id: 1, date: 0, chat: { id: 1, type: 'private' } },
});
const run = (sender: Sender) => deliverNotifications(database.db, sender, { appUrl: APP });
/** A run 1.1 s later by the database's clock, instead of waiting that long. */
const runLater = (sender: Sender) =>
  deliverNotifications(database.db, sender, {
    appUrl: APP,
    now: sql`now() + interval '1100 milliseconds'`,
  });
const pastDue = (ids: number[]) =>
  setQueued(database.db, ids, { nextAttemptAt: sql`now() - interval '1 second'` });
const forgetChats = (userIds: number[]) =>
  database.db.update(botChats).set({ lastSentAt: null }).where(inArray(botChats.userId, userIds));

type Keyboard = { inline_keyboard: { text: string; web_app?: { url: string } }[][] };

describe('the notification outbox', () => {
  it("sends each row once, to the shopper's chat, in the account's language, with its screen's button", async () => {
    const de = await shopper('de-DE');
    const ja = await shopper('ja-JP');
    const en = await shopper('en-US');
    const order = await notify(de.id);
    const topUp = await notify(ja.id, {
      kind: 'wallet.notify.rechargePassed',
      params: { amount: '12.50' },
      refType: 'recharge',
      refId: '77',
    });
    const track = await notify(en.id, { kind: 'track', params: { sn: 'SN-T', text: 'Hub Leipzig' } });
    const { api, calls } = capture();
    expect((await run(api)).sent).toBe(3);
    const byChat = new Map(calls.map((c) => [c.payload.chat_id, c.payload]));
    expect(calls.every((c) => c.method === 'sendMessage')).toBe(true);

    const toDe = byChat.get(de.chatId)!;
    expect(toDe.text).toBe(notificationText('de-DE', await row(order)));
    expect(toDe.text).toContain(`SN${de.id}`);
    const deButton = (toDe.reply_markup as Keyboard).inline_keyboard[0][0];
    expect(deButton.text).toBe(translate('de-DE', 'bot.view'));
    expect(deButton.web_app?.url).toBe(`https://shop.example/orderInfo/${1000 + de.id}`);

    const toJa = byChat.get(ja.chatId)!;
    expect(toJa.text).toBe(translate('ja-JP', 'wallet.notify.rechargePassed', { amount: '12.50' }));
    expect((toJa.reply_markup as Keyboard).inline_keyboard[0][0].web_app?.url).toBe(
      'https://shop.example/topUpRecord?id=77',
    );
    expect(byChat.get(en.chatId)!.text).toBe(notificationText('en-US', await row(track)));

    for (const id of [order, topUp, track])
      expect(await row(id)).toMatchObject({ delivery: 'sent', attempts: 1 });
    expect((await row(order)).sentAt).toBeInstanceOf(Date);
    // Nothing is sent twice, even when the rows' time comes round again.
    await pastDue([order, topUp, track]);
    expect((await run(api)).sent).toBe(0);
    expect(calls).toHaveLength(3);
  });

  it('a 429 waits its retry_after, then the message goes out once', async () => {
    const me = await shopper('ru-RU');
    const id = await notify(me.id);
    const { api, calls } = capture((n) =>
      n === 1
        ? {
            ok: false,
            error_code: 429,
            description: 'Too Many Requests: retry after 1',
            parameters: { retry_after: 1 },
          }
        : sent(),
    );
    expect(await run(api)).toEqual({ sent: 0, paused: true, handled: 1 });
    const waiting = await row(id);
    expect(waiting).toMatchObject({ sentAt: null, delivery: null, attempts: 0 });
    expect(waiting.lastError).toContain('429');
    // Not before Telegram's time.
    await forgetChats([me.id]);
    expect((await run(api)).sent).toBe(0);
    expect(calls).toHaveLength(1);
    await forgetChats([me.id]);
    expect((await runLater(api)).sent).toBe(1);
    expect(calls).toHaveLength(2);
    expect(calls[1].payload.text).toBe(notificationText('ru-RU', waiting));
    expect(await row(id)).toMatchObject({ delivery: 'sent', attempts: 1 });
  });

  it("a 403 marks the shopper's chat blocked: their other rows are never tried, others' still are", async () => {
    const blocker = await shopper('tr-TR');
    const fine = await shopper('en-US');
    const first = await notify(blocker.id);
    const { api, calls } = capture((_n, payload) =>
      payload.chat_id === blocker.chatId
        ? { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' }
        : sent(),
    );
    await run(api);
    expect(await row(first)).toMatchObject({ delivery: 'blocked', sentAt: null });
    const [chat] = await database.db.select().from(botChats).where(eq(botChats.userId, blocker.id));
    expect(chat.blockedAt).toBeInstanceOf(Date);

    const second = await notify(blocker.id);
    const theirs = await notify(fine.id);
    await forgetChats([blocker.id, fine.id]);
    expect((await run(api)).sent).toBe(1);
    expect(calls.map((c) => c.payload.chat_id)).toEqual([blocker.chatId, fine.chatId]);
    expect(await row(second)).toMatchObject({ delivery: 'blocked', attempts: 0 });
    expect(await row(theirs)).toMatchObject({ delivery: 'sent' });
  });

  it('two workers on one database never send one row twice', async () => {
    const people = await Promise.all(Array.from({ length: 40 }, () => shopper()));
    const ids: number[] = [];
    for (const p of people) ids.push(await notify(p.id));
    const slow = () =>
      capture(async () => {
        await new Promise((r) => setTimeout(r, 5));
        return sent();
      });
    const a = slow();
    const b = slow();
    // Each takes small batches until a run finds nothing: both race for the same rows throughout.
    const worker = async (api: Sender) => {
      let total = 0;
      for (;;) {
        const { sent: n } = await deliverNotifications(database.db, api, { appUrl: APP, batch: 4 });
        if (n === 0) return total;
        total += n;
      }
    };
    const [sentA, sentB] = await Promise.all([worker(a.api), worker(b.api)]);
    expect(sentA).toBeGreaterThan(0);
    expect(sentB).toBeGreaterThan(0);
    const chats = [...a.calls, ...b.calls].map((c) => c.payload.chat_id);
    expect(sentA + sentB).toBe(ids.length);
    expect(new Set(chats).size).toBe(ids.length);
    expect(chats.sort()).toEqual(people.map((p) => p.chatId).sort());
    const rows = await Promise.all(ids.map(row));
    expect(rows.every((r) => r.delivery === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('one message a second per chat: a second row of the same chat waits', async () => {
    const me = await shopper();
    const ids = [await notify(me.id), await notify(me.id), await notify(me.id)];
    const { api, calls } = capture();
    expect((await run(api)).sent).toBe(1);
    expect((await run(api)).sent).toBe(0);
    expect((await runLater(api)).sent).toBe(1);
    expect(calls).toHaveLength(2);
    const rows = await database.db.select().from(notifications).where(inArray(notifications.id, ids));
    expect(rows.filter((r) => r.delivery === 'sent')).toHaveLength(2);
  });

  it('while Telegram cannot be reached the rows wait, without using up their tries, and go out later', async () => {
    const me = await shopper('ko-KR');
    const id = await notify(me.id);
    const unreachable = outboxSender({
      BOT_TOKEN: '42:TEST-outbox-token',
      TELEGRAM_API_ROOT: 'http://127.0.0.1:9',
      TELEGRAM_TEST_ENV: false,
    });
    expect(await run(unreachable)).toEqual({ sent: 0, paused: true, handled: 1 });
    const waiting = await row(id);
    expect(waiting).toMatchObject({ sentAt: null, delivery: null, attempts: 0 });
    expect(waiting.lastError).toBeTruthy();
    expect(waiting.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    // Later, with Telegram back:
    await pastDue([id]);
    await forgetChats([me.id]);
    const { api, calls } = capture();
    expect((await run(api)).sent).toBe(1);
    expect(calls[0].payload.chat_id).toBe(me.chatId);
  });

  it('a 5xx is tried again with a growing pause, and given up after the last try', async () => {
    const me = await shopper();
    const id = await notify(me.id);
    const { api } = capture(() => ({ ok: false, error_code: 502, description: 'Bad Gateway' }));
    await run(api);
    const once = await row(id);
    expect(once).toMatchObject({ delivery: null, attempts: 1 });
    const pauseMs = once.nextAttemptAt!.getTime() - Date.now();
    expect(pauseMs).toBeGreaterThan(2000);
    await setQueued(database.db, [id], { attempts: MAX_ATTEMPTS - 1 });
    await pastDue([id]);
    await forgetChats([me.id]);
    await run(api);
    expect(await row(id)).toMatchObject({ delivery: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('settles what is never sent: no Telegram chat, a kind switched off, rows already told', async () => {
    const browserOnly = await shopper('en-US', false);
    const quiet = await shopper('de-DE');
    const noChat = await notify(browserOnly.id);
    await database.db.insert(botChats).values({ userId: quiet.id, notifyWallet: false });
    const off = await notify(quiet.id, {
      kind: 'wallet.notify.withdrawPassed',
      params: { amount: '5.00' },
      refType: 'withdrawal',
      refId: '3',
    });
    const refund = await notify(quiet.id, { params: { sn: 'SN-R', status: -2, from: -4 } });
    const told = await notify(quiet.id, { kind: 'wallet.notify.cardCredited', sentAt: new Date() });
    const { api, calls } = capture();
    await run(api);
    expect(await row(noChat)).toMatchObject({ delivery: 'noChat', sentAt: null });
    expect(await row(off)).toMatchObject({ delivery: 'off', sentAt: null });
    expect(await row(told)).toMatchObject({ delivery: null, attempts: 0 });
    // Refunds are still on for this shopper.
    expect(await row(refund)).toMatchObject({ delivery: 'sent' });
    expect(calls).toHaveLength(1);
    expect(calls[0].payload.text).toBe(translate('de-DE', 'notify.order.-2', { sn: 'SN-R' }));
  });

  it('the token bucket keeps a process under its rate', async () => {
    // A clock that moves when the bucket waits: no real time passes.
    let now = 0;
    const clock: Clock = { now: () => now, sleep: async (ms) => void (now += ms) };
    const bucket = new TokenBucket(10, clock);
    for (let i = 0; i < 15; i++) await bucket.take();
    // 10 at once, then 5 more at 10 a second.
    expect(now).toBeGreaterThanOrEqual(450);
    expect(now).toBeLessThan(600);
  });
});
