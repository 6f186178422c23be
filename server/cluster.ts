import cluster from 'node:cluster';
import type { Logger } from 'pino';

/** Restarts allowed in a minute before the primary gives up (a worker that cannot start at all). */
const MAX_RESTARTS_PER_MINUTE = 5;

/**
 * The primary of `npm start` with WORKERS=n: forks n server processes that share the port (Node's
 * cluster hands each connection to one of them), each told its place (WORKER_INDEX, 1…n), and
 * starts one again in the same place when it ends unasked, at most MAX_RESTARTS_PER_MINUTE a
 * minute. SIGTERM or SIGINT stop them all; the primary exits when they have.
 */
export function runWorkers(count: number, log: Logger): void {
  let stopping = false;
  let exitCode = 0;
  const restarts: number[] = [];
  const indexOf = new Map<number, number>();
  const fork = (index: number) => {
    const worker = cluster.fork({ WORKER_INDEX: String(index) });
    indexOf.set(worker.id, index);
  };
  const alive = () => Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const left = alive();
    if (left.length === 0) process.exit(exitCode);
    for (const worker of left) worker?.process.kill('SIGTERM');
    // A worker shuts down within 10 s or kills itself; this only guards against a hung one.
    setTimeout(() => process.exit(exitCode || 1), 15_000).unref();
  };

  cluster.on('exit', (worker, code, signal) => {
    const index = indexOf.get(worker.id) ?? 1;
    indexOf.delete(worker.id);
    if (stopping) {
      if (alive().length === 0) process.exit(exitCode);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0] < now - 60_000) restarts.shift();
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      log.error({ code, signal }, 'server processes keep ending; stopping them all');
      stopAll(1);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'a server process ended; starting another');
    fork(index);
  });
  process.on('SIGTERM', () => stopAll(0));
  process.on('SIGINT', () => stopAll(0));
  log.info({ workers: count }, 'starting server processes');
  for (let index = 1; index <= count; index++) fork(index);
}
