import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chosenEncoding, CompressedCopies, COMPRESS_THRESHOLD } from '../../server/lib/compression';
import { useCatalogApp } from './catalog-fixture';

/**
 * Answers of 1 KB or more go out compressed to the clients that accept it (every browser does), in
 * one body with its length: not streamed in chunks through a new encoder per answer, which cost a
 * catalogue answer five times its CPU. A cached public answer is compressed once per encoding.
 */
const t = useCatalogApp();

const FEED = '/api/index/product?page=1&limit=20';

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      lang: 'en-US',
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });

describe('the encoding a client accepts', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['br;q=x', undefined],
    ['', undefined],
  ])('%j answers %s', (header, encoding) => {
    expect(chosenEncoding(header)).toBe(encoding);
  });
});

describe('API answers', () => {
  it('a large answer goes out in Brotli or gzip, whole, with its length, and reads as the plain one', async () => {
    const plain = await get(FEED);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_THRESHOLD);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');

    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [header, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get(FEED, header);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toBe('accept-encoding');
      // One body of known length, not a stream sent in chunks.
      expect(res.headers['transfer-encoding']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(decoders[encoding](res.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });

  it('a cached public answer is compressed once: later answers send the same bytes', async () => {
    const first = await get(FEED, 'br');
    const second = await get(FEED, 'br');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const copies = new CompressedCopies(JSON.stringify({ text: 'x'.repeat(2000) }));
    expect(copies.in('br')).toBe(copies.in('br'));
    expect(gunzipSync(copies.in('gzip')).toString('utf8')).toBe(copies.body);
  });

  it('an answer made for one shopper (not cached) is compressed as it goes out', async () => {
    const { token } = await t.register('compressed_reader');
    const url = '/api/product/detail?product_id=3';
    const read = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { token, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const plain = await read();
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_THRESHOLD);
    const res = await read('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['transfer-encoding']).toBeUndefined();
    const answer = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as {
      code: number;
      data: { favourited: boolean };
    };
    // The shopper's own flag is in it: made for this request, not the visitors' cached copy.
    expect(answer.code).toBe(1);
    expect(answer.data.favourited).toBe(false);
    expect(answer).toEqual(JSON.parse(plain.body));
  });

  it('a small answer goes out as it is', async () => {
    const res = await get('/api/index/index', 'gzip, deflate, br');
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body)).toMatchObject({ code: 1 });
  });
});
