import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers of 1 KB or more (API answers, pages) compressed for the clients that accept it, in one
 * call and one write. Every browser, and so every shopper, asks for compression. @fastify/compress
 * made a stream of every such answer, with a Brotli encoder of its own, and sent it in chunks: a
 * cached page of products was answered 2,000-2,800 times a second so on this 2-core machine,
 * against 12,000-13,000 without compression. Here the body is compressed in one call (Brotli at
 * quality 4: about 40 µs for a page of products), and a cached public answer once per encoding,
 * kept with it (CompressedCopies): 8,800-10,900 a second.
 *
 * Files are not compressed here: the built app's are compressed at build time (vite.config.ts,
 * answered by @fastify/static), uploads are pictures. The plugin's three hooks on every request,
 * left with nothing to do, cost about a seventh of a cached answer's time, so it is gone.
 */
export const COMPRESS_THRESHOLD = 1024;

/** What we answer in, by preference: Brotli is smaller, gzip is what every client has. */
const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** JSON, text, HTML, JavaScript, SVG: types that shrink (pictures are WebP already). */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/](?:json|xml|javascript)(?:;|$)/;

/** The encoding to answer in for an Accept-Encoding header; undefined: identity. */
export function chosenEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (typeof header !== 'string' || header === '') return undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)));
  }
  // A NaN weight (a malformed q) is not above 0: that encoding is not taken.
  return ENCODINGS.find((e) => (weights.get(e) ?? weights.get('*') ?? 0) > 0);
}

/** `body` compressed in `encoding`, in one call (Brotli at quality 4, sized for the body). */
export function compressed(body: string | Buffer, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body);
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
    },
  });
}

/** An answer's body compressed once per encoding, kept for the answers that send it again. */
export class CompressedCopies {
  private readonly copies = new Map<Encoding, Buffer>();
  constructor(readonly body: string) {}

  in(encoding: Encoding): Buffer {
    let copy = this.copies.get(encoding);
    if (!copy) this.copies.set(encoding, (copy = compressed(this.body, encoding)));
    return copy;
  }
}

/** The compressed copies of the body a reply sends, when it has them (a cached answer). */
const COPIES = Symbol('compressed copies');
type WithCopies = FastifyReply & { [COPIES]?: CompressedCopies };

/** The answer `reply` sends is `copies.body`: its compressed copies are taken from `copies`. */
export function sendsCopies(reply: FastifyReply, copies: CompressedCopies): void {
  // A property, not a WeakMap entry: one per request made a WeakMap cost a share of each answer.
  (reply as WithCopies)[COPIES] = copies;
}

/**
 * The body to send for `body`: compressed in the request's accepted encoding when it is large
 * enough, with the headers that say so.
 */
function bodyFor(request: FastifyRequest, reply: FastifyReply, body: string | Buffer): string | Buffer {
  if (Buffer.byteLength(body) < COMPRESS_THRESHOLD) return body;
  // Shared caches keep one copy per encoding.
  reply.header('vary', 'accept-encoding');
  const encoding = chosenEncoding(request.headers['accept-encoding']);
  if (!encoding) return body;
  reply.header('content-encoding', encoding);
  const copies = (reply as WithCopies)[COPIES];
  return copies?.body === body ? copies.in(encoding) : compressed(body, encoding);
}

/**
 * Compresses every string or buffer answer of a compressible type, as the last step before it is
 * written (a body handed to reply.send is checked as the app's realm sees it). Register before the
 * routes (hooks reach the routes registered after them).
 */
export function answerCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (
      (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
      reply.hasHeader('content-encoding') ||
      typeof type !== 'string' ||
      !COMPRESSIBLE.test(type)
    )
      return done(null, payload);
    done(null, bodyFor(request, reply, payload));
  });
}
