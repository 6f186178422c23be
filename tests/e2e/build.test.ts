import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without types
import { sourcesHash } from '../../scripts/build.mjs';
import { startFakeBotApi } from './support/fake-bot-api';
import { ROOT, startShop } from './support/shop';

/**
 * `npm start` builds the Mini App once per set of sources and mode, and always for production.
 * The environment is vitest's own, NODE_ENV=test included, which is what once left a development
 * build of React behind. The first test reads the run's own dist/, which the first shop of the run
 * built (or this file builds, waiting on a build under way); a development build (as npm start sees
 * one: by its stamp) and its replacement go to a scratch folder (SHOP_DIST), never to the dist/ the
 * other browser files are served from.
 */
const scratch = mkdtempSync(path.join(os.tmpdir(), 'shop-build-'));
const DIST = path.join(scratch, 'dist');
const STAMP = path.join(DIST, '.sources');
const RUN_DIST = path.join(ROOT, 'dist');

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function ensureBuilt(dist = DIST): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), '--if-needed'], {
      cwd: ROOT,
      env: { ...process.env, SHOP_DIST: dist },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** All the built scripts of a folder, as one text. */
const scripts = (dist: string) =>
  readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(dist, 'assets', f), 'utf8'))
    .join('\n');

// React's production build answers errors by number; its development build calls jsxDEV.
const PRODUCTION = 'Minified React error';
const DEVELOPMENT = 'jsxDEV';

describe('building the Mini App', () => {
  it('builds for production under any NODE_ENV, and never rebuilds a build of the same sources', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    const first = await ensureBuilt(RUN_DIST);
    expect(first.code, first.output).toBe(0);
    expect(scripts(RUN_DIST)).toContain(PRODUCTION);
    expect(scripts(RUN_DIST)).not.toContain(DEVELOPMENT);
    const hash = readFileSync(path.join(RUN_DIST, '.sources'), 'utf8');
    expect(hash.trim()).toBe(sourcesHash());

    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(ROOT, 'src', 'main.tsx'), later, later);
    const again = await ensureBuilt(RUN_DIST);
    expect(again.code).toBe(0);
    expect(again.output).not.toContain('Building');
    expect(readFileSync(path.join(RUN_DIST, '.sources'), 'utf8')).toBe(hash);
  });

  it('npm start rebuilds a development build of the same sources, once when several instances start together', async () => {
    // What a development build of these sources leaves behind, as npm start sees it: a folder whose
    // stamp names development (npm start reads the stamp, not the scripts). It is the run's own
    // build copied, with a file no production build makes, so the rebuild shows in the folder too.
    expect((await ensureBuilt(RUN_DIST)).code).toBe(0);
    cpSync(RUN_DIST, DIST, { recursive: true });
    writeFileSync(STAMP, `${sourcesHash('development')}\n`);
    const leftOver = path.join(DIST, 'assets', 'development-only.js');
    writeFileSync(leftOver, `export const ${DEVELOPMENT} = true;\n`);
    expect(scripts(DIST)).toContain(DEVELOPMENT);

    // `npm start` and two more instances at once (as behind a load balancer): one builds, the
    // others wait for it and find the whole build.
    const api = await startFakeBotApi();
    const [shop, ...others] = await Promise.all([
      startShop({ telegramApiRoot: api.url, settings: { SHOP_DIST: DIST } }),
      ensureBuilt(),
      ensureBuilt(),
    ]);
    try {
      expect(others.map((r) => r.code)).toEqual([0, 0]);
      const outputs = [shop.output(), ...others.map((r) => r.output)];
      expect(outputs.filter((output) => output.includes('Building'))).toHaveLength(1);
      const html = await (await fetch(`${shop.url}/`)).text();
      expect(html).toContain('<div id="root">');
      const entry = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(entry).toBeDefined();
      const served = await (await fetch(`${shop.url}${entry}`)).text();
      expect(served).not.toContain(DEVELOPMENT);
      expect(scripts(DIST)).toContain(PRODUCTION);
      expect(scripts(DIST)).not.toContain(DEVELOPMENT);
      expect(readFileSync(STAMP, 'utf8').trim()).toBe(sourcesHash());
      expect(existsSync(leftOver)).toBe(false);
    } finally {
      await shop.stop();
      await api.close();
    }
  });
});
