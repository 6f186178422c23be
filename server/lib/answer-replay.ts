import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Public answers replayed from memory, ahead of the app. A catalogue answer that is the same for
 * everyone (server/modules/catalog/cached-answer.ts) is kept with the exact headers and bytes the
 * app sent for it; the same request again, until the answer's freshness ends or a change to it is
 * announced (AnswerCache.invalidate), is answered with them by the HTTP server itself, before
 * Fastify routes it, runs its hooks, reads the session or validates the query. Such a request costs
 * about what the bare route of `npm run bench` costs, where the full path costs about twice as
 * much.
 *
 * A request is the same when its method is GET and its URL (path and query), `lang` header and
 * `Accept-Encoding` header are, and it is a visitor's or a signed-in shopper's alike (the `token`
 * header's value plays no part: only answers that do not depend on who asks, and whose route does
 * nothing for a shopper, are kept for requests that carry one). A request with Telegram's init data
 * (`Authorization`), which may sign the shopper up, or with `If-None-Match`, always reaches the
 * app. Each replay gets a request id of its own; replays are not logged one by one. A visitor's
 * product page is replayed too, its view noted as the app notes it (ReplayCheck).
 */
interface Replay {
  /** The headers as Node's writeHead takes them (name, value, name, value…), with the length. */
  headers: string[];
  body: string | Buffer;
  expires: number;
  /** The catalogue cache's key of the answer, which its invalidations name. */
  cacheKey: string;
  /** What answering it does besides (see AnswerReplays.mark). */
  onReplay?: ReplayCheck;
}

/**
 * Runs before each replay of an answer whose route notes something (a product page, its view), with
 * the client's address as `request.ip` tells it: notes it, and answers false when the answer is no
 * longer the one kept (the app then answers).
 */
export type ReplayCheck = (address: string) => boolean;

/** The answer a request is getting may be replayed (AnswerReplays.mark). */
const REPLAYABLE = Symbol('replayable');
type Marked = FastifyRequest & {
  [REPLAYABLE]?: { until: number; cacheKey: string; generation: number; onReplay?: ReplayCheck };
};

/** Headers each reply makes for itself. */
const OWN_HEADERS = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** A request that may be answered by a replay (or be one to keep): its key, else undefined. */
function keyOf(req: IncomingMessage): string | undefined {
  if (req.method !== 'GET') return undefined;
  const h = req.headers;
  if (h.authorization !== undefined || h['if-none-match'] !== undefined) return undefined;
  const who = h.token ? 's' : 'v';
  return `${who}${req.url}\n${h.lang ?? ''}\n${h['accept-encoding'] ?? ''}`;
}

export class AnswerReplays {
  private readonly entries = new Map<string, Replay>();
  /** Moves on every clear: an answer marked before it is not kept (whatever the clear named). */
  private generation = 0;
  /** Requests answered by a replay, since the start. */
  served = 0;

  /** `addressOf`: the client's address of a request, as the app's `request.ip` (clientAddressOf). */
  constructor(
    private readonly addressOf: (req: IncomingMessage) => string,
    private readonly maxEntries = 5000,
  ) {}

  /** Answers `req` from a replay when there is a fresh one; false when the app must answer. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.entries.size === 0) return false;
    const key = keyOf(req);
    const replay = key === undefined ? undefined : this.entries.get(key);
    if (!replay) return false;
    if (replay.expires <= Date.now() || (replay.onReplay && !replay.onReplay(this.addressOf(req)))) {
      this.entries.delete(key!);
      return false;
    }
    this.served++;
    res.writeHead(200, [...replay.headers, 'x-request-id', randomUUID()]);
    res.end(replay.body);
    return true;
  }

  /**
   * Marks the answer `request` is getting, the catalogue cache's `cacheKey`, as one to replay until
   * `until` (a time in ms): it is the same for everyone who sends this request, and answering it
   * does nothing else but what `onReplay` does.
   */
  mark(request: FastifyRequest, until: number, cacheKey: string, onReplay?: ReplayCheck): void {
    (request as Marked)[REPLAYABLE] = { until, cacheKey, generation: this.generation, onReplay };
  }

  /** Keeps what the app sends for `request` when it was marked, and nothing changed since. */
  keep(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const marked = (request as Marked)[REPLAYABLE];
    if (marked === undefined || marked.generation !== this.generation || reply.statusCode !== 200) return;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return;
    const key = keyOf(request.raw);
    const expires = marked.until;
    if (key === undefined || expires <= Date.now()) return;
    const headers: string[] = [];
    for (const [name, value] of Object.entries(reply.getHeaders() as OutgoingHttpHeaders)) {
      if (value === undefined || OWN_HEADERS.has(name) || name === 'content-length') continue;
      for (const one of [value].flat()) headers.push(name, String(one));
    }
    headers.push('content-length', String(Buffer.byteLength(payload)));
    // Oldest first out: a Map iterates in insertion order (search texts make the key space open).
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, {
      headers,
      body: payload,
      expires,
      cacheKey: marked.cacheKey,
      onReplay: marked.onReplay,
    });
  }

  /**
   * A catalogue change was announced (AnswerCache.invalidate): drops the replays of the answers whose
   * cache key starts with `prefix` (every one without it), and every answer marked but not sent yet.
   */
  clear(prefix?: string): void {
    this.generation++;
    if (prefix === undefined) this.entries.clear();
    else
      for (const [key, replay] of this.entries)
        if (replay.cacheKey.startsWith(prefix)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Keeps the marked answers as they leave. Register after every other onSend hook (compression
 * included): what is kept is what was sent.
 */
export function keepReplays(app: FastifyInstance, replays: AnswerReplays): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    replays.keep(request, reply, payload);
    done(null, payload);
  });
}

/**
 * Fastify's HTTP server (serverFactory) with the replays in front: the server Fastify would make
 * itself, with its time limits, whose requests the replays answer first.
 */
export function replayingServer(replays: AnswerReplays) {
  return (
    handler: (req: IncomingMessage, res: ServerResponse) => void,
    options: FastifyServerOptions,
  ): http.Server => {
    const server = http.createServer(
      (options as { http?: http.ServerOptions }).http ?? {},
      (req: IncomingMessage, res: ServerResponse) => {
        if (!replays.serve(req, res)) handler(req, res);
      },
    );
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    return server;
  };
}
