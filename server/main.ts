import { pino } from 'pino';
import { buildApp, loggerOptions } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { seedDemo } from './db/seed';
import { startBot } from './bot';
import { housekeeping, startJobs } from './jobs/runner';

/** The one process: API server, built Mini App, bot (when BOT_TOKEN is set), background jobs. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/db` });
  if (config.DEMO_DATA) await seedDemo(database.db);
  const logger = pino(loggerOptions(config));
  const bot = config.BOT_TOKEN ? await startBot(config, logger) : undefined;
  const app = await buildApp({ config, database, logger, plugins: bot ? [bot.plugin] : [] });
  const jobs = startJobs(housekeeping(database, config.DATA_DIR), config.JOB_INTERVAL * 1000, app.log);
  app.addHook('onClose', async () => {
    await jobs.stop();
    await bot?.stop();
    await database.close();
  });
  await app.listen({ port: config.PORT, host: config.HOST });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('SHOP failed to start:', err);
  }
  process.exit(1);
});
