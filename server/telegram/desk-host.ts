import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { botApi } from './bot-api';
import { DEFAULT_LANG } from '../../common/languages';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { startJobs, type JobRunner } from '../jobs/runner';
import { createDesk, deliverDeskPosts, deskSender } from '../modules/desk';

/** How often each process looks for desk posts to send. */
export const DESK_POLL_MS = 3000;

/**
 * The operator's desk of this process: the service the bot's desk feature calls, and the worker
 * that sends queued posts to OPERATOR_CHAT_ID. Absent without a chat (no desk).
 */
export function startDesk(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
): { desk: ReturnType<typeof createDesk>; worker: JobRunner } | undefined {
  const api = botApi(config);
  if (config.OPERATOR_CHAT_ID === undefined || !api) return undefined;
  const desk = createDesk(database.db, {
    chatId: config.OPERATOR_CHAT_ID,
    operatorIds: config.OPERATOR_IDS,
    // Posts are read by every operator of the group: the shop's default language.
    lang: DEFAULT_LANG,
    secret: createHash('sha256').update(`desk:${config.BOT_TOKEN}`).digest('base64url'),
  });
  const send = deskSender(api, desk, config.DATA_DIR);
  const worker = startJobs(
    [{ name: 'desk-posts', run: () => deliverDeskPosts(database.db, send) }],
    DESK_POLL_MS,
    log,
  );
  return { desk, worker };
}
