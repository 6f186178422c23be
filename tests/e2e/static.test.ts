import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBotApi, type FakeBotApi } from './support/fake-bot-api';
import { startShop, type RunningShop } from './support/shop';

/** How `npm start` serves the built Mini App: cached hashed assets, index.html for path routes. */
let api: FakeBotApi;
let shop: RunningShop;

beforeAll(async () => {
  api = await startFakeBotApi();
  shop = await startShop({ telegramApiRoot: api.url });
});

afterAll(async () => {
  await shop?.stop();
  await api?.close();
});

describe('serving the built Mini App', () => {
  it('answers index.html, never cached, for every path route', async () => {
    for (const route of ['/', '/home', '/orderInfo/12', '/detail/3/1', '/anything/else']) {
      const res = await fetch(`${shop.url}${route}`);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const html = await (await fetch(`${shop.url}/home`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) {
      const res = await fetch(`${shop.url}${asset}`);
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('keeps the first screen small: the scripts index.html loads stay under 150 KB gzipped', async () => {
    const html = await (await fetch(`${shop.url}/home`)).text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    let total = 0;
    for (const script of scripts) {
      const res = await fetch(`${shop.url}${script}`, { headers: { 'accept-encoding': 'identity' } });
      const { gzipSync } = await import('node:zlib');
      total += gzipSync(Buffer.from(await res.arrayBuffer())).length;
    }
    expect(total).toBeGreaterThan(50_000);
    expect(total).toBeLessThan(150_000);
  });

  it('answers the envelope, not the app, for unknown API paths and missing files', async () => {
    const api404 = await fetch(`${shop.url}/api/nothing/here`);
    expect(api404.status).toBe(404);
    expect(await api404.json()).toMatchObject({ code: 0, data: null });
    const missing = await fetch(`${shop.url}/assets/missing-file.js`);
    expect(missing.status).toBe(404);
  });
});
