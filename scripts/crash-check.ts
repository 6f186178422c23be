/**
 * `npm run crash-check`: 50 shoppers check out and pay against the real server in a child process;
 * in the middle of it the server is killed with SIGKILL, then started again on the same data. The
 * check: every payment the server acknowledged is there, nothing is half made (an order without
 * its items, a debit without its orders, an order paid without a debit), and the money and stock
 * invariants hold (scripts/lib/invariants.ts). Runs on embedded PGlite, and on PostgreSQL when
 * DATABASE_URL is set (a fresh database there, dropped afterwards).
 *
 * With --processes 2 (PostgreSQL only) two server processes on the one database and data folder
 * take the load side by side; the first is killed and the second serves on, every shopper now.
 *
 * Options: --only pglite|postgres, --shoppers <n> (50), --kill-after <acknowledged payments> (25),
 * --processes 1|2 (1). tests/server/crash.test.ts runs it on each database of the suite, and with
 * two processes on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { ledgerEntries, orders } from '../server/db/schema';
import { seedDemo } from '../server/demo/seed';
import { configurePasswords } from '../server/lib/passwords';
import { allProblems, stockSnapshot } from './lib/invariants';
import { buyAndPay, makeBuyers, startServer, stockedItems, stopped } from './lib/buyers';
import { scratchDatabase } from './lib/scratch-database';

export interface CrashReport {
  kind: 'pglite' | 'postgres';
  acknowledged: number;
  lostInFlight: number;
  paidAfterRestart: number;
  problems: string[];
}

export interface CrashOptions {
  kind: 'pglite' | 'postgres';
  /** Required for kind postgres: the server to make a fresh database on. */
  databaseUrl?: string;
  /**
   * 2 (PostgreSQL only): two server processes on the one database and DATA_DIR take the load side
   * by side; the first is killed and the second goes on serving everyone, without a restart.
   */
  processes?: 1 | 2;
  shoppers?: number;
  killAfter?: number;
  /**
   * log2 of scrypt's N for the shoppers' payment passwords and the server's hashes; absent, the
   * server's own default. The test suite passes its test cost (the server then runs with NODE_ENV=test).
   */
  hashCost?: number;
  /**
   * Start from an already migrated database instead of migrating an empty one (the test suite's
   * templates): `pglite` fills the embedded database's folder, `postgresTemplate` names the
   * PostgreSQL database the fresh one is copied from.
   */
  migrated?: { pglite?: (dbDir: string) => void; postgresTemplate?: string };
  /** Node's flags for the server processes (the test suite's for processes of seconds). */
  nodeFlags?: string[];
}

export async function crashCheck(options: CrashOptions): Promise<CrashReport> {
  const shoppers = options.shoppers ?? 50;
  const killAfter = options.killAfter ?? 25;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-crash-'));
  let dropDatabase = async () => {};
  let url: string | undefined;
  if (options.kind === 'postgres') {
    if (!options.databaseUrl) throw new Error('postgres needs a DATABASE_URL');
    const scratch = await scratchDatabase(options.databaseUrl, {
      prefix: 'shop_crash',
      template: options.migrated?.postgresTemplate,
    });
    url = scratch.url;
    dropDatabase = scratch.drop;
  }
  if (!url) options.migrated?.pglite?.(path.join(dataDir, 'db'));
  const env: Record<string, string> = { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) };
  if (options.hashCost !== undefined) {
    configurePasswords({ costLog2: options.hashCost });
    Object.assign(env, { NODE_ENV: 'test', PASSWORD_HASH_COST: String(options.hashCost) });
  }
  const open = () => openDatabase({ url, dataDir: url ? undefined : path.join(dataDir, 'db') });
  try {
    // The shop as the server will find it: demo catalogue, funded shoppers with an address each.
    const setup = await open();
    await seedDemo(setup.db);
    const buyers = await makeBuyers(setup.db, shoppers, 1_000_000, 'crash');
    const items = await stockedItems(setup.db, 8);
    const before = await stockSnapshot(setup.db);
    await setup.close();

    const pair = options.processes === 2;
    if (pair && !url) throw new Error('two processes need PostgreSQL');
    const flags = options.nodeFlags ?? [];
    const [first, other] = await Promise.all([
      startServer(env, flags),
      pair ? startServer(env, flags) : undefined,
    ]);
    const acknowledged: string[] = [];
    let lostInFlight = 0;
    let killed = false;
    const exited = stopped(first.child);
    await Promise.all(
      buyers.map(async (buyer, i) => {
        for (let round = 0; round < 4 && (pair || !killed); round++) {
          // Side by side, every other shopper on each; once the first is gone, all on the other.
          const base = other && (killed || i % 2 === 1) ? other.base : first.base;
          const result = await buyAndPay(base, buyer, items[(i + round) % items.length]);
          if (result.outcome === 'paid') acknowledged.push(result.outTradeNo!);
          if (result.outcome === 'lost') lostInFlight++;
          if (!killed && acknowledged.length >= killAfter) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        }
      }),
    );
    if (!killed) first.child.kill('SIGKILL');
    await exited;

    // Alone, started again on the same data: it must take over the stale lock and serve. Side by
    // side, the other process serves on.
    const second = other ?? (await startServer(env, flags));
    let paidAfterRestart = 0;
    for (const [i, buyer] of buyers.slice(0, 5).entries()) {
      const result = await buyAndPay(second.base, buyer, items[i % items.length]);
      if (result.outcome === 'paid') paidAfterRestart++;
    }
    const secondExit = stopped(second.child);
    second.child.kill('SIGTERM');
    await secondExit;

    const check = await open();
    const problems = await allProblems(check.db, before);
    if (acknowledged.length > 0) {
      const found = await check.db
        .select({ outTradeNo: orders.outTradeNo, paidAt: orders.paidAt })
        .from(orders)
        .where(inArray(orders.outTradeNo, acknowledged));
      for (const trade of acknowledged) {
        const rows = found.filter((o) => o.outTradeNo === trade);
        if (rows.length === 0 || rows.some((o) => o.paidAt === null)) {
          problems.push(`acknowledged payment ${trade} is missing after the crash`);
        }
      }
      // Once: one payment entry per acknowledged checkout, whichever process took it.
      const debits = await check.db
        .select({ refId: ledgerEntries.refId })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.type, 'payment'), inArray(ledgerEntries.refId, acknowledged)));
      for (const trade of acknowledged) {
        const times = debits.filter((d) => d.refId === trade).length;
        if (times !== 1) problems.push(`acknowledged payment ${trade} was taken ${times} times`);
      }
    }
    await check.close();
    return {
      kind: options.kind,
      acknowledged: acknowledged.length,
      lostInFlight,
      paidAfterRestart,
      problems,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase();
  }
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const only = option('only');
  const kinds = (['pglite', 'postgres'] as const).filter(
    (k) =>
      (!only || only === k) &&
      (k === 'pglite' ? option('processes') !== '2' : Boolean(process.env.DATABASE_URL)),
  );
  let failed = false;
  for (const kind of kinds) {
    const report = await crashCheck({
      kind,
      databaseUrl: process.env.DATABASE_URL,
      shoppers: Number(option('shoppers') ?? 50),
      killAfter: Number(option('kill-after') ?? 25),
      processes: option('processes') === '2' ? 2 : 1,
    });
    console.log(
      `${kind}: ${report.acknowledged} payments acknowledged before SIGKILL, ${report.lostInFlight} requests cut off, ` +
        `${report.paidAfterRestart}/5 paid after restart, ${report.problems.length} problems`,
    );
    for (const p of report.problems) console.log(`  - ${p}`);
    failed ||= report.problems.length > 0 || report.paidAfterRestart === 0;
  }
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) void main();
