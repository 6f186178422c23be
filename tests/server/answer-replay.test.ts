import http from 'node:http';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TELEGRAM_AUTH_SCHEME } from '../../common/api/headers';
import { AnswerReplays } from '../../server/lib/answer-replay';
import { products, searchKeywords } from '../../server/db/schema';
import { invalidateCatalog } from '../../server/modules/catalog/answer-cache';
import { flushViews } from '../../server/modules/catalog/view-buffer';
import { seedCatalog } from '../../server/demo/catalog-seed';
import { createTestApp } from '../support/app';
import { useApp } from '../support/use-app';

/**
 * Public answers replayed ahead of the app (server/lib/answer-replay.ts), over real HTTP: the
 * replay is the HTTP server's own, which inject() does not pass through.
 */
// Answers fresh and views unwritten for as long as a test runs (it moves the clock itself): a
// replay dropped by a timer halfway through a test would make it fail by chance.
const t = useApp(async () => {
  const app = await createTestApp({ DEMO_DATA: true, CATALOG_CACHE_SECONDS: 300, VIEWS_FLUSH_SECONDS: 600 });
  await seedCatalog(app.database.db, { products: 30 });
  return app;
});
let base = '';
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
});
afterEach(() => {
  vi.useRealTimers();
  invalidateCatalog(t.database.db);
});

const served = () => t.app.answerReplays.served;

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
  const body = Buffer.from(await res.arrayBuffer());
  const own = new Set(['date', 'x-request-id', 'keep-alive', 'connection']);
  const kept = Object.fromEntries([...res.headers].filter(([name]) => !own.has(name)));
  return { status: res.status, body, headers: kept, id: res.headers.get('x-request-id') };
}

/** Answers `path` twice: the second must be a replay of the first. */
async function twice(path: string, headers: Record<string, string> = {}) {
  const before = served();
  const first = await get(path, headers);
  const second = await get(path, headers);
  return { first, second, replayed: served() - before };
}

const FEED = '/api/index/product?page=1&limit=5';

describe('a public answer the same for everyone is replayed ahead of the app', () => {
  it('the same request again gets the same bytes and headers, with a request id of its own', async () => {
    const { first, second, replayed } = await twice(FEED, { lang: 'de-DE' });
    expect(replayed).toBe(1);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    // Every header the app sent (security headers, type, length), as it sent it.
    expect(second.headers).toEqual(first.headers);
    expect(second.headers['content-security-policy']).toContain("default-src 'self'");
    expect(second.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.id).not.toBe(first.id);
    expect(JSON.parse(second.body.toString()).msg).toBe(JSON.parse(first.body.toString()).msg);
  });

  it('an answer kept compressed is replayed to a request asking the same encoding only', async () => {
    const br = { 'accept-encoding': 'br' };
    const { first, second, replayed } = await twice('/api/index/product?page=1&limit=20', br);
    expect(first.headers['content-encoding']).toBe('br');
    expect(replayed).toBe(1);
    expect(second.body.equals(first.body)).toBe(true);
    const before = served();
    const plain = await get('/api/index/product?page=1&limit=20', { 'accept-encoding': 'gzip' });
    expect(served()).toBe(before);
    expect(plain.headers['content-encoding']).toBe('gzip');
  });

  it('another language, another query or another path is answered by the app', async () => {
    await twice(FEED, { lang: 'en-US' });
    const before = served();
    await get(FEED, { lang: 'ja-JP' });
    await get('/api/index/product?page=2&limit=5', { lang: 'en-US' });
    await get('/api/index/hot_product?page=1&limit=5', { lang: 'en-US' });
    expect(served()).toBe(before);
  });

  it('a change announced by a writer shows at once: every replay is dropped', async () => {
    const { first } = await twice(FEED);
    const top = JSON.parse(first.body.toString()).data.list[0] as { id: number; price: string };
    await t.database.db.update(products).set({ price: 1 }).where(eq(products.id, top.id));
    invalidateCatalog(t.database.db);
    const before = served();
    const after = await get(FEED);
    expect(served()).toBe(before);
    expect(JSON.parse(after.body.toString()).data.list[0].price).toBe('0.01');
    await t.database.db.update(products).set({ price: 999 }).where(eq(products.id, top.id));
  });

  it('a change to one product page (a favourite, its views written) leaves the lists replayed', async () => {
    const { first } = await twice(FEED);
    const top = JSON.parse(first.body.toString()).data.list[0] as { id: number };
    const { token } = await t.register('replay_favourite');
    const liked = await t.endpoint<{ favourited: boolean }>('catalog.like', {
      body: { product_id: top.id },
      token,
    });
    expect(liked.data.favourited).toBe(true);
    const before = served();
    expect((await get(FEED)).body.equals(first.body)).toBe(true);
    expect(served()).toBe(before + 1);
  });

  it('past the answer’s freshness the app answers again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await twice(FEED);
    vi.setSystemTime(Date.now() + t.app.config.CATALOG_CACHE_SECONDS * 1000 + 1);
    const before = served();
    await get(FEED);
    expect(served()).toBe(before);
  });
});

describe('a visitor’s product page', () => {
  it('is replayed while its count stands, each replay noting its viewer as the app does', async () => {
    const feed = JSON.parse((await get(FEED)).body.toString()).data.list as { id: number }[];
    const id = feed[2].id;
    const path = `/api/product/detail?product_id=${id}`;
    // The test server trusts loopback as its proxy: each X-Forwarded-For is a viewer of its own.
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const seen = (answer: { body: Buffer }) =>
      (JSON.parse(answer.body.toString()) as { data: { product: { seen: number } } }).data.product.seen;
    await flushViews(t.database.db);
    const first = await twice(path, from('203.0.113.1'));
    expect(first.replayed).toBe(1);
    expect(seen(first.second)).toBe(seen(first.first));
    // A new viewer moves the count: the app answers it, with the count moved.
    let before = served();
    const other = await get(path, from('203.0.113.2'));
    expect(served()).toBe(before);
    expect(seen(other)).toBe(seen(first.first) + 1);
    // Both viewers again: replayed, their views not counted twice.
    before = served();
    const again = [await get(path, from('203.0.113.1')), await get(path, from('203.0.113.2'))];
    expect(served()).toBe(before + 2);
    expect(again.map(seen)).toEqual([seen(other), seen(other)]);
    // A shopper's view, noted by the app, moves the count too: the kept page is not replayed.
    const { token } = await t.register('replay_page_viewer');
    await get(path, { token });
    before = served();
    const moved = await get(path, from('203.0.113.1'));
    expect(served()).toBe(before);
    expect(seen(moved)).toBe(seen(other) + 1);
    await flushViews(t.database.db);
    const [row] = await t.database.db
      .select({ seen: products.seen })
      .from(products)
      .where(eq(products.id, id));
    expect(row.seen).toBe(seen(moved));
  });
});

describe('what is never replayed', () => {
  it('a signed-in shopper gets the public feed replayed too (it is the same), but not a shop page with its follow flag', async () => {
    const { token } = await t.register('replay_shopper');
    expect((await twice(FEED, { token })).replayed).toBe(1);
    const feed = JSON.parse((await get(FEED)).body.toString()).data.list as { id: number }[];
    const shopPath = `/api/merchant/detail?mer_id=${(await t.database.db.select({ shopId: products.shopId }).from(products).where(eq(products.id, feed[0].id)))[0].shopId}`;
    // Kept from a visitor's request: a shopper's request, which adds the follow flag, is not answered with it.
    expect((await twice(shopPath)).replayed).toBe(1);
    const before = served();
    const mine = await get(shopPath, { token });
    expect(served()).toBe(before);
    expect(JSON.parse(mine.body.toString()).data.followed).toBe(false);
    // Nor with an expired or unknown token's answer, kept for a visitor.
    const stranger = await twice(shopPath, { token: 'no-such-session' });
    expect(stranger.replayed).toBe(0);
  });

  it('a signed-in shopper’s typed search reaches the app each time (its keyword is kept)', async () => {
    const { token, id } = await t.register('replay_searcher');
    const path = `/api/product/search?title=${encodeURIComponent('shirt')}&page=1&limit=5`;
    expect((await twice(path, { token })).replayed).toBe(0);
    const kept = await t.database.db.select().from(searchKeywords).where(eq(searchKeywords.userId, id));
    expect(kept.map((k) => k.keyword)).toContain('shirt');
    // A visitor's is the same for everyone.
    expect((await twice(path)).replayed).toBe(1);
    expect((await twice(path, { token })).replayed).toBe(0);
  });

  it('a shopper’s product page (their favourite flag), Telegram init data and If-None-Match reach the app', async () => {
    const feed = JSON.parse((await get(FEED)).body.toString()).data.list as { id: number }[];
    const { token } = await t.register('replay_viewer');
    expect((await twice(`/api/product/detail?product_id=${feed[0].id}`, { token })).replayed).toBe(0);
    await twice(FEED);
    const before = served();
    await get(FEED, { authorization: `${TELEGRAM_AUTH_SCHEME} query_id=1` });
    await get(FEED, { 'if-none-match': '"x"' });
    expect(served()).toBe(before);
  });
});

describe('replays and announced changes', () => {
  /** A request for `url` as Fastify hands it to the hooks, and a reply that sent JSON. */
  const requestFor = (url: string) =>
    ({
      raw: { method: 'GET', url, headers: { 'accept-encoding': 'identity' } },
    }) as unknown as FastifyRequest;
  const reply = { statusCode: 200, getHeaders: () => ({ 'content-type': 'application/json' }) };

  it('an answer marked before a change was announced, and sent after it, is not kept', async () => {
    const replays = new AnswerReplays(() => '');
    const server = http.createServer((req, res) => {
      if (!replays.serve(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    try {
      const sent = (path: string, cacheKey: string, body: string, announce?: () => void) => {
        const request = requestFor(path);
        replays.mark(request, Date.now() + 60_000, cacheKey);
        announce?.();
        replays.keep(request, reply as unknown as FastifyReply, body);
      };
      sent('/late', 'feed:late|en-US', '{"old":true}', () => replays.clear());
      sent('/fresh', 'feed:fresh|en-US', '{"new":true}');
      sent('/shop', 'shop:7|en-US', '{"shop":7}');
      const identity = { headers: { 'accept-encoding': 'identity' } };
      expect((await fetch(`${url}/late`, identity)).status).toBe(404);
      const kept = await fetch(`${url}/fresh`, identity);
      expect(kept.status).toBe(200);
      expect(await kept.text()).toBe('{"new":true}');
      expect(replays.size).toBe(2);
      // A change named by its prefix drops the replays of those answers only.
      replays.clear('shop:7|');
      expect((await fetch(`${url}/shop`, identity)).status).toBe(404);
      expect((await fetch(`${url}/fresh`, identity)).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
