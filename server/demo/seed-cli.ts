import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { configurePayPins } from '../lib/pay-pins';
import { seedCatalog } from './catalog-seed';
import { openDatabase } from '../db/client';
import { seedDemo } from './seed';

/**
 * `npm run seed -- --products 100000`: grows the demo catalogue to the given number of products on
 * the configured database (DATABASE_URL, else the embedded one in DATA_DIR), for benchmarks. Same
 * generator as the first start, so the first 360 products are the usual demo ones. Run it while no
 * server writes to the same embedded database.
 */
function argValue(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return fallback;
  const text = args[i].includes('=') ? args[i].split('=')[1] : args[i + 1];
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 0) {
    console.error(`--${name} needs a whole number, got "${text}"`);
    process.exit(2);
  }
  return n;
}

const USAGE = `Usage: npm run seed -- [--products N] [--batch N]

Loads the demo shopper and grows the demo catalogue to N products (default 360) on DATABASE_URL, or
on the embedded database in DATA_DIR. --batch: products per insert (1 to 3000, default 1000).`;

async function main() {
  if (process.argv.slice(2).some((a) => a === '--help' || a === '-h')) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  configurePayPins(config.WALLET_KEY);
  const size = argValue('products', 360);
  const batch = Math.max(1, Math.min(argValue('batch', 1000), 3000));
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/db` });
  const started = Date.now();
  try {
    await seedDemo(database.db);
    let last = 0;
    const result = await seedCatalog(database.db, {
      products: size,
      batch,
      progress: (done) => {
        if (done - last >= 10_000 || done === size) {
          last = done;
          console.log(`  ${done} products (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        }
      },
    });
    // Fresh statistics and visibility map, so the planner and index-only scans see the new rows.
    await database.db.execute(sql`vacuum analyze products`);
    await database.db.execute(sql`vacuum analyze product_specs`);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Demo catalogue on ${database.kind}: ${result.products} products (${result.added} added), ${result.shops} shops, in ${seconds} s.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error('Seeding failed:', err);
  process.exit(1);
});
