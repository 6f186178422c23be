import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { runCli } from '../../server/admin/program';
import { adminSocketPath, type AdminAnswer, type AdminRequest } from '../../server/admin/protocol';
import { askServer } from '../../server/admin/socket-client';
import { startAdminSocket, type AdminSocket } from '../../server/admin/socket-server';
import { freshDatabase } from '../support/db';
import { addShopper, ledgerOf } from './operator-fixture';

/**
 * The operator socket and the command line inside this process: the server's end on a test
 * database, the client's requests, and the CLI's parsing. tests/server/operator-cli.test.ts runs
 * the real processes.
 */
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-op-'));
  dirs.push(dir);
  return dir;
};

let database: Database;
let dataDir: string;
let socket: AdminSocket;
const logLines: string[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => logLines.push(line) });

beforeAll(async () => {
  database = await freshDatabase();
  dataDir = tempDir();
  socket = (await startAdminSocket({ dataDir, database, log }))!;
  await addShopper(database.db, 'sock_shopper', 6_600_000_001);
});
afterAll(async () => {
  await socket?.close();
  await database.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const request = (r: Partial<AdminRequest>): AdminRequest => ({
  command: 'credit',
  words: { user: 'sock_shopper', amount: '2.50', reason: 'Socket test' },
  operator: 'tester',
  requestId: `r-${Math.random().toString(36).slice(2)}`,
  database: database.kind,
  ...r,
});

/** A CLI run in this process with the environment of a shop in `dir`; answers exit code and output. */
async function cli(argv: string[], dir = dataDir) {
  const out: string[] = [];
  const err: string[] = [];
  const env = {
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.kind === 'postgres' ? 'postgres://unused/x' : undefined,
  };
  const code = await runCli(argv, env, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('the operator socket', () => {
  it('is a Unix socket in the data folder that only its owner may open (0600)', () => {
    expect(socket.path).toBe(path.join(dataDir, 'admin.sock'));
    const stat = statSync(socket.path);
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it('runs a command sent to it and logs it with the operator', async () => {
    const answer = await askServer(socket.path, request({ requestId: 'sock-1' }));
    expect(answer).toMatchObject({
      ok: true,
      view: { change: '2.50', requestId: 'sock-1', replayed: false },
    });
    const line = logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.requestId === 'sock-1');
    expect(line).toMatchObject({
      msg: 'operator action',
      operator: 'tester',
      command: 'credit',
      via: 'socket',
    });
  });

  it('answers usage errors, refusals and a request for another database without acting', async () => {
    const usage = await askServer(
      socket.path,
      request({ words: { user: 'sock_shopper', amount: 'lots', reason: 'x' } }),
    );
    expect(usage).toMatchObject({ ok: false, kind: 'usage' });
    const unknown = await askServer(socket.path, request({ command: 'launch' }));
    expect(unknown).toMatchObject({ ok: false, kind: 'usage', message: 'unknown command "launch"' });
    const refused = await askServer(
      socket.path,
      request({ words: { user: 'ghost', amount: '1', reason: 'x' } }),
    );
    expect(refused).toMatchObject({ ok: false, kind: 'refused', code: 'operator.shopperNotFound' });
    const other = database.kind === 'pglite' ? 'postgres' : 'pglite';
    const elsewhere = await askServer(socket.path, request({ database: other }));
    expect(elsewhere).toMatchObject({ ok: false, kind: 'failed', code: 'otherDatabase' });
    const [shopper] = await database.db.query.users.findMany({
      where: (u, { eq }) => eq(u.account, 'sock_shopper'),
    });
    expect(await ledgerOf(database.db, shopper.id)).toHaveLength(1);
  });

  it('answers a line that is not a request with an error and keeps serving', async () => {
    const reply = await new Promise<string>((resolve) => {
      const conn = net.createConnection(socket.path);
      let text = '';
      conn.on('data', (c) => (text += String(c)));
      conn.on('close', () => resolve(text));
      conn.write('{"command": 42}\n');
    });
    expect(JSON.parse(reply) as AdminAnswer).toMatchObject({ ok: false, code: 'badRequest' });
    expect(
      await askServer(socket.path, request({ command: 'settings', words: { action: 'get' } })),
    ).toMatchObject({ ok: true });
  });

  it('a second server on the same folder leaves a live socket alone', async () => {
    const second = await startAdminSocket({ dataDir, database, log });
    expect(second).toBeUndefined();
    expect(await askServer(socket.path, request({ command: 'orders', words: {} }))).toMatchObject({
      ok: true,
    });
  });

  it('a socket file left by a killed process is replaced at start; close removes it', async () => {
    const dir = tempDir();
    const file = adminSocketPath(dir);
    const holder = spawn(process.execPath, [
      '-e',
      "require('net').createServer().listen(process.argv[1], () => console.log('up'))",
      file,
    ]);
    await new Promise((resolve) => holder.stdout.once('data', resolve));
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(statSync(file).isSocket()).toBe(true);
    expect(await askServer(file, request({}))).toBeUndefined();

    const fresh = await startAdminSocket({ dataDir: dir, database, log });
    expect(fresh).toBeDefined();
    expect(await askServer(file, request({ command: 'orders', words: {} }))).toMatchObject({ ok: true });
    await fresh!.close();
    expect(existsSync(file)).toBe(false);
    expect(await askServer(file, request({}))).toBeUndefined();
  });

  it('refuses to remove a file that is not a socket', async () => {
    const dir = tempDir();
    writeFileSync(adminSocketPath(dir), 'not a socket');
    expect(await startAdminSocket({ dataDir: dir, database, log })).toBeUndefined();
    expect(statSync(adminSocketPath(dir)).isFile()).toBe(true);
  });
});

describe('the command line', () => {
  it("--help lists every command and exits 0; a command's --help shows its usage and examples", async () => {
    const tool = await cli(['--help']);
    expect(tool.code).toBe(0);
    for (const name of ['credit', 'debit', 'orders', 'ship', 'track', 'settings'])
      expect(tool.out).toContain(`  ${name} `);
    const ship = await cli(['ship', '--help']);
    expect(ship.code).toBe(0);
    expect(ship.out).toContain(
      'Usage: npm run admin -- ship <order id> <carrier> <tracking number> [options]',
    );
    expect(ship.out).toContain('npm run admin -- ship 12 DHL');
  });

  it('bad usage exits 2 with a clear message, before reaching any shop', async () => {
    const nowhere = path.join(tempDir(), 'no-shop');
    const cases: [string[], string][] = [
      [[], 'which command?'],
      [['launch'], 'unknown command "launch"'],
      [['credit', 'sock_shopper'], 'missing <amount>'],
      [['credit', 'sock_shopper', 'abc', '--reason', 'x'], '<amount>: "abc" is not an amount'],
      [['credit', 'sock_shopper', '1.999', '--reason', 'x'], 'is not an amount'],
      [['credit', 'sock_shopper', '-5', '--reason', 'x'], 'amounts are positive'],
      [['credit', 'sock_shopper', '5'], '--reason: required'],
      [['credit', 'sock_shopper', '5', '--reason', 'x', '--colour', 'red'], "Unknown option '--colour'"],
      [['ship', '12', 'DHL'], 'missing <tracking number>'],
      [['ship', 'twelve', 'DHL', 'X1'], '<order id>: must be a whole number'],
      [['track', '12', 'Arrived', 'early'], 'too many arguments'],
      [['orders', '--status', '9'], '"9" is not an order status'],
      [['orders', '--limit', '500'], '--limit: must be from 1 to 100'],
      [['settings', 'set', 'fright', '{}'], 'there is no setting "fright"'],
      [['settings', 'set', 'freight', '{fee: 1}'], 'the value is not JSON'],
      [['settings', 'set', 'freight', '{"fee": -1, "freeAbove": null}'], 'fee must not be negative'],
      [['settings', 'delete', 'freight'], 'get or set'],
      [['ship', '12', 'DHL', 'X1', '--request-id', 'r-1'], "Unknown option '--request-id'"],
      [
        ['credit', 'sock_shopper', '5', '--reason', 'x', '--request-id', 'no spaces'],
        '--request-id: 1 to 100',
      ],
      [['orders', '--operator', 'two words'], '--operator: 1 to 64'],
    ];
    for (const [argv, message] of cases) {
      const run = await cli(argv, nowhere);
      expect({ argv, code: run.code }).toEqual({ argv, code: 2 });
      expect(run.err).toContain(message);
      expect(run.out).toBe('');
    }
  });

  it('talks to the server through the socket: human output, --json output, refusals exit 1', async () => {
    const human = await cli([
      'credit',
      'tg:6600000001',
      '1.25',
      '--reason',
      'By Telegram id',
      '--operator',
      'carol',
    ]);
    expect(human).toMatchObject({ code: 0, err: '' });
    expect(human.out).toMatch(
      /^Credited \$1\.25 to sock_shopper \(user \d+, Telegram 6600000001\)\. Balance now \$3\.75/,
    );
    const json = await cli([
      'credit',
      'sock_shopper',
      '1',
      '--reason',
      'x',
      '--request-id',
      'cli-json',
      '--json',
    ]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toMatchObject({
      change: '1.00',
      balance: '4.75',
      requestId: 'cli-json',
      replayed: false,
    });
    const replay = await cli(['credit', 'sock_shopper', '1', '--reason', 'x', '--request-id', 'cli-json']);
    expect(replay.out).toContain('Request cli-json was already carried out');
    const refused = await cli(['debit', 'sock_shopper', '100', '--reason', 'x', '--json']);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.err)).toMatchObject({ error: 'operator.balanceShort', kind: 'refused' });
    const noOrder = await cli(['ship', '999999', 'DHL', 'X1']);
    expect(noOrder).toMatchObject({ code: 1, err: 'error: There is no order 999999.' });
    const logged = logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.operator === 'carol');
    expect(logged).toEqual([
      expect.objectContaining({ msg: 'operator action', command: 'credit', via: 'socket' }),
    ]);
  });

  it('without a server and without a database in DATA_DIR it fails (exit 1) and says so', async () => {
    if (database.kind === 'postgres') return; // a DATABASE_URL shop has no folder to miss
    const run = await cli(['orders'], path.join(tempDir(), 'empty'));
    expect(run.code).toBe(1);
    expect(run.err).toContain('there is no shop database in');
  });
});
