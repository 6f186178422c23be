import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { countSales, SALES_COUNT_MS } from '../modules/catalog';
import { deskOutbox, deskSender } from '../modules/desk';
import { serviceRelay } from '../modules/service';
import { orderJobs } from './orders';
import { deliverOnce, outboxSender, OUTBOX_RATE, TokenBucket } from './outbox-sender';
import { notificationSender } from './outbox-notify';
import {
  sweepEndedRateWindows,
  sweepExpiredSessions,
  sweepHandledUpdates,
  sweepUnusedUploads,
} from './sweeps';

export interface Job {
  name: string;
  run(): Promise<number>;
}

export interface JobRunner {
  /** Runs every job once now (also what each tick does); answers rows removed per job. */
  runOnce(): Promise<Record<string, number>>;
  /** A run as soon as possible: now, or right after the one in progress. */
  wake(): void;
  /** No more ticks; waits for a run in progress to finish. */
  stop(): Promise<void>;
}

/** The jobs of one server process. */
export function housekeeping(database: Database, dataDir: string): Job[] {
  const { db } = database;
  return [
    { name: 'unused-uploads', run: () => sweepUnusedUploads(db, dataDir) },
    { name: 'expired-sessions', run: () => sweepExpiredSessions(db) },
    { name: 'ended-rate-windows', run: () => sweepEndedRateWindows(db) },
    { name: 'handled-bot-updates', run: () => sweepHandledUpdates(db) },
  ];
}

/**
 * Runs the jobs every `intervalMs`, one run at a time, the first soon after start. A failing job is
 * logged and the others still run. Several processes may run the same jobs: the jobs claim their
 * rows themselves (sweeps.ts), so the runner needs no coordination.
 */
export function startJobs(jobs: Job[], intervalMs: number, log: FastifyBaseLogger): JobRunner {
  let current: Promise<Record<string, number>> | undefined;
  let stopped = false;
  let again = false;

  const runOnce = async () => {
    const done: Record<string, number> = {};
    for (const job of jobs) {
      if (stopped) break;
      try {
        done[job.name] = await job.run();
        if (done[job.name] > 0) log.info({ job: job.name, removed: done[job.name] }, 'job done');
      } catch (err) {
        log.error({ err, job: job.name }, 'job failed');
      }
    }
    return done;
  };
  const tick = () => {
    if (current || stopped) return;
    current = runOnce().finally(() => {
      current = undefined;
      if (again) {
        again = false;
        tick();
      }
    });
  };
  const first = setTimeout(tick, Math.min(intervalMs, 5_000));
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();

  return {
    runOnce: () => runOnce(),
    wake() {
      if (current) again = true;
      else tick();
    },
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await current;
    },
  };
}

/** How often the outbox looks for messages to send to Telegram (a new message also wakes it). */
export const OUTBOX_INTERVAL_MS = 1000;

/** What the background work of a process needs beyond the database and the configuration. */
export interface BackgroundDeps {
  /** The operators' desk (server/telegram/desk-host.ts): its posts go out with the outbox. */
  desk?: Parameters<typeof deskSender>[1];
}

/** The background work of one server process, started together and stopped together. */
export interface Background {
  /** Sends what was just queued for Telegram now, not at the outbox's next tick. */
  wake(): void;
  stop(): Promise<void>;
}

type BackgroundConfig = Pick<
  Config,
  | 'BOT_TOKEN'
  | 'TELEGRAM_API_ROOT'
  | 'TELEGRAM_TEST_ENV'
  | 'PUBLIC_URL'
  | 'OPERATOR_CHAT_ID'
  | 'DATA_DIR'
  | 'JOB_INTERVAL'
  | 'ORDER_JOB_SECONDS'
  | 'ORDER_RECEIVE_DAYS'
  | 'ORDER_COMPLETE_DAYS'
>;

/**
 * Every background worker of a process, registered here: the housekeeping sweeps, the order jobs,
 * the sales count and, where a bot sends (BOT_TOKEN), the one outbox to Telegram (notifications,
 * desk posts, customer-service messages; the rows wait while it is unreachable).
 */
export function backgroundJobs(
  database: Database,
  config: BackgroundConfig,
  log: FastifyBaseLogger,
  deps: BackgroundDeps = {},
): Background {
  const runners = [
    startJobs(housekeeping(database, config.DATA_DIR), config.JOB_INTERVAL * 1000, log),
    startJobs(orderJobs(database, config), config.ORDER_JOB_SECONDS * 1000, log),
    startJobs([{ name: 'count-sales', run: () => countSales(database.db) }], SALES_COUNT_MS, log),
  ];
  let outbox: JobRunner | undefined;
  if (config.BOT_TOKEN) {
    const api = outboxSender(config);
    const warn = (msg: string, err?: unknown) =>
      log.warn({ err: err instanceof Error ? err.message : String(err) }, msg);
    const senders = [
      notificationSender(api, config.PUBLIC_URL),
      serviceRelay(config, database, api, warn),
      ...(deps.desk ? [deskOutbox(deskSender(api, deps.desk, config.DATA_DIR))] : []),
    ];
    const bucket = new TokenBucket(OUTBOX_RATE);
    outbox = startJobs(
      [
        {
          name: 'outbox',
          run: async () => (await deliverOnce(database.db, senders, { bucket, log: warn })).sent,
        },
      ],
      OUTBOX_INTERVAL_MS,
      log,
    );
    runners.push(outbox);
  }
  return {
    wake: () => outbox?.wake(),
    async stop() {
      for (const runner of runners) await runner.stop();
    },
  };
}
