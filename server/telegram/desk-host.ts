import { createHash } from 'node:crypto';
import { DEFAULT_LANG } from '../../common/languages';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createDesk } from '../modules/desk';

/**
 * The operator's desk of this process: the service the bot's desk feature calls and the outbox
 * sends posts with (server/jobs/runner.ts). Absent without a chat or a bot (no desk).
 */
export function startDesk(config: Config, database: Database): ReturnType<typeof createDesk> | undefined {
  if (config.OPERATOR_CHAT_ID === undefined || !config.BOT_TOKEN) return undefined;
  return createDesk(database.db, {
    chatId: config.OPERATOR_CHAT_ID,
    operatorIds: config.OPERATOR_IDS,
    // Posts are read by every operator of the group: the shop's default language.
    lang: DEFAULT_LANG,
    secret: createHash('sha256').update(`desk:${config.BOT_TOKEN}`).digest('base64url'),
  });
}
