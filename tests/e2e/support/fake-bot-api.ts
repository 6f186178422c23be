import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BotApiCall {
  token: string;
  method: string;
  params: Record<string, unknown>;
  at: number;
  /** When the fake answered (undefined while the answer is still held back). */
  answeredAt?: number;
}

export interface FakeBotApi {
  /** What to give the server as TELEGRAM_API_ROOT. */
  url: string;
  /** Every call the bot made, in order. */
  calls: BotApiCall[];
  /** Resolves when a call to `method` matching `filter` has arrived. */
  waitFor(method: string, filter?: (call: BotApiCall) => boolean, timeoutMs?: number): Promise<BotApiCall>;
  /**
   * Hands the bot an update (as Telegram would: a pre-checkout query, a successful payment) on
   * its next getUpdates; the update_id is filled in.
   */
  pushUpdate(update: Record<string, unknown>): void;
  close(): Promise<void>;
}

export const FAKE_BOT_USER = {
  id: 123456789,
  is_bot: true,
  first_name: 'SHOP E2E',
  username: 'shop_e2e_bot',
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: true,
};

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  if ((req.headers['content-type'] ?? '').includes('application/json')) {
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      return { raw: text };
    }
  }
  return { raw: text };
}

/**
 * A tiny stand-in for the Telegram Bot API on 127.0.0.1: answers POST /bot<token>/<method> with
 * {ok:true,result} (getMe: a bot user, getUpdates: no updates, anything else: true) and records
 * every call. It is deliberately slow: getUpdates holds like a long poll, every other answer is
 * delayed (per method through `delays`), so the shop must not wait for Telegram to serve pages.
 */
export async function startFakeBotApi({
  delayMs = 150,
  pollMs = 1000,
  delays = {} as Record<string, number>,
} = {}): Promise<FakeBotApi> {
  const calls: BotApiCall[] = [];
  let updates: { update_id: number }[] = [];
  let nextUpdateId = 1;
  let invoices = 0;
  const waiters: { method: string; filter: (c: BotApiCall) => boolean; resolve: (c: BotApiCall) => void }[] =
    [];
  const pending = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      pending.delete(timer);
      fn();
    }, ms);
    pending.add(timer);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/bot([^/]+)\/(\w+)/.exec(req.url ?? '');
    void readBody(req).then((params) => {
      const send = (status: number, body: unknown) => {
        if (res.writableEnded || res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!match || req.method !== 'POST') {
        send(404, { ok: false, error_code: 404, description: 'Not Found' });
        return;
      }
      const call: BotApiCall = {
        token: decodeURIComponent(match[1]),
        method: match[2],
        params,
        at: Date.now(),
      };
      calls.push(call);
      for (const w of [...waiters]) {
        if (w.method === call.method && w.filter(call)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(call);
        }
      }
      let result: unknown = true;
      let wait = delays[call.method] ?? delayMs;
      if (call.method === 'getMe') result = FAKE_BOT_USER;
      // A link of the form the SDK's invoice.open(link, 'url') accepts.
      if (call.method === 'createInvoiceLink') result = `https://t.me/$e2e-invoice-${++invoices}`;
      if (call.method === 'getUpdates') {
        // The offset confirms every update below it, as Telegram's does.
        const offset = typeof params.offset === 'number' ? params.offset : 0;
        updates = updates.filter((u) => u.update_id >= offset);
        result = updates;
        // A "stop" confirmation (timeout 0) or waiting updates answer at once; a long poll waits a little.
        wait = params.timeout === 0 || updates.length > 0 ? 0 : pollMs;
      }
      later(wait, () => {
        call.answeredAt = Date.now();
        send(200, { ok: true, result });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    waitFor(method, filter = () => true, timeoutMs = 30_000) {
      const found = calls.find((c) => c.method === method && filter(c));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          const seen = calls.map((c) => c.method).join(', ') || 'none';
          reject(new Error(`The bot never called ${method} on the fake Bot API (calls seen: ${seen})`));
        }, timeoutMs);
        waiters.push({
          method,
          filter,
          resolve: (c) => {
            clearTimeout(timer);
            resolve(c);
          },
        });
      });
    },
    pushUpdate(update) {
      updates.push({ ...update, update_id: nextUpdateId++ });
    },
    async close() {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
