import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without types
import { serverSourcesHash } from '../../scripts/build-server.mjs';
import { SERVER_MAIN, spawnServer } from '../support/admin-cli';
import { migratedDataDir } from '../support/db-template';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-process-'));

function run(env: Record<string, string>, opts: { embedded?: boolean } = {}) {
  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  if (!opts.embedded && process.env.TEST_DB === 'postgres' && process.env.DATABASE_URL)
    Object.assign(base, { DATABASE_URL: process.env.DATABASE_URL });
  return spawnServer({ ...base, ...env });
}

/** Waits for the "listening" log line; answers the port. */
async function portOf(p: ReturnType<typeof run>): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const m = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(p.output());
    if (m) return Number(m[1]);
    if (Date.now() > deadline || p.child.exitCode !== null)
      throw new Error(`server did not start: ${p.errors()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const sharedDir = mkdtempSync(path.join(os.tmpdir(), 'shop-process-lock-'));
const lockFile = path.join(sharedDir, 'db', 'shop.lock');
// The lock tests start on a migrated folder (the first start of an empty one is tested above).
migratedDataDir(path.join(sharedDir, 'db'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(sharedDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('refuses to start with bad configuration and lists every bad variable at once', async () => {
    const p = run({ PORT: 'eighty', BOT_TOKEN: 'not-a-token', LOG_LEVEL: 'loud', DATA_DIR: dataDir });
    expect(await p.exited).toBe(1);
    expect(p.errors()).toContain('PORT');
    expect(p.errors()).toContain('BOT_TOKEN');
    expect(p.errors()).toContain('LOG_LEVEL');
    expect(p.errors()).not.toMatch(/\n\s+at /);
  });

  it('starts, answers /healthz, and shuts down cleanly on SIGTERM', async () => {
    const p = run({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DEMO_DATA: 'false' });
    const deadline = Date.now() + 60_000;
    let port = 0;
    while (!port) {
      const m = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(p.output());
      if (m) port = Number(m[1]);
      else if (Date.now() > deadline) throw new Error(`server did not start: ${p.errors()}`);
      else await new Promise((r) => setTimeout(r, 100));
    }
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.output()).toContain('shutting down');
    // A new shop's first start is quiet: nothing at warning level or above (once a missing uploads
    // folder was a warning on every start), and the folder is there for the first picture.
    const loud = p
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level >= 40);
    expect(loud).toEqual([]);
    expect(existsSync(path.join(dataDir, 'uploads'))).toBe(true);
  }, 90_000);

  it('a SIGTERM while still starting ends the process cleanly (exit 0, not killed by the signal)', async () => {
    const p = run({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DEMO_DATA: 'false' });
    // The first log line comes before the database opens: signal right then.
    const deadline = Date.now() + 60_000;
    while (!p.output().includes('"msg":"starting"')) {
      if (Date.now() > deadline) throw new Error(`server did not start: ${p.errors()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.child.signalCode).toBeNull();
    expect(p.output()).toContain('shutting down');
    expect(p.output()).not.toContain('listening at');
  }, 90_000);
});

describe('the server process: one process per embedded database folder', () => {
  const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: sharedDir, LOG_LEVEL: 'info', DEMO_DATA: 'false' };

  it('a second process on the same folder refuses to start with a clear message; the first keeps serving', async () => {
    const first = run(env, { embedded: true });
    const port = await portOf(first);
    expect(readFileSync(lockFile, 'utf8')).toMatch(new RegExp(`^${first.child.pid}\n`));

    const second = run(env, { embedded: true });
    expect(await second.exited).toBe(1);
    expect(second.errors()).toContain(`in use by another SHOP process (pid ${first.child.pid})`);
    expect(second.errors()).not.toMatch(/\n\s+at /);

    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  }, 120_000);

  it('after a crash (SIGKILL) the lock is stale: the next start takes it over and serves', async () => {
    const crashed = run(env, { embedded: true });
    await portOf(crashed);
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    expect(readFileSync(lockFile, 'utf8')).toMatch(new RegExp(`^${crashed.child.pid}\n`));

    const next = run(env, { embedded: true });
    const port = await portOf(next);
    expect(readFileSync(lockFile, 'utf8')).toMatch(new RegExp(`^${next.child.pid}\n`));
    expect(await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()).toMatchObject({ status: 'ok' });
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  }, 120_000);
});

describe('the server bundle npm start runs', () => {
  const stamp = path.join(path.dirname(SERVER_MAIN), '.sources');
  const bundler = () => {
    const child = spawn(process.execPath, ['scripts/build-server.mjs'], { cwd: root });
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    return new Promise<{ code: number | null; err: string }>((resolve) =>
      child.on('exit', (code) => resolve({ code, err })),
    );
  };

  it('is of the current sources, and is bundled again, once, when its stamp names other sources', async () => {
    const hash = (serverSourcesHash as () => string)();
    expect(readFileSync(stamp, 'utf8').trim()).toBe(hash);
    // Two processes find the bundle out of date at once: one bundles, the other waits for it.
    writeFileSync(stamp, 'older sources\n');
    const runs = await Promise.all([bundler(), bundler()]);
    expect(runs.map((r) => r.code)).toEqual([0, 0]);
    expect(runs.filter((r) => r.err.includes('Bundling the server'))).toHaveLength(1);
    expect(readFileSync(stamp, 'utf8').trim()).toBe(hash);
    // Up to date: read, not bundled.
    const again = await bundler();
    expect(again.err).not.toContain('Bundling');
  }, 60_000);
});
