import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '../../common/order-status';
import { openDatabase, type Database } from '../../server/db/client';
import { runAdmin, spawnServer } from '../support/admin-cli';
import { migratedDataDir, postgresTemplateName } from '../support/db-template';
import {
  addOrder,
  addShop,
  addShopper,
  eventsOf,
  ledgerOf,
  notificationsOf,
  orderRow,
  tracksOf,
} from './operator-fixture';
import { scratchDatabase } from '../../scripts/lib/scratch-database';

/**
 * `npm run admin` as the operator runs it: child processes against a real server started on a
 * temporary shop (embedded database, or a fresh PostgreSQL database in the server-pg project),
 * through the server's socket; then with the server stopped, opening the database itself.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-admin-'));
const onPostgres = process.env.TEST_DB === 'postgres';
const TELEGRAM_ID = 5_123_456_789;

let databaseUrl: string | undefined;
let dropDatabase = async () => {};
const shop = { demo: 0, telegram: 0, waiting: 0, second: 0, unpaid: 0 };

async function openShop(): Promise<Database> {
  return openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, 'db') });
}

beforeAll(async () => {
  if (onPostgres) {
    const scratch = await scratchDatabase(process.env.DATABASE_URL!, {
      prefix: `shop_admin_${process.pid}`,
      template: postgresTemplateName(),
    });
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
  // The shop before the server starts (the embedded database is the server's alone once it runs).
  if (!onPostgres) migratedDataDir(path.join(dataDir, 'db'));
  const database = await openShop();
  try {
    const { db } = database;
    shop.demo = await addShopper(db, 'demo');
    shop.telegram = await addShopper(db, `tg_${TELEGRAM_ID}`, TELEGRAM_ID);
    const goods = await addShop(db, 'Admin Test Shop');
    shop.waiting = (await addOrder(db, { userId: shop.demo, ...goods })).id;
    shop.second = (await addOrder(db, { userId: shop.telegram, ...goods })).id;
    shop.unpaid = (await addOrder(db, { userId: shop.demo, ...goods, status: ORDER_STATUS.waitingPay })).id;
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

const env = () => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'info',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

const startServer = () => spawnServer({ ...env(), PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'false' });

/** The command line with `args` against this file's folder and database (tests/support/admin-cli.ts). */
const admin = (args: string[], opts: { silent?: boolean; npm?: boolean } = {}) => runAdmin(args, env(), opts);

const logLines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe(`npm run admin against a running server (${onPostgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('credits, lists, ships and tracks through the socket; refusals exit 1, bad usage 2', async () => {
    const server = startServer();
    const deadline = Date.now() + 90_000;
    while (
      !server.output().includes('operator socket listening') ||
      !server.output().includes('listening at')
    ) {
      if (Date.now() > deadline || server.child.exitCode !== null)
        throw new Error(`server did not start: ${server.errors()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    try {
      const byName = await admin(['credit', 'demo', '12.50', '--reason', 'Welcome to the shop'], {
        npm: true,
      });
      expect(byName.code).toBe(0);
      expect(byName.out).toContain('Credited $12.50 to demo');
      expect(byName.out).toContain('Balance now $12.50');

      const byTelegram = await admin(
        ['credit', String(TELEGRAM_ID), '5', '--reason', 'Goodwill', '--operator', 'ops-bot', '--json'],
        { silent: true },
      );
      expect(byTelegram.code).toBe(0);
      expect(JSON.parse(byTelegram.out)).toMatchObject({
        shopper: { id: shop.telegram, telegramId: TELEGRAM_ID },
        change: '5.00',
        balance: '5.00',
        replayed: false,
      });

      const list = await admin(['orders', '--status', '1']);
      expect(list.code).toBe(0);
      expect(list.out).toMatch(
        new RegExp(`\\n\\s*${shop.waiting}\\s+T\\w+\\s+waiting delivery\\s+demo\\s+Admin Test Shop`),
      );
      expect(list.out).toContain('Page 1 of 1 (2 orders).');

      const shipped = await admin(['ship', String(shop.waiting), 'DHL', 'JD014600006281']);
      expect(shipped.code).toBe(0);
      expect(shipped.out).toContain(`Order ${shop.waiting} (`);
      expect(shipped.out).toContain('shipped with DHL JD014600006281; the shopper is notified.');

      const again = await admin(['ship', String(shop.waiting), 'DHL', 'JD014600006281']);
      expect(again.code).toBe(0);
      expect(again.out).toContain('is already shipped with DHL JD014600006281; nothing changed.');

      const unpaid = await admin(['ship', String(shop.unpaid), 'DHL', 'JD0']);
      expect(unpaid.code).toBe(1);
      expect(unpaid.err).toContain(
        `error: Order ${shop.unpaid} is waiting pay: only an order waiting delivery can be shipped.`,
      );

      const tracked = await admin(['track', String(shop.waiting), 'Arrived at the Leipzig hub']);
      expect(tracked.code).toBe(0);
      expect(tracked.out).toContain('"Arrived at the Leipzig hub" added; the shopper is notified.');

      const bad = await admin(['credit', 'demo', '12,50', '--reason', 'x']);
      expect(bad.code).toBe(2);
      expect(bad.err).toContain('<amount>: "12,50" is not an amount');

      // The server did the work and logged each action with its operator.
      const actions = logLines(server.output()).filter((l) => l.msg === 'operator action');
      expect(actions.map((a) => [a.command, a.via])).toEqual([
        ['credit', 'socket'],
        ['credit', 'socket'],
        ['orders', 'socket'],
        ['ship', 'socket'],
        ['ship', 'socket'],
        ['track', 'socket'],
      ]);
      expect(actions[0].operator).toBe(os.userInfo().username);
      expect(actions[1].operator).toBe('ops-bot');
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
    expect(existsSync(path.join(dataDir, 'admin.sock'))).toBe(false);
  }, 240_000);

  it('with the server stopped, opens the database itself and runs the same commands', async () => {
    const list = await admin(['orders', '--json'], { silent: true, npm: true });
    expect(list.code).toBe(0);
    const page = JSON.parse(list.out) as { list: { id: number; status: number; carrier: string }[] };
    expect(page.list.find((o) => o.id === shop.waiting)).toMatchObject({ status: 2, carrier: 'DHL' });
    expect(logLines(list.err)).toEqual([
      expect.objectContaining({ msg: 'operator action', via: 'in-process' }),
    ]);

    const shipped = await admin([
      'ship',
      String(shop.second),
      'UPS',
      '1Z999AA10123456784',
      '--operator',
      'night-shift',
    ]);
    expect(shipped.code).toBe(0);
    expect(shipped.out).toContain('shipped with UPS 1Z999AA10123456784');

    const credited = await admin(['credit', 'demo', '1', '--reason', 'Offline credit']);
    expect(credited.code).toBe(0);
    expect(credited.out).toContain('Balance now $13.50');

    const refused = await admin(['track', String(shop.unpaid), 'Left the warehouse']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('logistics events go to shipped');

    // What both paths wrote, read back from the database.
    const database = await openShop();
    try {
      const { db } = database;
      const demoLedger = await ledgerOf(db, shop.demo);
      expect(demoLedger.map((e) => [e.type, e.balanceChange, e.note])).toEqual([
        ['adjustment', 1250, 'Welcome to the shop'],
        ['adjustment', 100, 'Offline credit'],
      ]);
      expect((await ledgerOf(db, shop.telegram))[0]).toMatchObject({ refType: 'operator', refId: 'ops-bot' });
      const events = await eventsOf(db, shop.waiting);
      expect(events).toEqual([expect.objectContaining({ fromStatus: 1, toStatus: 2, actor: 'operator' })]);
      expect(events[0].note).toContain(os.userInfo().username);
      expect((await eventsOf(db, shop.second))[0].note).toContain('night-shift');
      expect(await orderRow(db, shop.second)).toMatchObject({ status: 2, carrier: 'UPS' });
      expect((await tracksOf(db, shop.waiting)).map((t) => t.text)).toEqual(['Arrived at the Leipzig hub']);
      expect((await notificationsOf(db, shop.demo)).map((n) => n.kind)).toEqual(['order', 'track']);
      expect(await tracksOf(db, shop.unpaid)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 240_000);
});
