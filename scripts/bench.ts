/**
 * `npm run bench`: the catalogue's hot paths against a bare Fastify route, side by side in one run.
 *
 * For each database (embedded PGlite, and PostgreSQL when DATABASE_URL is set: a fresh database
 * there, dropped afterwards) it builds the real app in this process on the demo catalogue, listens
 * on loopback and drives every scenario with autocannon (64 connections, in a worker thread so the
 * load does not share the server's event loop). The bare route is a plain Fastify app in a process
 * of its own (scripts/lib/bare-route.mjs: no plugin, hook or database) answering a ~2.1 KB JSON
 * body from memory. Absolute numbers depend on the machine and its neighbours; the ratio to the
 * bare route, measured in the same minute (each scenario right after a run of the bare route, and
 * against that run), is what the targets hold.
 *
 * Options: --duration <s> (default 4), --connections <n> (64), --products <n> (demo size),
 * --only pglite|postgres. Prints a table and writes test-results/bench/<time>.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig, testConfig } from '../server/config';
import { seedCatalog, DEMO_PRODUCTS } from '../server/demo/catalog-seed';
import { openDatabase, type Database } from '../server/db/client';
import { bareBodyBytes, startBareRoute } from './lib/bare-route-client';
import { option } from './lib/options';
import { openScratchDatabase } from './lib/scratch-database';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const DURATION = Number(option('duration', '4'));
const CONNECTIONS = Number(option('connections', '64'));
const PRODUCTS = Number(option('products', String(DEMO_PRODUCTS)));
const ONLY = option('only', '');

/** Targets: share of the bare route's requests per second, and the p99 ceiling. */
const TARGETS: Record<string, number> = {
  feed: 0.5,
  'feed, compressed': 0.5,
  'feed (search, no text)': 0.5,
  'hot products': 0.5,
  'product detail': 0.4,
  'search latin': 0.4,
  'search cjk': 0.4,
  'deep page (cursor)': 0.5,
};
const P99_MAX_MS = 20;

interface Scenario {
  name: string;
  /** Another server than the shop (the bare route's). */
  base?: string;
  requests: { path: string; headers?: Record<string, string> }[];
}

interface Row {
  database: string;
  scenario: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ratio: number;
  non2xx: number;
  errors: number;
  bytesPerRequest: number;
}

async function openBenchDatabase(kind: 'pglite' | 'postgres', url?: string): Promise<Database> {
  if (kind === 'pglite') return openDatabase({});
  return openScratchDatabase(url as string, `shop_bench_${process.pid}`);
}

async function run(base: string, scenario: Scenario, duration: number) {
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration,
    workers: 1,
    // A request object with `headers: undefined` is never sent by autocannon's worker: omit the key.
    requests: scenario.requests.map((r) => ({
      method: 'GET',
      path: r.path,
      ...(r.headers && { headers: r.headers }),
    })),
  });
}

async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, { headers });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  if (body.code !== 1) throw new Error(`${url}: ${body.msg}`);
  return body.data;
}

async function benchDatabase(kind: 'pglite' | 'postgres', url?: string): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const database = await openBenchDatabase(kind, url);
  const started = Date.now();
  await seedCatalog(database.db, { products: PRODUCTS });
  await database.db.execute(sql`analyze`);
  console.log(`\n${kind}: ${PRODUCTS} products seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database });
  const bareBytes = bareBodyBytes();
  const bareRoute = await startBareRoute();
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    // Ids for the detail pages and the cursor of a deep page, read from the API itself.
    const feed = await getJson<{ list: { id: number }[] }>(`${base}/api/index/product?page=1&limit=50`);
    const ids = feed.list.filter((_, i) => i % 5 === 0).map((p) => p.id);
    let cursor: string | null = null;
    let depth = 1;
    for (let i = 0; i < 25; i++) {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page: { next: string | null } = await getJson(
        `${base}/api/index/product?page=${depth}&limit=10${q}`,
      );
      if (!page.next) break;
      cursor = page.next;
      depth++;
    }
    const deepPath = `/api/index/product?page=${depth}&limit=10&cursor=${encodeURIComponent(cursor ?? '')}`;

    const scenarios: Scenario[] = [
      { name: 'bare route', base: bareRoute.base, requests: [{ path: '/bench/bare' }] },
      { name: 'feed', requests: [{ path: '/api/index/product?page=1&limit=10' }] },
      // As every browser asks: the answer goes out compressed (server/lib/compression.ts).
      {
        name: 'feed, compressed',
        requests: [
          { path: '/api/index/product?page=1&limit=10', headers: { 'accept-encoding': 'gzip, deflate, br' } },
        ],
      },
      { name: 'feed (search, no text)', requests: [{ path: '/api/product/search?page=1&limit=10' }] },
      { name: 'hot products', requests: [{ path: '/api/index/hot_product?page=1&limit=10' }] },
      {
        name: 'product detail',
        requests: ids.map((id) => ({ path: `/api/product/detail?product_id=${id}` })),
      },
      {
        name: 'search latin',
        requests: [{ path: `/api/product/search?title=${encodeURIComponent('shirt')}&page=1&limit=10` }],
      },
      {
        name: 'search cjk',
        requests: [
          {
            path: `/api/product/search?title=${encodeURIComponent('手机')}&page=1&limit=10`,
            headers: { lang: 'zh-CN' },
          },
        ],
      },
      { name: 'deep page (cursor)', requests: [{ path: deepPath }] },
    ];
    // Requests a finished run left behind (the server still answers them after autocannon hangs
    // up; PGlite works on this very thread) must not be counted against the next scenario: wait
    // until a database round trip (/healthz) is quick again.
    const settle = async () => {
      const until = Date.now() + 60_000;
      while (Date.now() < until) {
        const started = Date.now();
        await fetch(`${base}/healthz`).then((r) => r.arrayBuffer());
        if (Date.now() - started < 50) break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    };
    console.log(`  bare body ${bareBytes} bytes; deep page ${depth}; detail ids ${ids.join(', ')}`);

    // A short warm-up of every scenario (JIT, plan caches), then the measured runs in order.
    for (const s of scenarios) {
      await run(s.base ?? base, s, 1);
      await settle();
    }
    // The machine is shared: each scenario runs right after a run of the bare route and is
    // compared with that run, so a neighbour's burst moves both sides of a ratio alike.
    const rows: Row[] = [];
    const measure = async (s: Scenario, bareRps: number) => {
      const result = await run(s.base ?? base, s, DURATION);
      await settle();
      const rps = result.requests.average;
      const row: Row = {
        database: kind,
        scenario: s.name,
        requestsPerSecond: Math.round(rps),
        p50: result.latency.p50,
        p99: result.latency.p99,
        ratio: bareRps ? rps / bareRps : 1,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        bytesPerRequest: result.requests.total
          ? Math.round(result.throughput.total / result.requests.total)
          : 0,
      };
      console.log(
        `  ${s.name.padEnd(24)} ${String(row.requestsPerSecond).padStart(7)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(5)} ms  ${(row.ratio * 100).toFixed(1).padStart(5)}%`,
      );
      return row;
    };
    const [bare, ...shop] = scenarios;
    const bareRows: Row[] = [];
    for (const s of shop) {
      const b = await measure(bare, 0);
      bareRows.push(b);
      rows.push(await measure(s, b.requestsPerSecond));
    }
    const mean = (f: (r: Row) => number) =>
      Math.round(bareRows.reduce((sum, r) => sum + f(r), 0) / bareRows.length);
    rows.unshift({
      ...bareRows[0],
      scenario: 'bare route',
      requestsPerSecond: mean((r) => r.requestsPerSecond),
      p50: mean((r) => r.p50),
      p99: mean((r) => r.p99),
      ratio: 1,
    });
    return rows;
  } finally {
    bareRoute.stop();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function table(rows: Row[]): string {
  const head = '| database | scenario | req/s | p50 ms | p99 ms | of bare | target |';
  const lines = rows.map((r) => {
    const target = TARGETS[r.scenario];
    const met = target === undefined || (r.ratio >= target && r.p99 < P99_MAX_MS);
    const goal =
      target === undefined ? '' : `≥ ${target * 100}%, p99 < ${P99_MAX_MS} ${met ? 'ok' : 'MISSED'}`;
    return `| ${r.database} | ${r.scenario} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${(r.ratio * 100).toFixed(1)}% | ${goal} |`;
  });
  return [head, '| --- | --- | ---: | ---: | ---: | ---: | --- |', ...lines].join('\n');
}

async function main() {
  const config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL });
  const kinds: ('pglite' | 'postgres')[] = [];
  if (ONLY !== 'postgres') kinds.push('pglite');
  if (ONLY !== 'pglite' && config.DATABASE_URL) kinds.push('postgres');
  const rows: Row[] = [];
  for (const kind of kinds) rows.push(...(await benchDatabase(kind, config.DATABASE_URL)));
  console.log(`\n${table(rows)}\n`);
  const out = path.join(ROOT, 'test-results', 'bench');
  mkdirSync(out, { recursive: true });
  const file = path.join(out, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const meta = { duration: DURATION, connections: CONNECTIONS, products: PRODUCTS, cpus: os.cpus().length };
  writeFileSync(file, JSON.stringify({ ...meta, rows }, null, 2));
  console.log(`written ${path.relative(ROOT, file)}`);
  const missed = rows.filter((r) => {
    const target = TARGETS[r.scenario];
    return target !== undefined && (r.ratio < target || r.p99 >= P99_MAX_MS);
  });
  if (missed.length) console.log(`${missed.length} scenario(s) below target`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
