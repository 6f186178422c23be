import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import postgres from 'postgres';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { crashCheck } from '../../scripts/crash-check';
import {
  makeBuyers,
  newKey,
  PAY_PASSWORD,
  post,
  startServer,
  stockedItems,
  submitOne,
} from '../../scripts/lib/buyers';
import { seedDemo } from '../../server/demo/seed';
import { runAdmin } from '../support/admin-cli';
import { TEST_PASSWORD_HASH_COST, testConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { startBot, type RunningBot } from '../../server/telegram/bot-host';
import { postgresTemplateName } from '../support/db-template';
import { fakeBotApi } from '../support/polling-bot-api';
import { scratchDatabase } from '../../scripts/lib/scratch-database';

/**
 * Several server processes on one PostgreSQL (this file runs on PostgreSQL only): two processes
 * take the checkout load side by side and one is killed; one task (the bot's long poll) has one
 * leader, and another process takes over when it ends; `npm start` with WORKERS=2 runs two on one
 * port and starts one again when it dies.
 */
const URL_ = process.env.DATABASE_URL as string;
const silent = pino({ level: 'silent' });
const TOKEN = '123456:TEST-processes-token-abcdefghij';

/** A fresh copy of the suite's migrated template; its address and a drop. */
const sharedDatabase = () =>
  scratchDatabase(URL_, { prefix: `shop_test_${process.pid}`, template: postgresTemplateName() });

const until = async (check: () => boolean | Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('two server processes on one database', () => {
  it('take the checkout load side by side; one killed by SIGKILL, the other serves on, every acknowledged payment there once', async () => {
    const report = await crashCheck({
      kind: 'postgres',
      databaseUrl: URL_,
      processes: 2,
      shoppers: 30,
      killAfter: 15,
      hashCost: TEST_PASSWORD_HASH_COST,
      migrated: { postgresTemplate: postgresTemplateName() },
    });
    expect(report.problems).toEqual([]);
    expect(report.acknowledged).toBeGreaterThanOrEqual(15);
    expect(report.paidAfterRestart).toBe(5);
  }, 240_000);
});

describe("one process leads a task, the bot's long poll", () => {
  const open: Database[] = [];
  const bots: RunningBot[] = [];
  const apis: Awaited<ReturnType<typeof fakeBotApi>>[] = [];
  let drop = async () => {};
  afterEach(async () => {
    for (const bot of bots.splice(0)) await bot.stop();
    for (const api of apis.splice(0)) await api.close();
    for (const db of open.splice(0)) await db.close().catch(() => {});
    await drop();
  });

  it('a second process cannot take the lead while the first holds it, and takes it once the first is gone', async () => {
    const shared = await sharedDatabase();
    drop = shared.drop;
    const [a, b] = await Promise.all([openDatabase({ url: shared.url }), openDatabase({ url: shared.url })]);
    open.push(a, b);
    const release = await a.lead('bot-updates');
    expect(release).toBeTypeOf('function');
    expect(await b.lead('bot-updates')).toBeUndefined();
    // Another task is free.
    expect(await b.lead('something-else')).toBeTypeOf('function');
    await release?.();
    const taken = await b.lead('bot-updates');
    expect(taken).toBeTypeOf('function');
    // A process that dies without letting go (killed: the server sees its connection end) frees
    // the lead too.
    const c = await openDatabase({ url: shared.url });
    open.push(c);
    expect(await c.lead('bot-updates')).toBeUndefined();
    const admin = postgres(shared.url, { max: 1, onnotice: () => {} });
    try {
      await admin`select pg_terminate_backend(pid) from pg_locks
        where locktype = 'advisory' and granted and pid <> pg_backend_pid()
          and database = (select oid from pg_database where datname = current_database())`;
    } finally {
      await admin.end();
    }
    await until(async () => (await c.lead('bot-updates')) !== undefined);
  });

  it('of two bots on one database one polls Telegram; when it stops, the other polls', async () => {
    const shared = await sharedDatabase();
    drop = shared.drop;
    const [a, b] = await Promise.all([openDatabase({ url: shared.url }), openDatabase({ url: shared.url })]);
    open.push(a, b);
    const [apiA, apiB] = await Promise.all([fakeBotApi(), fakeBotApi()]);
    apis.push(apiA, apiB);
    const polls = (api: typeof apiA) => api.calls.filter((c) => c.method === 'getUpdates').length;
    // A bot on its own fake Telegram, asking to take the lead every 100 ms.
    const pollingBot = (api: typeof apiA, database: typeof a) =>
      startBot(testConfig({ BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: api.url }), silent, {
        database,
        leadRetryMs: 100,
      });
    const botA = await pollingBot(apiA, a);
    bots.push(botA);
    await until(() => polls(apiA) > 0);
    const botB = await pollingBot(apiB, b);
    bots.push(botB);
    // B has set itself up with Telegram but takes no updates while A polls.
    await until(() => apiB.calls.some((c) => c.method === 'setMyCommands'));
    await new Promise((r) => setTimeout(r, 1000));
    expect(polls(apiB)).toBe(0);
    expect(polls(apiA)).toBeGreaterThan(0);
    await botA.stop();
    await until(() => polls(apiB) > 0);
  });
});

describe('npm start with WORKERS=2', () => {
  /** The server processes the primary has forked. */
  const workersOf = (pid: number) =>
    readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

  it('runs two processes on one port, starts one again when it dies, and stops them all on SIGTERM', async () => {
    const shared = await sharedDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-workers-'));
    try {
      const server = await startServer({
        DATABASE_URL: shared.url,
        DATA_DIR: dataDir,
        DEMO_DATA: 'false',
        NODE_ENV: 'test',
        PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
        WORKERS: '2',
      });
      const primary = server.child.pid as number;
      await until(() => workersOf(primary).length === 2);
      const [first, second] = workersOf(primary);
      /** A request as a client makes it: given up after 5 s (a connection handed to the dying worker). */
      const ask = (pathname: string) =>
        fetch(`${server.base}${pathname}`, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
      process.kill(first, 'SIGKILL');
      // The other answers meanwhile (a client whose connection went to the dead one asks again);
      // a new one takes the dead one's place.
      await until(async () => (await ask('/healthz'))?.ok === true);
      await until(() => {
        const now = workersOf(primary);
        return now.length === 2 && !now.includes(first) && now.includes(second);
      }, 60_000);
      await until(async () => (await ask('/api/product/recommend'))?.status === 200, 60_000);
      for (let i = 0; i < 10; i++) expect((await ask('/api/product/recommend'))?.status).toBe(200);
      const workers = workersOf(primary);
      server.child.kill('SIGTERM');
      await until(() => server.child.exitCode !== null, 60_000);
      expect(server.child.exitCode).toBe(0);
      // Its workers went with it.
      for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await shared.drop();
    }
  }, 240_000);
});

describe('what one process takes or an operator changes, the other serves at once', () => {
  it('an upload, the freight the operator sets, and the payment-password lock across two processes', async () => {
    const shared = await sharedDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-pair-'));
    const servers: Awaited<ReturnType<typeof startServer>>[] = [];
    try {
      const setup = await openDatabase({ url: shared.url });
      await seedDemo(setup.db);
      const [buyer] = await makeBuyers(setup.db, 1, 1_000_000, 'pair');
      const [item] = await stockedItems(setup.db, 1);
      await setup.close();
      const env = {
        DATABASE_URL: shared.url,
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
      };
      // Started together: they take turns at the migrations and one takes the operator socket.
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      servers.push(a, b);

      // A picture taken by one is served by the other (one DATA_DIR).
      const png = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'pair.png');
      const uploaded = (await (
        await fetch(`${a.base}/api/upload`, { method: 'POST', headers: { token: buyer.token }, body: form })
      ).json()) as { code: number; data: { preview: string } };
      expect(uploaded.code).toBe(1);
      const fromA = await fetch(`${a.base}${uploaded.data.preview}`);
      const fromB = await fetch(`${b.base}${uploaded.data.preview}`);
      expect([fromA.status, fromB.status]).toEqual([200, 200]);
      expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(
        true,
      );

      // The operator's change of freight, made through whichever process serves the socket, is
      // what both answer at once.
      const set = await runAdmin(['settings', 'set', 'freight', '{"fee": 777, "freeAbove": null}'], {
        ...process.env,
        ...env,
      });
      expect(set.code).toBe(0);
      for (const server of [a, b]) {
        const preview = await post(
          server.base,
          '/api/order/merCreate',
          { product_id: item.productId, spec_id: item.specId },
          buyer.token,
        );
        expect((preview.envelope.data as { freight: string }).freight).toBe('7.77');
      }

      // Five wrong payment passwords, spread over both, lock payment on both.
      const submitted = await submitOne(a.base, buyer, item);
      const { outTradeNo } = submitted.envelope.data as { outTradeNo: string };
      const pay = (server: { base: string }, password: string) =>
        post(
          server.base,
          '/api/order/merPay',
          { out_trade_no: outTradeNo, password_pay: password },
          buyer.token,
          newKey(),
        );
      for (let i = 0; i < 5; i++) {
        const wrong = await pay(i % 2 ? b : a, '000000');
        expect(wrong.envelope.code).toBe(0);
      }
      for (const server of [a, b]) {
        const right = await pay(server, PAY_PASSWORD);
        expect(right.envelope.error).toBe('errors.payLocked');
      }
    } finally {
      for (const server of servers) {
        server.child.kill('SIGTERM');
        await until(() => server.child.exitCode !== null || server.child.signalCode !== null);
      }
      rmSync(dataDir, { recursive: true, force: true });
      await shared.drop();
    }
  }, 240_000);
});
