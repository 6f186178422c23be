import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Message, Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceListAnswer } from '../../common/schemas/service';
import { supportMessages } from '../../server/db/schema';
import { serviceDesk } from '../../server/modules/service/desk';
import { createTestApp, type TestApp } from '../support/app';
import { capturedRelay, OPERATOR_CHAT, OPERATOR_TG } from '../server/service-fixture';
import { testBotInfo } from '../support/telegram';
import { capturingBot } from '../support/test-bot';

/**
 * The bot's side of customer service, on the real shop database: a shopper's message relayed into
 * the operator chat (forum topic, or threaded replies), an operator's answer there coming back to
 * the shopper's conversation, and strangers in the group ignored. Telegram's side is captured.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bot-service-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    DATA_DIR: dataDir,
    OPERATOR_CHAT_ID: OPERATOR_CHAT,
    OPERATOR_IDS: [OPERATOR_TG],
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The bot with the shop's customer-service desk, in a group it reads every message of. */
const deskBot = () =>
  capturingBot(
    {
      botInfo: testBotInfo({ can_join_groups: true, can_read_all_group_messages: true }),
      service: serviceDesk(t.database.db, t.app.config, async () => Buffer.alloc(0)),
    },
    true,
  );

let updateId = 1;
function groupMessage(from: number, text: string, extra: Partial<Message> = {}): Update {
  return {
    update_id: updateId++,
    message: {
      message_id: 9000 + updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: OPERATOR_CHAT, type: 'supergroup', title: 'Desk' },
      from: { id: from, is_bot: false, first_name: 'Op' },
      text,
      ...extra,
    } as never,
  };
}

const conversation = (token: string) =>
  t.endpoint<ServiceListAnswer>('service.list', { token }).then((r) => r.data.list);

async function shopperWith(account: string, text: string) {
  const shopper = await t.register(account);
  await t.endpoint('service.send', { token: shopper.token, body: { text } });
  return shopper;
}

describe('bot: customer service in a forum operator chat', () => {
  it("a shopper's message goes to their topic; an operator's message in it comes back", async () => {
    const shopper = await shopperWith('bot_forum_shopper', 'Is my order shipped?');
    const { calls: relayed, relay } = capturedRelay(t, { forum: true, dataDir });
    while ((await relay()) > 0);
    const topic = relayed.find((c) => c.method === 'createForumTopic');
    expect(topic?.payload.name).toContain('bot_forum_shopper');
    const post = relayed.find(
      (c) => c.method === 'sendMessage' && String(c.payload.text).includes('Is my order shipped?'),
    );
    const topicId = post?.payload.message_thread_id as number;
    expect(topicId).toBeGreaterThan(0);

    const { bot, calls } = deskBot();
    await bot.handleUpdate(
      groupMessage(OPERATOR_TG, 'Yes, yesterday.', { is_topic_message: true, message_thread_id: topicId }),
    );
    expect(calls.map((c) => c.method)).toEqual(['setMessageReaction']);
    expect((await conversation(shopper.token)).at(-1)).toMatchObject({
      author: 'operator',
      text: 'Yes, yesterday.',
    });
  });
});

describe('bot: customer service in a plain operator group', () => {
  it('a reply to the relayed message is the answer; a stranger’s reply is ignored', async () => {
    const shopper = await shopperWith('bot_group_shopper', 'Hello?');
    const { calls: relayed, relay } = capturedRelay(t, { forum: false, dataDir });
    while ((await relay()) > 0);
    const post = relayed.find((c) => c.method === 'sendMessage' && String(c.payload.text).includes('Hello?'));
    expect(post?.payload.chat_id).toBe(OPERATOR_CHAT);
    expect(post?.payload.text).toContain('bot_group_shopper');
    const [own] = await conversation(shopper.token);
    // The relayed message's id in the chat: the answer the fake Telegram gave, stored on the row.
    const [row] = await t.database.db.select().from(supportMessages).where(eq(supportMessages.id, own.id));
    const relayedId = row.chatMessageId!;
    const replyTo = {
      message_id: relayedId,
      date: 0,
      chat: { id: OPERATOR_CHAT, type: 'supergroup', title: 'Desk' },
    } as Message;

    const { bot, calls } = deskBot();
    await bot.handleUpdate(
      groupMessage(777_000_001, 'I am not the shop', { reply_to_message: replyTo } as never),
    );
    expect(calls).toEqual([]);
    expect(await conversation(shopper.token)).toHaveLength(1);

    await bot.handleUpdate(
      groupMessage(OPERATOR_TG, 'Hi, how can we help?', { reply_to_message: replyTo } as never),
    );
    expect(calls.map((c) => c.method)).toEqual(['setMessageReaction']);
    expect((await conversation(shopper.token)).at(-1)).toMatchObject({
      author: 'operator',
      text: 'Hi, how can we help?',
    });
  });

  it('an operator message that answers no conversation is left alone', async () => {
    const { bot, calls } = deskBot();
    await bot.handleUpdate(groupMessage(OPERATOR_TG, 'Team, lunch at noon'));
    expect(calls).toEqual([]);
  });
});
