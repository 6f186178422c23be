import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { startAdminSocket } from './admin/socket-server';
import { buildApp, loggerOptions } from './app';
import { readableLog, wantsReadableLog } from './lib/readable-log';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { seedDemo } from './demo/seed';
import { configurePasswords } from './lib/passwords';
import { configurePayPins } from './lib/pay-pins';
import { startBot } from './telegram/bot-host';
import { backgroundJobs, type Background } from './jobs/runner';
import { runWorkers } from './cluster';

/**
 * A server process: API server, built Mini App, bot (when BOT_TOKEN is set), background jobs. With
 * WORKERS=n (PostgreSQL only) this process is the primary and runs n of them (server/cluster.ts).
 */
async function main() {
  const config = loadConfig();
  configurePasswords({ costLog2: config.PASSWORD_HASH_COST });
  // Before the demo seed, which keys the demo shopper's payment password.
  configurePayPins(config.WALLET_KEY);
  const logger = wantsReadableLog(config.LOG_FORMAT, config.NODE_ENV)
    ? pino(loggerOptions(config), readableLog())
    : pino(loggerOptions(config));
  if (config.WORKERS > 1 && cluster.isPrimary) {
    runWorkers(config.WORKERS, logger);
    return;
  }

  // Signals are handled from the first moment: a SIGTERM that arrives while the database opens or
  // right after "listening" must shut down cleanly, not kill the process with 143.
  const running: { app?: FastifyInstance } = {};
  let closing: string | undefined;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = signal;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Still starting: start() sees `closing` and shuts down once it has something to close.
    if (!running.app) return;
    running.app.close().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  logger.info('starting');

  const database = await openDatabase({
    url: config.DATABASE_URL,
    pool: config.DATABASE_POOL,
    dataDir: `${config.DATA_DIR}/db`,
  });
  if (config.DEMO_DATA && !closing) await seedDemo(database.db);
  // A customer-service message written wakes the outbox, started once the bot's desk exists.
  const started: { background?: Background } = {};
  const serviceWake = () => started.background?.wake();
  const bot =
    config.BOT_TOKEN && !closing ? await startBot(config, logger, { database, serviceWake }) : undefined;
  const built = await buildApp({
    config,
    database,
    logger,
    plugins: bot ? [bot.plugin] : [],
    serviceWake,
  });
  const background = backgroundJobs(database, config, built.log, { desk: bot?.desk });
  started.background = background;
  // `npm run admin` reaches this process through <DATA_DIR>/admin.sock (never the public port); in
  // a cluster the first worker serves it for all.
  const adminSocket =
    closing || config.WORKER_INDEX !== 1
      ? undefined
      : await startAdminSocket({ dataDir: config.DATA_DIR, database, log: logger });
  built.addHook('onClose', async () => {
    await adminSocket?.close();
    await background.stop();
    await bot?.stop();
    await database.close();
  });
  running.app = built;
  if (closing) {
    const signal = closing;
    closing = undefined;
    shutdown(signal);
    return;
  }
  await built.listen({ port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('SHOP failed to start:', err);
  }
  process.exit(1);
});
