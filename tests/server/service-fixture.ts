import { eq } from 'drizzle-orm';
import { Api } from 'grammy';
import { users } from '../../server/db/schema';
import { deliverOnce, TokenBucket } from '../../server/jobs/outbox-sender';
import { relayOutbox } from '../../server/modules/service/relay';
import type { TestApp } from '../support/app';

/** The operator chat and the operator of these suites. */
export const OPERATOR_CHAT = -1001234567890;
export const OPERATOR_TG = 555_000_111;

export interface CapturedCall {
  method: string;
  payload: Record<string, unknown>;
}

/**
 * The relay with Telegram's side captured: every Bot API call is recorded and answered like
 * Telegram would (getChat says whether the chat is a forum; sent messages get rising ids).
 */
// Message ids are per chat in Telegram: one counter for every relay of a suite, as for one chat.
let nextMessageId = 1000;

export function capturedRelay(
  t: TestApp,
  opts: { forum: boolean; dataDir: string; chatId?: number; failing?: boolean },
) {
  const calls: CapturedCall[] = [];
  let nextTopic = 70;
  const api = new Api('42:TEST-token-for-relay-tests');
  api.config.use(async (_prev, method, payload) => {
    calls.push({ method, payload: payload as Record<string, unknown> });
    if (opts.failing) return { ok: false, error_code: 502, description: 'Bad Gateway' } as never;
    const p = payload as { chat_id?: number };
    const result =
      method === 'getChat'
        ? { id: p.chat_id, type: 'supergroup', title: 'Desk', is_forum: opts.forum }
        : method === 'createForumTopic'
          ? { message_thread_id: nextTopic++, name: 'topic', icon_color: 0 }
          : { message_id: nextMessageId++, date: 0, chat: { id: p.chat_id, type: 'supergroup' } };
    return { ok: true, result } as never;
  });
  const kind = relayOutbox(t.database.db, api, {
    chatId: 'chatId' in opts ? opts.chatId : OPERATOR_CHAT,
    appUrl: 'https://shop.example/',
    dataDir: opts.dataDir,
  });
  /** One pass of the outbox over customer-service messages; answers how many it handled. */
  const relay = async () =>
    (await deliverOnce(t.database.db, [kind], { bucket: new TokenBucket(1000) })).handled;
  return { calls, relay };
}

/** Links a Telegram id to an account (as Telegram login does). */
export async function linkTelegram(t: TestApp, userId: number, telegramId: number): Promise<void> {
  await t.database.db.update(users).set({ telegramId }).where(eq(users.id, userId));
}
