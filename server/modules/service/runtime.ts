import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { OutboxKindSender } from '../../lib/outbox';
import type { BotApi } from '../../telegram/bot-api';
import { relayOutbox } from './relay';

/** The customer-service relay's kind of the outbox, sent with `api` (the outbox's Bot API client). */
export function serviceRelay(
  config: Pick<Config, 'OPERATOR_CHAT_ID' | 'PUBLIC_URL' | 'DATA_DIR'>,
  database: Database,
  api: BotApi,
  log: (msg: string, err?: unknown) => void,
): OutboxKindSender {
  return relayOutbox(database.db, api, {
    chatId: config.OPERATOR_CHAT_ID,
    appUrl: config.PUBLIC_URL,
    dataDir: config.DATA_DIR,
    log,
  });
}
