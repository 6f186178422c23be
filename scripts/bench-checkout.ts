/**
 * `npm run bench:checkout`: checkout + payment throughput with 50 shoppers at once against the real
 * server in a child process (`merSubmit` then `merPay`, each with its Idempotency-Key, as the Mini
 * App sends them). Reports orders per second, and p50/p99 of the submit, of the payment and of the
 * two together, on PGlite and on PostgreSQL when DATABASE_URL is set (a fresh database there,
 * dropped afterwards); then checks the money and stock invariants on what the run left, and last
 * measures the bare route of `npm run bench` (a plain Fastify process) in the same minutes, so the
 * table reads against what the machine serves with no database at all.
 *
 * The server runs at the production password-hash cost (PASSWORD_HASH_COST, default 17); the
 * shoppers' sessions are made directly and their payment passwords are keyed hashes, checked in
 * microseconds as every shopper's are (server/lib/pay-pins.ts), and each has its connection open
 * before the clock starts (openConnections), so a run measures checkout and payment, not hashing
 * or connecting.
 * Options: --duration <s> (10), --shoppers <n> (50), --only pglite|postgres, --cost <14-20>,
 * --workers <n> (1: server processes on the one port, as WORKERS=n; more than 1 on PostgreSQL only).
 *
 * `--flash <units>`: a flash sale instead (200 shoppers unless --shoppers says otherwise): one
 * product with exactly that many units, every shopper buying one at a time until it is sold out.
 * Reports paid orders per second until the last unit was paid, the time each late buyer waited for
 * "sold out", and counts as problems any unit not sold or sold twice.
 *
 * Beside the rates, the CPU milliseconds the server and the database spent per paid order
 * (scripts/lib/cpu-time.ts): on a shared machine the rate moves with whatever else runs, the cost
 * of an order much less, so a change is judged by both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { inArray, sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../server/db/client';
import { productSpecs, products } from '../server/db/schema';
import { seedDemo } from '../server/demo/seed';
import { configurePasswords } from '../server/lib/passwords';
import { flashSale, stockFlashItem, unitsLeft } from './lib/flash-sale';
import { allProblems, stockSnapshot } from './lib/invariants';
import {
  makeBuyers,
  openConnections,
  payOne,
  startServer,
  submitOne,
  stockedItems,
  stopped,
  type Item,
} from './lib/buyers';
import { startBareRoute } from './lib/bare-route-client';
import { option } from './lib/options';
import { scratchDatabase } from './lib/scratch-database';
import { cpuCounter, perOrder } from './lib/cpu-time';

const DURATION = Number(option('duration', '10'));
const FLASH = Number(option('flash', '0'));
const SHOPPERS = Number(option('shoppers', FLASH ? '200' : '50'));
/** The longest a flash sale may take before the bench gives up on selling out. */
const FLASH_LIMIT_MS = 120_000;
const COST = option('cost', '17');
const ONLY = option('only', '');
const WORKERS = Number(option('workers', '1'));

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Enough stock on `items` that nobody runs out during the run. */
async function stockPlenty(db: Db, items: Item[]) {
  await db
    .update(productSpecs)
    .set({ stock: 1_000_000 })
    .where(
      inArray(
        productSpecs.productId,
        items.map((i) => i.productId),
      ),
    );
  await db
    .update(products)
    .set({
      stock: sql`case when exists (select 1 from ${productSpecs} where ${productSpecs.productId} = ${products.id})
          then (select sum(${productSpecs.stock})::int from ${productSpecs} where ${productSpecs.productId} = ${products.id})
          else 1000000 end`,
    })
    .where(
      inArray(
        products.id,
        items.map((i) => i.productId),
      ),
    );
}

async function run(kind: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-checkout-'));
  let url: string | undefined;
  let drop = async () => {};
  if (kind === 'postgres') {
    const scratch = await scratchDatabase(process.env.DATABASE_URL!, { prefix: 'shop_bench' });
    url = scratch.url;
    drop = scratch.drop;
  }
  const open = () => openDatabase({ url, dataDir: url ? undefined : path.join(dataDir, 'db') });
  try {
    configurePasswords({ costLog2: Number(COST) });
    const setup = await open();
    await seedDemo(setup.db);
    const buyers = await makeBuyers(setup.db, SHOPPERS, 100_000_000, 'bench');
    const items = await stockedItems(setup.db, FLASH ? 1 : 40);
    if (FLASH) await stockFlashItem(setup.db, items[0], FLASH);
    else await stockPlenty(setup.db, items);
    const before = await stockSnapshot(setup.db);
    await setup.close();

    const server = await startServer({
      DATA_DIR: dataDir,
      PASSWORD_HASH_COST: COST,
      // Checkouts per shopper in 10 minutes: the load makes hundreds.
      ORDER_RATE: '1000000',
      WORKERS: String(WORKERS),
      ...(url ? { DATABASE_URL: url } : {}),
    });
    const ms = (v: number) => `${Math.round(v)} ms`;
    const stop = async () => {
      const exit = stopped(server.child);
      server.child.kill('SIGTERM');
      await exit;
    };
    await openConnections(server.base, buyers.length);
    const cpu = await cpuCounter(server.child.pid!, url);
    if (FLASH) {
      const sale = await flashSale(server.base, buyers, items[0], FLASH_LIMIT_MS);
      const used = await cpu.stop();
      await stop();
      const check = await open();
      const problems = await allProblems(check.db, before);
      const left = await unitsLeft(check.db, items[0]);
      await check.close();
      if (left !== 0) problems.push(`${left} of ${FLASH} units left unsold`);
      if (sale.paid + left !== FLASH)
        problems.push(`${sale.paid} paid orders for ${FLASH - left} units sold`);
      return {
        paid: sale.paid,
        row:
          `| ${kind} | ${FLASH} | ${(sale.paid / sale.seconds).toFixed(1)} | ${sale.paid} | ` +
          `${ms(percentile(sale.totalMs, 50))} / ${ms(percentile(sale.totalMs, 99))} | ` +
          `${ms(percentile(sale.soldOutMs, 50))} / ${ms(percentile(sale.soldOutMs, 99))} | ` +
          `${perOrder(used, sale.paid)} |`,
        refusals: Object.fromEntries(sale.refusals),
        problems,
      };
    }
    const submitMs: number[] = [];
    const payMs: number[] = [];
    const totalMs: number[] = [];
    const refusals = new Map<string, number>();
    let paid = 0;
    const end = Date.now() + DURATION * 1000;
    await Promise.all(
      buyers.map(async (buyer, i) => {
        let n = i;
        while (Date.now() < end) {
          const item = items[n++ % items.length];
          const t0 = performance.now();
          const submitted = await submitOne(server.base, buyer, item);
          const t1 = performance.now();
          if (submitted.envelope.code !== 1) {
            const why = submitted.envelope.error ?? String(submitted.status);
            refusals.set(why, (refusals.get(why) ?? 0) + 1);
            continue;
          }
          const { outTradeNo } = submitted.envelope.data as { outTradeNo: string };
          const answer = await payOne(server.base, buyer, outTradeNo, end + 30_000);
          const t2 = performance.now();
          if (answer.envelope.code !== 1) {
            const why = answer.envelope.error ?? String(answer.status);
            refusals.set(why, (refusals.get(why) ?? 0) + 1);
            continue;
          }
          paid++;
          submitMs.push(t1 - t0);
          payMs.push(t2 - t1);
          totalMs.push(t2 - t0);
        }
      }),
    );
    const elapsed = (Date.now() - (end - DURATION * 1000)) / 1000;
    const used = await cpu.stop();
    await stop();
    const check = await open();
    const problems = await allProblems(check.db, before);
    await check.close();
    const p50p99 = (values: number[]) => `${ms(percentile(values, 50))} / ${ms(percentile(values, 99))}`;
    return {
      paid,
      row:
        `| ${kind} | ${(paid / elapsed).toFixed(1)} | ${p50p99(submitMs)} | ${p50p99(payMs)} | ` +
        `${p50p99(totalMs)} | ${perOrder(used, paid)} |`,
      refusals: Object.fromEntries(refusals),
      problems,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await drop();
  }
}

async function main() {
  const kinds = (['pglite', 'postgres'] as const).filter(
    (k) => (!ONLY || ONLY === k) && (k === 'pglite' ? WORKERS === 1 : Boolean(process.env.DATABASE_URL)),
  );
  console.log(
    `${SHOPPERS} shoppers, ${FLASH ? `a flash sale of ${FLASH} units` : `${DURATION} s`}, login hash cost ` +
      `2^${COST}, ${WORKERS} server process(es), ${os.cpus().length} cores`,
  );
  if (FLASH) {
    console.log(
      '| database | units | paid orders/s | paid | submit+pay p50 / p99 | "sold out" p50 / p99 | CPU ms per paid order (server / database / client) |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  } else {
    console.log(
      '| database | paid orders/s | submit p50 / p99 | pay p50 / p99 | submit+pay p50 / p99 | CPU ms per paid order (server / database / client) |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  }
  let failed = false;
  for (const kind of kinds) {
    const r = await run(kind);
    console.log(r.row);
    if (Object.keys(r.refusals).length) console.log(`  refused: ${JSON.stringify(r.refusals)}`);
    for (const p of r.problems) console.log(`  problem: ${p}`);
    failed ||= r.problems.length > 0 || r.paid === 0;
  }
  // What the machine serves at all in the same minutes: the bare route of `npm run bench`, a plain
  // Fastify process with no database (a paid order is two requests, each a transaction).
  const bare = await startBareRoute();
  try {
    const result = await autocannon({ url: `${bare.base}/bench/bare`, connections: SHOPPERS, duration: 4 });
    console.log(
      `bare route (plain Fastify process, ${SHOPPERS} connections): ${Math.round(result.requests.average)} requests/s`,
    );
  } finally {
    bare.stop();
  }
  process.exit(failed ? 1 : 0);
}

void main();
