import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RechargeAnswer } from '../../common/schemas/wallet-topup';
import type { ExtractAnswer } from '../../common/schemas/wallet-withdraw';
import { startAdminSocket, type AdminSocket } from '../../server/admin/socket-server';
import { networks, recharges, withdrawals } from '../../server/db/schema';
import { walletProblems } from './support/wallet-invariants';
import {
  bankWithdrawal,
  chainTopUp,
  shopper,
  VISA,
  walletOf,
  walletShop,
  type Shopper,
  type WalletShop,
  runAdmin,
} from './wallet-fixture';

/**
 * The operator's wallet commands as `npm run admin` runs them: the command line in this process
 * talking to the server's socket on the wallet suites' shop (the same words, checks and services
 * as a separate process; tests/server/operator-cli.test.ts runs real processes).
 */
const VISA_DIGITS = VISA.replace(/\s/g, '');
let shop: WalletShop;
let socket: AdminSocket;
let ada: Shopper;
const logLines: string[] = [];

beforeAll(async () => {
  shop = await walletShop();
  const log = pino({ level: 'info' }, { write: (line: string) => logLines.push(line) });
  socket = (await startAdminSocket({ dataDir: shop.dataDir, database: shop.t.database, log }))!;
  ada = await shopper(shop.t, 'ada_admin', { cents: 50_000 });
});
afterAll(async () => {
  await socket?.close();
  await shop.close();
});

const cli = (argv: string[]) => runAdmin(shop, argv);

const topUp = async (s: Shopper, amount = '25') =>
  (
    await shop.t.endpoint<RechargeAnswer>('wallet.recharge', {
      token: s.token,
      body: await chainTopUp(shop, s, { amount }),
    })
  ).data;
const withdraw = async (s: Shopper, amount = '20') =>
  (
    await shop.t.endpoint<ExtractAnswer>('wallet.extract', {
      token: s.token,
      body: bankWithdrawal({ amount, holder: 'Ada L' }),
    })
  ).data.withdrawal;

describe('every wallet command has its help', () => {
  it.each([
    ['recharges', 'Usage: npm run admin -- recharges [options]'],
    ['recharge', 'Usage: npm run admin -- recharge <pass|refuse> <top-up id> [<arrival amount>] [options]'],
    ['withdrawals', 'Usage: npm run admin -- withdrawals [options]'],
    ['withdraw', 'Usage: npm run admin -- withdraw <pass|refuse|reveal> <withdrawal id> [options]'],
    ['network', 'Usage: npm run admin -- network <add|set|list> [<name|id>] [options]'],
  ])('%s --help', async (name, usage) => {
    const run = await cli([name, '--help']);
    expect(run.code).toBe(0);
    expect(run.out).toContain(usage);
    expect(run.out).toContain(`npm run admin -- ${name}`);
    expect((await cli(['--help'])).out).toContain(`  ${name} `);
  });
});

describe('recharges and recharge', () => {
  it('lists top-ups with their evidence, passes one with the amount that arrived, refuses another', async () => {
    const one = await topUp(ada, '48.50');
    const two = await topUp(ada, '30');
    const list = await cli(['recharges', '--status', 'auditing', '--user', 'ada_admin']);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(
      new RegExp(`^\\s*${two.id}\\s+chain\\s+auditing\\s+ada_admin\\s+\\$30\\.00`, 'm'),
    );
    expect(list.out).toContain('USDT-TRC20');
    expect(list.out).toMatch(/evidence\/\d{4}-\d{2}\/[0-9a-f]{24}\.webp/);

    // The operator's link to the evidence picture opens it without the shopper's session.
    const json = JSON.parse((await cli(['recharges', '--user', 'ada_admin', '--json'])).out) as {
      list: { id: number; evidenceLink: string }[];
    };
    const link = json.list.find((r) => r.id === one.id)!.evidenceLink;
    expect((await shop.t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);

    const before = await walletOf(shop.t, ada.id);
    const passed = await cli(['recharge', 'pass', String(one.id), '48.25']);
    expect(passed).toMatchObject({ code: 0, err: '' });
    expect(passed.out).toBe(
      `Top-up ${one.id} passed: $48.25 credited to ada_admin (user ${ada.id}). Balance now $${((before.balance + 4825) / 100).toFixed(2)}; the shopper is notified.`,
    );
    expect((await cli(['recharge', 'pass', String(one.id), '48.25'])).out).toBe(
      `Top-up ${one.id} was already passed with $48.25; nothing changed.`,
    );
    const other = await cli(['recharge', 'pass', String(one.id), '50']);
    expect(other.code).toBe(1);
    expect(other.err).toContain('already passed with $48.25');

    const refused = await cli(['recharge', 'refuse', String(two.id), '--reason', 'No transfer arrived']);
    expect(refused.out).toBe(
      `Top-up ${two.id} refused ("No transfer arrived"); nothing moved; the shopper is notified.`,
    );
    expect(await walletOf(shop.t, ada.id)).toEqual({ balance: before.balance + 4825, frozen: before.frozen });
    const [row] = await shop.t.database.db.select().from(recharges).where(eq(recharges.id, two.id));
    expect(row).toMatchObject({ status: 2, reason: 'No transfer arrived', auditedBy: 'alice' });
    const line = logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.command === 'recharge');
    expect(line).toMatchObject({ msg: 'operator action', operator: 'alice', via: 'socket' });
  });

  it.each([
    [['recharge', 'refuse', '5'], '--reason: required'],
    [['recharge', 'pass', '5', '--reason', 'x'], 'a pass takes no reason'],
    [['recharge', 'refuse', '5', '12', '--reason', 'x'], 'a refusal takes no amount'],
    [['recharge', 'pass', '5', '0'], 'is not an amount'],
    [['recharge', 'pass', '5', '1.999'], 'is not an amount'],
    [['recharge', 'approve', '5'], 'pass or refuse'],
    [['recharge', 'pass'], 'missing <top-up id>'],
    [['recharges', '--status', '7'], 'is not an audit status'],
  ])('%j is bad usage (exit 2): %s', async (argv, message) => {
    const run = await cli(argv);
    expect(run.code).toBe(2);
    expect(run.err).toContain(message);
  });

  it('an unknown top-up is refused (exit 1)', async () => {
    const run = await cli(['recharge', 'pass', '999999']);
    expect(run).toMatchObject({ code: 1, err: 'error: There is no top-up 999999.' });
  });
});

describe('withdrawals and withdraw', () => {
  it('lists withdrawals with the card as its last four digits; reveal shows the number to pay; pass pays out', async () => {
    const w = await withdraw(ada, '20');
    const list = await cli(['withdrawals', '--status', '0']);
    expect(list.out).toMatch(
      new RegExp(`^\\s*${w.id}\\s+bank\\s+auditing\\s+ada_admin\\s+\\$20\\.00\\s+\\$1\\.00`, 'm'),
    );
    expect(list.out).toContain('Demo Bank •••• 4242 Ada L');
    const json = await cli(['withdrawals', '--json']);
    for (const text of [list.out, json.out]) expect(text).not.toContain(VISA_DIGITS);

    const reveal = await cli(['withdraw', 'reveal', String(w.id)]);
    expect(reveal.out).toBe(
      `Withdrawal ${w.id}: pay $20.00 to Ada L, Demo Bank, card ${VISA_DIGITS}. Then: npm run admin -- withdraw pass ${w.id}`,
    );
    const before = await walletOf(shop.t, ada.id);
    const passed = await cli(['withdraw', 'pass', String(w.id)]);
    expect(passed.out).toBe(
      `Withdrawal ${w.id} passed: $21.00 ($20.00 + fee $1.00) paid out of ada_admin's frozen amount to Demo Bank •••• 4242; the shopper is notified.`,
    );
    expect(await walletOf(shop.t, ada.id)).toEqual({ balance: before.balance, frozen: before.frozen - 2100 });
    expect((await cli(['withdraw', 'pass', String(w.id)])).out).toBe(
      `Withdrawal ${w.id} was already passed; nothing changed.`,
    );
    // Once decided, the number is not shown again.
    const late = await cli(['withdraw', 'reveal', String(w.id)]);
    expect(late.code).toBe(1);
    expect(late.err).toContain('no longer shown');
    // The number is never in the log, not even the reveal's.
    expect(logLines.join('\n')).not.toContain(VISA_DIGITS);
    expect(logLines.some((l) => l.includes('"command":"withdraw"'))).toBe(true);
  });

  it('refuse returns amount + fee to the balance', async () => {
    const w = await withdraw(ada, '30');
    const before = await walletOf(shop.t, ada.id);
    const run = await cli(['withdraw', 'refuse', String(w.id), '--reason', 'Card blocked']);
    expect(run.out).toBe(
      `Withdrawal ${w.id} refused ("Card blocked"): $31.00 ($30.00 + fee $1.00) returned to ada_admin's balance, now $${((before.balance + 3100) / 100).toFixed(2)}; the shopper is notified.`,
    );
    expect(await walletOf(shop.t, ada.id)).toEqual({
      balance: before.balance + 3100,
      frozen: before.frozen - 3100,
    });
    const [row] = await shop.t.database.db.select().from(withdrawals).where(eq(withdrawals.id, w.id));
    expect(row.status).toBe(2);
    expect((await cli(['withdraw', 'pass', String(w.id)])).code).toBe(1);
    expect(await walletProblems(shop.t.database.db)).toEqual([]);
  });

  it.each([
    [['withdraw', 'refuse', '5'], '--reason: required'],
    [['withdraw', 'reveal', '5', '--reason', 'x'], 'reveal takes no reason'],
    [['withdraw', 'cancel', '5'], 'pass, refuse or reveal'],
  ])('%j is bad usage (exit 2)', async (argv, message) => {
    const run = await cli(argv);
    expect(run.code).toBe(2);
    expect(run.err).toContain(message);
  });
});

describe('network', () => {
  it('lists, adds and changes networks; shoppers see the change', async () => {
    const list = await cli(['network', 'list']);
    expect(list.out).toMatch(/USDT-TRC20\s+yes\s+\$10\.00\s+\$10\.00-\$10,000\.00\s+1\.00 %, min \$1\.00/);
    const added = await cli([
      'network',
      'add',
      'USDC-SOL',
      '--address',
      'DEMO-SOL-not-a-real-address',
      '--pattern',
      '[1-9A-HJ-NP-Za-km-z]{32,44}',
      '--min-recharge',
      '5',
      '--fee-rate',
      '1.5',
      '--fee-min',
      '0.5',
      '--sort',
      '9',
    ]);
    expect(added.code).toBe(0);
    expect(added.out).toMatch(
      /^Network \d+ added\. USDC-SOL: deposit to DEMO-SOL-not-a-real-address; top-up from \$5\.00; withdraw \$10\.00 to \$10,000\.00, fee 1\.50 % \(at least \$0\.50\); enabled\.$/,
    );
    const [row] = await shop.t.database.db.select().from(networks).where(eq(networks.name, 'USDC-SOL'));
    expect(row).toMatchObject({
      feeRateBps: 150,
      feeMin: 50,
      minRecharge: 500,
      addressPattern: '[1-9A-HJ-NP-Za-km-z]{32,44}',
    });

    const shown = await shop.t.endpoint<{ list: { name: string }[] }>('wallet.getBlockchain', {
      token: ada.token,
    });
    expect(shown.data.list.map((n) => n.name)).toContain('USDC-SOL');
    const off = await cli(['network', 'set', 'usdc-sol', '--enabled', 'false', '--max-withdraw', '500']);
    expect(off.out).toContain('Now: USDC-SOL');
    expect(off.out).toContain('withdraw $10.00 to $500.00');
    expect(off.out).toMatch(/disabled\.$/);
    const hidden = await shop.t.endpoint<{ list: { name: string }[] }>('wallet.getBlockchain', {
      token: ada.token,
    });
    expect(hidden.data.list.map((n) => n.name)).not.toContain('USDC-SOL');
  });

  it('refuses what cannot be a network', async () => {
    const dup = await cli(['network', 'add', 'usdt-trc20', '--address', 'X']);
    expect(dup).toMatchObject({ code: 1 });
    expect(dup.err).toContain('There is a network "usdt-trc20" already');
    const pattern = await cli(['network', 'set', 'BTC', '--pattern', '([a-z']);
    expect(pattern.code).toBe(1);
    expect(pattern.err).toContain('is not a regular expression');
    const range = await cli(['network', 'set', 'BTC', '--max-withdraw', '10']);
    expect(range.err).toContain('maximum withdrawal must not be below the minimum');
    expect((await cli(['network', 'set', 'Nowhere', '--sort', '1'])).err).toContain(
      'There is no network "Nowhere"',
    );
    for (const [argv, message] of [
      [['network', 'add', 'X'], 'add needs --address'],
      [['network', 'set', 'BTC'], 'set needs at least one option'],
      [['network', 'set', 'BTC', '--fee-rate', '101'], 'is not a rate'],
      [['network', 'set', 'BTC', '--enabled', 'maybe'], 'true or false'],
      [['network', 'list', 'BTC'], 'list takes no network'],
    ] as [string[], string][]) {
      const run = await cli(argv);
      expect(run.code).toBe(2);
      expect(run.err).toContain(message);
    }
  });
});
