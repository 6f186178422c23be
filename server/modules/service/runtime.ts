import type { FastifyBaseLogger } from 'fastify';
import { botApi } from '../../telegram/bot-api';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { startJobs, type JobRunner } from '../../jobs/runner';
import { serviceRelay } from './relay';

/** Seconds between the relay's runs; a new message also wakes it at once. */
const RELAY_SECONDS = 5;

/**
 * The customer-service relay of one process (with BOT_TOKEN): runs every few seconds, and at once
 * when a message is written (`wake`).
 */
export function startServiceRelay(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
): { wake: () => void; runner: JobRunner } | undefined {
  const api = botApi(config);
  if (!api) return undefined;
  const relay = serviceRelay(database.db, api, {
    chatId: config.OPERATOR_CHAT_ID,
    appUrl: config.PUBLIC_URL,
    dataDir: config.DATA_DIR,
    log: (msg, err) => log.warn({ err: err instanceof Error ? err.message : String(err) }, msg),
  });
  const runner = startJobs([{ name: 'service-relay', run: relay }], RELAY_SECONDS * 1000, log);
  let running = false;
  const wake = () => {
    if (running) return;
    running = true;
    relay()
      .catch((err) => log.error({ err }, 'customer-service relay failed'))
      .finally(() => (running = false));
  };
  return { wake, runner };
}
