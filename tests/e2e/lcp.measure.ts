/**
 * `npm run lcp` (vitest.lcp.config.ts: run by vitest like the browser suite, not part of it, since a
 * time is a measurement here, not a test): the home screen's largest contentful paint on a slow phone, inside the mocked
 * Telegram client of the browser suite (so the shopper logs in silently first, as in Telegram).
 *
 * Starts the shop as `npm start` does (building the app when stale), then opens /home in Debian's
 * Chromium with a cold cache, 4x CPU slowdown and slow 4G (1.6 Mbit/s down, 750 kbit/s up, 150 ms
 * latency), and reads the last 'largest-contentful-paint' entry. Several runs, the median counts.
 * Prints what was painted, the request waterfall, the app's start-up steps (src/main.tsx marks them) and
 * the long tasks of the median run; writes
 * test-results/lcp/<time>.json. LCP_RUNS (default 3) and LCP_PATH (/home) change what is measured;
 * LCP_PATH may name several pages, comma-separated (`/home,/detail/272`): their runs take turns, so
 * the machine's load weighs on each alike, and a table compares their medians.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { launchChromium, telegramContext } from './support/browser';
import { startFakeBotApi } from './support/fake-bot-api';
import { E2E_BOT_TOKEN, ROOT, startShop } from './support/shop';

const RUNS = Number(process.env.LCP_RUNS ?? 3);
const PAGES = (process.env.LCP_PATH ?? '/home')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const BUDGET_MS = 2000;
/** Screens whose first view holds pictures: the measure waits for one before it reads the paint. */
const PICTURE_SCREENS = /^\/(home|explore|popular|detail|shop|products)?(\/|$|\?)/;
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
};

interface Run {
  lcp: number;
  element: string;
  url: string;
  size: number;
  waterfall: { url: string; start: number; end: number; bytes: number }[];
  /** The app's start-up marks (src/main.tsx, 'shop:…') and the main thread's long tasks, in ms. */
  startUp: { marks: [string, number][]; longTasks: [number, number][] };
}

async function measure(browser: Browser, baseUrl: string, pageUrl: string): Promise<Run> {
  const tg = await telegramContext(browser, { baseUrl, botToken: E2E_BOT_TOKEN });
  const { page } = tg;
  try {
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: { t: number; el: string; url: string; size: number }[] };
      w.__lcp = [];
      const longTasks: [number, number][] = [];
      (window as unknown as { __longTasks: [number, number][] }).__longTasks = longTasks;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {
          element?: Element;
          url?: string;
          size?: number;
        })[]) {
          const el = e.element;
          const name = el ? `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}` : '';
          w.__lcp.push({ t: e.startTime, el: name, url: e.url ?? '', size: e.size ?? 0 });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const started = Date.now();
    const waterfall: Run['waterfall'] = [];
    page.on('requestfinished', (request) => {
      void request.sizes().then((sizes) => {
        const timing = request.timing();
        const start = timing.startTime - started;
        waterfall.push({
          url: request.url().replace(baseUrl, '').slice(0, 90),
          start: Math.round(start),
          end: Math.round(start + timing.responseEnd),
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        });
      });
    });
    await page.goto(tg.launchUrl(pageUrl), { waitUntil: 'load' });
    // The screen's largest piece: its first picture, or on a screen without pictures its content.
    const screen = page.locator('.screen:not([hidden])');
    await screen
      .locator(PICTURE_SCREENS.test(pageUrl) ? 'img' : '*')
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(async (err: unknown) => {
        const shot = path.join(ROOT, 'test-results', 'lcp', 'failed.png');
        mkdirSync(path.dirname(shot), { recursive: true });
        await page.screenshot({ path: shot });
        throw new Error(
          `Nothing painted on ${pageUrl} (screenshot ${shot}; page errors: ${tg.errors.join('; ')})`,
          { cause: err },
        );
      });
    // Let late images land: LCP entries stop with the first input, and there is none here.
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    await page.waitForTimeout(1000);
    const entries = await page.evaluate(
      () => (window as unknown as { __lcp: { t: number; el: string; url: string; size: number }[] }).__lcp,
    );
    const last = entries.at(-1);
    if (!last) throw new Error('No largest-contentful-paint entry was recorded');
    waterfall.sort((a, b) => a.start - b.start);
    const startUp = await page.evaluate(() => ({
      marks: performance
        .getEntriesByType('mark')
        .filter((m) => m.name.startsWith('shop:'))
        .map((m): [string, number] => [m.name, Math.round(m.startTime)]),
      longTasks: (window as unknown as { __longTasks: [number, number][] }).__longTasks,
    }));
    return { lcp: Math.round(last.t), element: last.el, url: last.url, size: last.size, waterfall, startUp };
  } finally {
    await tg.context.close();
  }
}

it('measures the largest contentful paint of the first screen', { timeout: 900_000 }, async () => {
  const api = await startFakeBotApi();
  const shop = await startShop({ telegramApiRoot: api.url });
  const browser = await launchChromium();
  const runs = new Map<string, Run[]>(PAGES.map((p) => [p, []]));
  try {
    // One run per page to warm the server (image renders, plans): the phone's cache is cold every time.
    for (const pageUrl of PAGES) await measure(browser, shop.url, pageUrl);
    for (let i = 0; i < RUNS; i++) {
      for (const pageUrl of PAGES) {
        const run = await measure(browser, shop.url, pageUrl);
        console.log(
          `${pageUrl} run ${i + 1}: LCP ${run.lcp} ms (${run.element} ${run.url.replace(shop.url, '')})`,
        );
        runs.get(pageUrl)?.push(run);
      }
    }
  } finally {
    await browser.close();
    await shop.stop();
    await api.close();
  }
  const medians = PAGES.map((pageUrl) => {
    const sorted = [...(runs.get(pageUrl) ?? [])].sort((a, b) => a.lcp - b.lcp);
    return { page: pageUrl, median: sorted[Math.floor(sorted.length / 2)], runs: sorted };
  });
  for (const { page: pageUrl, median } of medians) {
    console.log(`\n${pageUrl}: waterfall of the median run (ms from navigation, bytes on the wire):`);
    for (const r of median.waterfall) {
      console.log(
        `  ${String(r.start).padStart(6)} → ${String(r.end).padStart(6)}  ${String(r.bytes).padStart(7)}  ${r.url}`,
      );
    }
    // Where the main thread went between the scripts' arrival and the paint (ms from the page's start).
    const { marks, longTasks } = median.startUp;
    console.log(
      `  start-up: ${marks.map(([name, at]) => `${name.slice(5)} ${at}`).join(' → ')}; paint ${median.lcp}`,
    );
    console.log(`  long tasks (start+duration): ${longTasks.map(([at, ms]) => `${at}+${ms}`).join(', ')}`);
  }
  console.log(`\nPage                  LCP median (ms, ${RUNS} runs)  Budget ${BUDGET_MS} ms`);
  for (const { page: pageUrl, median } of medians) {
    const verdict = median.lcp <= BUDGET_MS ? 'within' : 'OVER';
    console.log(`${pageUrl.padEnd(22)}${String(median.lcp).padStart(8)}                   ${verdict}`);
  }
  const out = path.join(ROOT, 'test-results', 'lcp');
  mkdirSync(out, { recursive: true });
  const file = path.join(out, `lcp-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        cpuSlowdown: 4,
        network: SLOW_4G,
        pages: medians.map((m) => ({ path: m.page, median: m.median.lcp, runs: m.runs })),
      },
      null,
      2,
    ),
  );
  console.log(`written ${path.relative(ROOT, file)}`);
  for (const { median } of medians) expect(median.lcp).toBeGreaterThan(0);
});
