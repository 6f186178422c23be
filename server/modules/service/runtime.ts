import type { FastifyBaseLogger } from 'fastify';
import { Api } from 'grammy';
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
  if (!config.BOT_TOKEN) return undefined;
  const api = new Api(config.BOT_TOKEN, {
    ...(config.TELEGRAM_API_ROOT ? { apiRoot: config.TELEGRAM_API_ROOT } : {}),
    ...(config.TELEGRAM_TEST_ENV ? { environment: 'test' as const } : {}),
  });
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
