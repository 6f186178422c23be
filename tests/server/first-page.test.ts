import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_PRELOADS_FILE, type BootData, type ScreenPreloads } from '../../common/boot';
import type { ProductDetailAnswer } from '../../common/schemas/catalog';
import { seedCatalog } from '../../server/demo/catalog-seed';
import { createTestApp, type TestApp } from '../support/app';
import { get, productRow } from './catalog-fixture';

/**
 * The product page as the server writes it (server/web/boot.ts): the product as a visitor sees it
 * inside the page, its first picture, code and texts preloaded, no view counted. A built app of its
 * own (index.html and the build's preload list, as vite.config.ts writes them) in a scratch folder.
 */
const INDEX =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>SHOP</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';
const PRELOADS: ScreenPreloads = {
  detail: {
    scripts: ['/assets/DetailPage-abc.js', '/assets/Stars-def.js'],
    styles: ['/assets/Stars-12.css'],
  },
  laterTexts: { 'en-US': '/assets/en-US-later.js', 'de-DE': '/assets/de-DE-later.js' },
};

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'shop-first-page-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, SCREEN_PRELOADS_FILE), JSON.stringify(PRELOADS));
  t = await createTestApp({ DEMO_DATA: true, SHOP_DIST: dist });
  await seedCatalog(t.database.db, { products: 12 });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

async function page(url: string, lang = 'en-US', ip = '198.51.100.7') {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { 'accept-language': lang },
    remoteAddress: ip,
  });
  const html = res.body;
  const boot = /<script type="application\/json" id="boot">([^<]*)<\/script>/.exec(html)?.[1];
  return {
    status: res.statusCode,
    html,
    boot: boot === undefined ? undefined : (JSON.parse(boot) as BootData),
  };
}

describe('the product page as the server writes it', () => {
  it('carries the product as a visitor sees it, in the page language, with its picture, code and texts preloaded', async () => {
    const { status, html, boot } = await page('/detail/3', 'de-DE,de;q=0.9');
    expect(status).toBe(200);
    expect(boot?.lang).toBe('de-DE');
    const api = await get<ProductDetailAnswer>(t, '/api/product/detail', {
      query: { product_id: '3' },
      lang: 'de-DE',
      ip: '198.51.100.8',
    });
    // The API's answer counts its own view in `seen`; everything else is the same answer.
    const { seen, ...product } = api.data.product;
    expect(boot?.product).toEqual({ ...api.data, product: { ...product, seen: seen - 1 } });
    expect(boot?.product?.favourited).toBe(false);
    const picture = api.data.product.images[0].replace(/&/g, '&amp;');
    expect(html).toContain(
      `<link rel="preload" as="image" href="${picture}&amp;w=800" fetchpriority="high" />`,
    );
    // The picture comes before anything else in <head>: it takes a connection first.
    expect(html.indexOf('rel="preload" as="image"')).toBeLessThan(html.indexOf('<title>'));
    for (const script of [...PRELOADS.detail.scripts, '/assets/de-DE-later.js', '/assets/en-US-later.js'])
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="${script}">`);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/Stars-12.css">');
  });

  it('preloads only English texts for an English page, and follows the /detail/:product/:mer form', async () => {
    const { html, boot } = await page('/detail/4/1');
    expect(boot?.product?.product.id).toBe(4);
    expect(html).toContain('/assets/en-US-later.js');
    expect(html).not.toContain('/assets/de-DE-later.js');
  });

  it('counts no view: the app’s own call does', async () => {
    const before = (await productRow(t, 5)).seen;
    await page('/detail/5', 'en-US', '198.51.100.20');
    await page('/detail/5', 'en-US', '198.51.100.21');
    const { token } = await t.register('first_page_viewer');
    const api = await get<ProductDetailAnswer>(t, '/api/product/detail', {
      query: { product_id: '5' },
      token,
    });
    expect(api.data.product.seen).toBe(before + 1);
  });

  it('answers index.html unchanged for a product that does not exist or a malformed address', async () => {
    for (const url of ['/detail/99999', '/detail/abc', '/detail/', '/detail/3/x', '/orderInfo/3']) {
      const { status, html, boot } = await page(url);
      expect(status, url).toBe(200);
      expect(boot, url).toBeUndefined();
      expect(html, url).toBe(INDEX);
    }
  });
});
