import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ServiceListAnswer, ServiceMessage, ServicesAnswer } from '../../common/schemas/service';
import { outbox, supportMessages, supportThreads } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { answerFromChat } from '../../server/modules/service/operator-chat';
import { SERVICE_RATE } from '../../server/modules/service/routes';
import { createTestAppWithDataDir } from '../support/app';
import { useApp } from '../support/use-app';
import { newKey, send, uploadPicture } from './wallet-fixture';
import { capturedRelay, linkTelegram, OPERATOR_CHAT, OPERATOR_TG } from './service-fixture';

const t = useApp(() =>
  createTestAppWithDataDir('service', { OPERATOR_CHAT_ID: OPERATOR_CHAT, OPERATOR_IDS: [OPERATOR_TG] }),
);
let anna: { token: string; id: number };
let ben: { token: string; id: number };
let operator: { token: string; id: number };

beforeAll(async () => {
  anna = await t.register('anna_service');
  ben = await t.register('ben_service');
  operator = await t.register('desk_operator');
  await linkTelegram(t, operator.id, OPERATOR_TG);
});

const list = (token: string, query: Record<string, string> = {}) =>
  t.endpoint<ServiceListAnswer>('service.list', { token, query });
const say = (token: string, body: unknown, key?: string | null) =>
  t.endpoint<ServiceMessage>('service.send', { token, body, key });
const countRows = async (userId: number) => {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportMessages)
    .where(eq(supportMessages.userId, userId));
  return Number(row.n);
};

describe('customer service: the shopper writes to the shop', () => {
  it('a message joins the conversation, newest last; the other shopper sees none of it', async () => {
    const first = await say(anna.token, { text: '  Where is my parcel?  ' });
    expect(first.code).toBe(1);
    expect(first.data).toMatchObject({
      author: 'shopper',
      text: 'Where is my parcel?',
      picture: null,
      read: false,
    });
    const second = await say(anna.token, { text: 'Order T123' });
    const mine = await list(anna.token);
    expect(mine.data.list.map((m) => m.id)).toEqual([first.data.id, second.data.id]);
    expect(mine.data.hasOlder).toBe(false);
    const theirs = await list(ben.token);
    expect(theirs.data.list).toEqual([]);
  });

  it('without a session: 401, nothing written', async () => {
    const before = await countRows(anna.id);
    const res = await t.endpoint('service.send', { body: { text: 'hi' } });
    expect(res.code).toBe(401);
    expect((await list('')).code).toBe(401);
    expect(await countRows(anna.id)).toBe(before);
  });

  it('bad input is refused with its message and changes nothing', async () => {
    const before = await countRows(anna.id);
    const empty = await say(anna.token, { text: '   ' }, newKey());
    expect(empty.code).not.toBe(1);
    expect(empty.error).toBe('service.empty');
    const long = await say(anna.token, { text: 'x'.repeat(901) });
    expect(long.error).toBe('service.textTooLong');
    expect(long.msg).toBe(translate('en-US', 'service.textTooLong'));
    const wrongType = await say(anna.token, { text: 42 });
    expect(wrongType.error).toBe('service.textInvalid');
    const noKey = await say(anna.token, { text: 'hello' }, null);
    expect(noKey.error).toBe('errors.idempotencyKey');
    const foreign = await t.endpoint('service.send', {
      token: anna.token,
      body: { picture: '/uploads/../../etc/passwd' },
      lang: 'de-DE',
    });
    expect(foreign.error).toBe('service.pictureInvalid');
    expect(foreign.msg).toBe(translate('de-DE', 'service.pictureInvalid'));
    expect(await countRows(anna.id)).toBe(before);
  });

  it("a picture must be the writer's own unused upload", async () => {
    const bens = await uploadPicture(t, ben.token);
    const stolen = await say(anna.token, { picture: bens });
    expect(stolen.error).toBe('service.pictureInvalid');
    const own = await uploadPicture(t, anna.token);
    const sent = await say(anna.token, { text: 'The box was broken', picture: own });
    // Private to the conversation: shown by a signed link, never at a public address.
    const file = own.split('/').slice(-2).join('/');
    expect(sent.data.picture).toMatch(new RegExp(`^/api/user/evidence/${file}\\?expires=\\d+&sig=`));
    const get = async (url: string, token?: string) =>
      (await t.app.inject({ method: 'GET', url, headers: token ? { token } : {} })).statusCode;
    const bare = sent.data.picture!.split('?')[0];
    expect([
      await get(sent.data.picture!),
      await get(bare, anna.token),
      await get(bare, ben.token),
      await get(`/uploads/${file}`),
      await get(own),
    ]).toEqual([200, 200, 404, 404, 404]);
    const again = await say(anna.token, { picture: own });
    expect(again.error).toBe('service.pictureInvalid');
  });

  it('the same Idempotency-Key sends once', async () => {
    const key = newKey();
    const before = await countRows(ben.id);
    const [a, b] = await Promise.all([
      say(ben.token, { text: 'once' }, key),
      say(ben.token, { text: 'once' }, key),
    ]);
    expect(a.data.id).toBe(b.data.id);
    expect(await countRows(ben.id)).toBe(before + 1);
  });

  it('after_id answers only what came since (the screen polls with it)', async () => {
    const now = await list(ben.token);
    const last = now.data.list.at(-1)!.id;
    expect((await list(ben.token, { after_id: String(last) })).data.list).toEqual([]);
    const next = await say(ben.token, { text: 'anything new?' });
    const since = await list(ben.token, { after_id: String(last) });
    expect(since.data.list.map((m) => m.id)).toEqual([next.data.id]);
  });

  it('before_id pages back through older messages', async () => {
    const carl = await t.register('carl_service');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await say(carl.token, { text: `m${i}` })).data.id);
    const page = await list(carl.token, { limit: '2' });
    expect(page.data.list.map((m) => m.id)).toEqual(ids.slice(3));
    expect(page.data.hasOlder).toBe(true);
    const older = await list(carl.token, { limit: '2', before_id: String(ids[3]) });
    expect(older.data.list.map((m) => m.id)).toEqual(ids.slice(1, 3));
    const oldest = await list(carl.token, { limit: '2', before_id: String(ids[1]) });
    expect(oldest.data).toMatchObject({ hasOlder: false });
    expect(oldest.data.list.map((m) => m.id)).toEqual([ids[0]]);
  });

  it(`is rate-limited: ${SERVICE_RATE.perWindow} messages in 10 minutes`, async () => {
    const dora = await t.register('dora_service');
    for (let i = 0; i < SERVICE_RATE.perWindow; i++)
      expect((await say(dora.token, { text: `#${i}` })).code).toBe(1);
    const refused = await say(dora.token, { text: 'one more' });
    expect(refused.status).toBe(429);
    expect(refused.error).toBe('service.tooMany');
    expect(await countRows(dora.id)).toBe(SERVICE_RATE.perWindow);
  });
});

describe('customer service: operators', () => {
  it('non-operators are refused every operator call as "not found"', async () => {
    const threads = await t.endpoint('service.threads', { token: anna.token });
    expect(threads.error).toBe('service.notFound');
    const thread = await t.endpoint('service.thread', {
      token: anna.token,
      query: { user_id: String(ben.id) },
    });
    expect(thread.error).toBe('service.notFound');
    const before = await countRows(ben.id);
    const reply = await t.endpoint('service.reply', {
      token: anna.token,
      body: { user_id: ben.id, text: 'I am the shop' },
    });
    expect(reply.error).toBe('service.notFound');
    const read = await t.endpoint('service.read', {
      token: anna.token,
      body: { user_id: ben.id },
    });
    expect(read.error).toBe('service.notFound');
    expect(await countRows(ben.id)).toBe(before);
  });

  it('the list shows each conversation with its latest message and unread count, latest first', async () => {
    const res = await t.endpoint<ServicesAnswer>('service.threads', { token: operator.token });
    expect(res.code).toBe(1);
    const annaRow = res.data.list.find((c) => c.userId === anna.id)!;
    const annaMsgs = (await list(anna.token)).data.list;
    expect(annaRow.last.id).toBe(annaMsgs.at(-1)!.id);
    expect(annaRow.unread).toBe(annaMsgs.length);
    expect(annaRow.account).toBe('anna_service');
    const lastIds = res.data.list.map((c) => c.last.id);
    expect(lastIds).toEqual([...lastIds].sort((a, b) => b - a));
    expect(res.data.total).toBe(res.data.list.length);
  });

  it("an operator's reply reaches the shopper's list as unread; reading clears both sides' markers", async () => {
    const read = await send<{ unread: number }>(t, 'POST', '/api/user/service_read', {
      token: operator.token,
      body: { user_id: anna.id },
    });
    expect(read.data.unread).toBe(0);
    expect((await list(anna.token)).data.list.every((m) => m.read)).toBe(true);

    const reply = await t.endpoint<ServiceMessage>('service.reply', {
      token: operator.token,
      body: { user_id: anna.id, text: 'It ships tomorrow.' },
    });
    expect(reply.data).toMatchObject({ author: 'operator', text: 'It ships tomorrow.', read: false });
    const seen = await list(anna.token);
    expect(seen.data.unread).toBe(1);
    expect(seen.data.list.at(-1)).toMatchObject({ id: reply.data.id, author: 'operator' });
    const done = await send<{ unread: number }>(t, 'POST', '/api/user/service_read', {
      token: anna.token,
      body: {},
    });
    expect(done.data.unread).toBe(0);
    const operatorView = await t.endpoint<ServiceListAnswer>('service.thread', {
      token: operator.token,
      query: { user_id: String(anna.id) },
    });
    expect(operatorView.data.list.at(-1)).toMatchObject({ id: reply.data.id, read: true });
  });

  it('a reply to a shopper who does not exist is "not found"', async () => {
    const res = await t.endpoint('service.reply', {
      token: operator.token,
      body: { user_id: 999999, text: 'hello?' },
    });
    expect(res.error).toBe('service.notFound');
  });
});

describe('customer service: the relay to the operator chat', () => {
  it('forum chat: one topic per shopper, every message posted in it; answers go to the shopper with a button', async () => {
    // Everything written so far is carried over in one pass.
    const eve = await t.register('eve_service');
    await linkTelegram(t, eve.id, 7_000_000_777);
    const { calls, relay } = capturedRelay(t, { forum: true, dataDir: t.dataDir });
    while ((await relay()) > 0);
    calls.length = 0;
    await say(eve.token, { text: 'First question' });
    await say(eve.token, { text: 'Second question' });
    expect(await relay()).toBe(2);
    expect(calls.map((c) => c.method)).toEqual(['createForumTopic', 'sendMessage', 'sendMessage']);
    expect(calls[0].payload.name).toContain('eve_service');
    const [thread] = await t.database.db
      .select()
      .from(supportThreads)
      .where(eq(supportThreads.userId, eve.id));
    const topicId = thread.topicId!;
    expect(topicId).toBeGreaterThan(0);
    const posts = calls.filter((c) => c.method === 'sendMessage');
    for (const p of posts) {
      expect(p.payload.chat_id).toBe(OPERATOR_CHAT);
      expect(p.payload.message_thread_id).toBe(topicId);
    }
    expect(posts[0].payload.text).toContain('First question');
    expect(await relay()).toBe(0); // delivered once

    calls.length = 0;
    const stored = await answerFromChat(t.database.db, {
      operatorTgId: OPERATOR_TG,
      messageId: 5001,
      topicId,
      text: 'We are on it.',
    });
    expect(stored).toBe(true);
    const seen = await list(eve.token);
    expect(seen.data.list.at(-1)).toMatchObject({ author: 'operator', text: 'We are on it.' });
    expect(seen.data.unread).toBe(1);
    await relay();
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('sendMessage');
    expect(calls[0].payload.chat_id).toBe(7_000_000_777);
    expect(calls[0].payload.text).toBe(translate('en-US', 'bot.service.answer', { text: 'We are on it.' }));
    const button = (calls[0].payload.reply_markup as { inline_keyboard: { web_app: { url: string } }[][] })
      .inline_keyboard[0][0];
    expect(button.web_app.url).toBe('https://shop.example/service');
    // The same chat message again (a repeated update) is stored once.
    await answerFromChat(t.database.db, {
      operatorTgId: OPERATOR_TG,
      messageId: 5001,
      topicId,
      text: 'We are on it.',
    });
    expect((await list(eve.token)).data.list.filter((m) => m.text === 'We are on it.')).toHaveLength(1);
  });

  it('plain group: the first message names the shopper, later ones reply to it; a reply maps back', async () => {
    const finn = await t.register('finn_service');
    const { calls, relay } = capturedRelay(t, { forum: false, dataDir: t.dataDir });
    while ((await relay()) > 0);
    calls.length = 0;
    await say(finn.token, { text: 'Hello shop' });
    await say(finn.token, { text: 'Are you there?' });
    await relay();
    // Whether the chat is a forum is asked once per relay (getChat), before its first message.
    const sent = calls.filter((c) => c.method !== 'getChat');
    expect(sent.map((c) => c.method)).toEqual(['sendMessage', 'sendMessage']);
    const [first, second] = sent;
    expect(first.payload.text).toContain('finn_service');
    expect(first.payload.reply_parameters).toBeUndefined();
    const [thread] = await t.database.db
      .select()
      .from(supportThreads)
      .where(eq(supportThreads.userId, finn.id));
    const anchorId = thread.anchorMessageId;
    expect(anchorId).toBeGreaterThan(0);
    expect(second.payload.reply_parameters).toMatchObject({ message_id: anchorId });

    const stored = await answerFromChat(t.database.db, {
      operatorTgId: OPERATOR_TG,
      messageId: 6001,
      replyToMessageId: anchorId!,
      text: 'Yes, how can we help?',
    });
    expect(stored).toBe(true);
    expect((await list(finn.token)).data.list.at(-1)).toMatchObject({ author: 'operator' });
    // No Telegram account linked: the answer is read in the Mini App only, nothing is sent.
    calls.length = 0;
    await relay();
    expect(calls).toEqual([]);
    // A message replying to nothing of ours answers no one.
    expect(
      await answerFromChat(t.database.db, {
        operatorTgId: OPERATOR_TG,
        messageId: 6002,
        replyToMessageId: 1,
        text: 'x',
      }),
    ).toBe(false);
  });

  it('a shopper picture goes to the operator chat as a photo', async () => {
    const gina = await t.register('gina_service');
    const { calls, relay } = capturedRelay(t, { forum: false, dataDir: t.dataDir });
    while ((await relay()) > 0);
    calls.length = 0;
    const url = await uploadPicture(t, gina.token);
    await say(gina.token, { text: 'Look', picture: url });
    await relay();
    const photo = calls.find((c) => c.method === 'sendPhoto');
    expect(photo?.payload.caption).toContain('Look');
    expect(photo?.payload.chat_id).toBe(OPERATOR_CHAT);
  });

  it('a failed send is tried again later, not lost', async () => {
    const hugo = await t.register('hugo_service');
    const good = capturedRelay(t, { forum: false, dataDir: t.dataDir });
    while ((await good.relay()) > 0);
    const msg = await say(hugo.token, { text: 'retry me' });
    const broken = capturedRelay(t, { forum: false, dataDir: t.dataDir, failing: true });
    await broken.relay();
    expect(broken.calls.length).toBeGreaterThan(0);
    const [row] = await t.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.id, msg.data.id));
    expect(row.relayedAt).toBeNull();
    const [queued] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'relay'), eq(outbox.refId, row.id)));
    expect(queued.attempts).toBe(1);
    // Not due yet: the next pass leaves it alone.
    good.calls.length = 0;
    expect(await good.relay()).toBe(0);
    await t.database.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outbox.id, queued.id));
    expect(await good.relay()).toBe(1);
    expect(good.calls.some((c) => String(c.payload.text).includes('retry me'))).toBe(true);
  });
});
