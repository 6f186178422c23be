import { expect } from 'vitest';
import type { Update } from 'grammy/types';
import { createBot } from '../../bot';
import { toLang } from '../../common/languages';
import type { Db } from '../../server/db/client';
import { translate } from '../../server/lib/i18n';
import { createDesk } from '../../server/modules/desk/desk';
import { deliverOnce, TokenBucket } from '../../server/jobs/outbox-sender';
import { deskOutbox } from '../../server/modules/desk/outbox-kind';
import { deskSender } from '../../server/modules/desk/send';
import { testBotInfo } from '../support/telegram';

/**
 * The desk's bot on a test shop: the real bot and desk service, every outgoing Bot API call
 * captured (Telegram's servers are the one thing replaced), updates fed as Telegram sends them.
 */
export const DESK_CHAT = -1_001_234_567_890;
export const ANNA: From = {
  id: 7_100_000_001,
  is_bot: false,
  first_name: 'Anna',
  username: 'anna_ops',
  language_code: 'en',
};
export const BORIS: From = { id: 7_100_000_002, is_bot: false, first_name: 'Boris', language_code: 'de' };
export const STRANGER: From = { id: 7_100_000_099, is_bot: false, first_name: 'Eve', language_code: 'en' };
interface From {
  id: number;
  is_bot: false;
  first_name: string;
  username?: string;
  language_code: string;
}

const botInfo = testBotInfo({ can_join_groups: true });

export interface Call {
  method: string;
  payload: Record<string, unknown>;
}

export function deskBot(db: Db, dataDir: string) {
  const calls: Call[] = [];
  /** Answers Telegram gives next, before the ordinary ones (a 429, an outage). */
  const failures: Record<string, unknown>[] = [];
  let messageId = 500;
  let updateId = 1;
  const desk = createDesk(db, {
    chatId: DESK_CHAT,
    operatorIds: [ANNA.id, BORIS.id],
    lang: 'en-US',
    secret: 'desk-test-secret',
  });
  const bot = createBot({
    token: '42:TEST-token-for-desk-tests-only',
    appUrl: 'https://shop.example/',
    botInfo,
    t: (code, key, params) => translate(toLang(code), key, params),
    desk,
  });
  bot.api.config.use(async (_prev, method, payload) => {
    calls.push({ method, payload: payload as Record<string, unknown> });
    const failure = failures.shift();
    if (failure) return failure as never;
    const p = payload as { chat_id?: number; text?: string; caption?: string };
    const result =
      method === 'sendMessage' || method === 'sendPhoto'
        ? {
            message_id: ++messageId,
            date: Math.floor(Date.now() / 1000),
            chat: { id: p.chat_id, type: 'supergroup', title: 'Desk' },
            from: botInfo,
            ...(p.text ? { text: p.text } : { caption: p.caption }),
          }
        : true;
    return { ok: true, result } as never;
  });
  const send = deskSender(bot.api, desk, dataDir);

  const press = (from: From, data: string, message: { message_id: number; text?: string }): Update => ({
    update_id: updateId++,
    callback_query: {
      id: `cb-${updateId}`,
      from,
      chat_instance: 'desk',
      data,
      message: {
        message_id: message.message_id,
        date: Math.floor(Date.now() / 1000),
        chat: { id: DESK_CHAT, type: 'supergroup', title: 'Desk' },
        from: botInfo,
        text: message.text ?? 'post',
      },
    },
  });
  const message = (from: From, text: string, replyTo?: number, chatId = DESK_CHAT): Update => ({
    update_id: updateId++,
    message: {
      message_id: ++messageId,
      date: Math.floor(Date.now() / 1000),
      chat:
        chatId === DESK_CHAT
          ? { id: DESK_CHAT, type: 'supergroup', title: 'Desk' }
          : { id: chatId, type: 'private', first_name: from.first_name },
      from,
      text,
      ...(text.startsWith('/')
        ? { entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0].length }] }
        : {}),
      ...(replyTo
        ? {
            reply_to_message: {
              message_id: replyTo,
              date: Math.floor(Date.now() / 1000),
              chat: { id: DESK_CHAT, type: 'supergroup', title: 'Desk' },
              from: botInfo,
              text: 'prompt',
            },
          }
        : {}),
    } as Update['message'],
  });

  return {
    bot,
    desk,
    calls,
    failures,
    deliver: async () => (await deliverOnce(db, [deskOutbox(send)], { bucket: new TokenBucket(1000) })).sent,
    press: (from: From, data: string, messageId: number) =>
      bot.handleUpdate(press(from, data, { message_id: messageId })),
    say: (from: From, text: string, replyTo?: number, chatId?: number) =>
      bot.handleUpdate(message(from, text, replyTo, chatId)),
    /** Calls made from `start` on. */
    since: (start: number) => calls.slice(start),
    /** The answers to pressed buttons from `start` on. */
    answers: (start: number) => calls.slice(start).filter((c) => c.method === 'answerCallbackQuery'),
    /** The posts edited from `start` on. */
    edits: (start: number) => calls.slice(start).filter((c) => c.method.startsWith('editMessage')),
  };
}

type Keyboard = { inline_keyboard: { text: string; callback_data: string }[][] };

/** The buttons of a sent post or edit: text and callback data. */
export const buttonsOf = (call: Call) =>
  ((call.payload.reply_markup as Keyboard | undefined)?.inline_keyboard ?? []).flat();

/** The callback data of the button labelled `label` (one there must be). */
export const buttonData = (call: Call, label: string) => {
  const button = buttonsOf(call).find((b) => b.text === label);
  expect(button, `a button "${label}" in ${JSON.stringify(buttonsOf(call))}`).toBeDefined();
  return button!.callback_data;
};
