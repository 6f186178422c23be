import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';
import { TEST_PASSWORD_HASH_COST } from '@server/config';
import { migratedDataDir } from '../../support/db-template';
import { startFakeBotApi, type FakeBotApi } from './fake-bot-api';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A bot token only the browser suite uses; the fake Bot API accepts any token. */
export const E2E_BOT_TOKEN = '123456789:E2E-browser-suite-token-0123456789';

export interface RunningShop {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server (and the build before it) printed so far. */
  output(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const running = new Set<ChildProcess>();
/** What each running shop of this worker has printed, for a failed test's report. */
const outputs = new Map<ChildProcess, () => string>();

/** The last lines each running shop printed (at LOG_LEVEL warn: its warnings and errors). */
export function runningShopLogs(lines = 30): string[] {
  return [...outputs.values()].map((out) => out().trimEnd().split('\n').slice(-lines).join('\n'));
}
// If the test process dies without its afterAll, still take the server's process group with it.
process.once('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});

/**
 * The folder of the run (tests/e2e/support/global-setup.ts) in which each running shop leaves a file
 * named by its pid: a shop no file stops (the worker's, `workerShop`) is stopped by the run's
 * teardown (`stopShopsLeft`), as the end of a worker does not reach it.
 */
const RUNNING = 'running-shops';

/** Stops the shops of the run still running (by SIGTERM, as a shop owner would) and waits for them. */
export async function stopShopsLeft(runFolder: string): Promise<void> {
  const dir = path.join(runFolder, RUNNING);
  const pids = existsSync(dir) ? readdirSync(dir).map(Number) : [];
  const alive = (pid: number) => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (const pid of pids.filter(alive)) process.kill(-pid, 'SIGTERM');
  const deadline = Date.now() + 15_000;
  while (pids.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const pid of pids.filter(alive)) process.kill(-pid, 'SIGKILL');
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
  }
}

/**
 * Starts the shop exactly as `npm start` does (`node scripts/start.mjs`: builds the Mini App when
 * dist/ is missing or stale, then serves app, API and bot in one process) on a free port with a
 * fresh embedded database, and waits for /healthz. The process runs in its own group so that
 * stop() also ends a build still running under it.
 */
export async function startShop(opts: {
  telegramApiRoot: string;
  startTimeoutMs?: number;
  /** More configuration, as environment variables (e.g. SERVICE_URL). */
  settings?: Record<string, string>;
}): Promise<RunningShop> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(inject('runFolder'), 'shop-'));
  // The embedded database as a new shop's first start would migrate and seed it, from the run's
  // template (global-setup.ts). The rendered demo pictures are named by their drawing and written
  // whole (server/demo/images/render.ts): the run's shops share one folder of them.
  migratedDataDir(path.join(dataDir, 'db'), inject('demoTemplate'));
  mkdirSync(inject('pictureCache'), { recursive: true });
  symlinkSync(inject('pictureCache'), path.join(dataDir, 'cache'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The browser suite always runs on the embedded database; a public address only when a test
  // passes one in `settings` (the bot then takes its updates by webhook).
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  delete env.WEBHOOK_SECRET;
  delete env.TELEGRAM_TEST_ENV;
  // NODE_ENV=test only lets the password hash cost go below a real shop's least (nothing else in
  // the server reads it, and the build is a production build whatever it says): the suite logs in
  // and pays hundreds of times. DEMO_DATA=true keeps the demo shopper.
  Object.assign(env, {
    NODE_ENV: 'test',
    PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'true',
    BOT_TOKEN: E2E_BOT_TOKEN,
    TELEGRAM_API_ROOT: opts.telegramApiRoot,
    ...opts.settings,
  });

  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const runningFile = path.join(inject('runFolder'), RUNNING, String(child.pid));
  mkdirSync(path.dirname(runningFile), { recursive: true });
  writeFileSync(runningFile, '');
  let out = '';
  outputs.set(child, () => out);
  child.stdout?.on('data', (chunk) => (out += chunk));
  child.stderr?.on('data', (chunk) => (out += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (running.has(child)) {
      killGroup(child, 'SIGTERM');
      const timedOut = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 15_000)),
      ]);
      if (timedOut) {
        killGroup(child, 'SIGKILL');
        await exited;
      }
      running.delete(child);
    }
    outputs.delete(child);
    rmSync(runningFile, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (opts.startTimeoutMs ?? 170_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The shop exited before answering /healthz (code ${child.exitCode}):\n${out}`);
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // Not listening yet (or still building).
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The shop did not answer /healthz in time:\n${out}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, port, dataDir, output: () => out, stop };
}

let shared: Promise<{ shop: RunningShop; api: FakeBotApi }> | undefined;

/**
 * What the worker's shop has configured beyond the defaults, as a shop sets it (the demo has none of
 * them): a customer service chat, the Mini App's t.me link (products are shared as cards that open
 * it) and a payment provider (top-ups and orders paid by card, through Telegram's invoices).
 */
export const WORKER_SHOP_SETTINGS = {
  SERVICE_URL: 'https://t.me/shop_service_desk',
  BOT_USERNAME: 'shop_e2e_bot',
  MINI_APP_NAME: 'shop',
  PAYMENT_PROVIDER_TOKEN: '284685063:TEST:e2e-provider',
};

let sharedUrl: string | undefined;

function workerShopAndApi(): Promise<{ shop: RunningShop; api: FakeBotApi }> {
  shared ??= startFakeBotApi().then(async (api) => {
    const shop = await startShop({ telegramApiRoot: api.url, settings: WORKER_SHOP_SETTINGS });
    sharedUrl = shop.url;
    return { shop, api };
  });
  return shared;
}

/** The address of the worker's shop once it has started (its pages outlive a file: support/browser.ts). */
export function workerShopUrl(): string | undefined {
  return sharedUrl;
}

/**
 * The worker's shop on the default settings and WORKER_SHOP_SETTINGS (with a fake Bot API of its
 * own, `workerBotApi`), for the browser files that need no other: a worker runs its files one after
 * another in one module graph (vitest.e2e.config.ts), so they share it instead of starting one each
 * (a start costs about 4 CPU-seconds). Such a file must not stop it, and keeps to shoppers of its
 * own (Telegram ids no other file uses). The run's teardown stops it (`stopShopsLeft`). A file that
 * needs other settings, or the shop's own start, uses `startShop`.
 */
export async function workerShop(): Promise<RunningShop> {
  return (await workerShopAndApi()).shop;
}

/** The fake Bot API the worker's shop talks to: what the bot sent, for all its files so far. */
export async function workerBotApi(): Promise<FakeBotApi> {
  return (await workerShopAndApi()).api;
}
