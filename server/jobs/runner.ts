import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
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
    current = runOnce().finally(() => (current = undefined));
  };
  const first = setTimeout(tick, Math.min(intervalMs, 5_000));
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();

  return {
    runOnce: () => runOnce(),
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await current;
    },
  };
}
