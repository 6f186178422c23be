import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenAsBotApi } from '../../support/telegram';

export interface BotApiCall {
  token: string;
  method: string;
  params: Record<string, unknown>;
  at: number;
  /** When the fake answered (undefined while the answer is still held back). */
  answeredAt?: number;
  /** What the fake answered (a sent message's Message, for one). */
  result?: unknown;
}

export interface FakeBotApi {
  /** What to give the server as TELEGRAM_API_ROOT. */
  url: string;
  /** Every call the bot made, in order. */
  calls: BotApiCall[];
  /** Resolves when a call to `method` matching `filter` has arrived. */
  waitFor(method: string, filter?: (call: BotApiCall) => boolean, timeoutMs?: number): Promise<BotApiCall>;
  /**
   * Hands the bot an update (as Telegram would: a pre-checkout query, a successful payment, a
   * button pressed); the update_id is filled in. While the bot long-polls, it comes with its next
   * getUpdates; once the bot has set a webhook (a public https address) and `routeWebhook` says
   * where that address leads, it is POSTed there with the webhook's secret, in order, retried while
   * the answer is not 2xx, as Telegram delivers webhooks.
   */
  pushUpdate(update: Record<string, unknown>): void;
  /**
   * Where the webhook's public address reaches the shop on this machine (a tunnel or a reverse
   * proxy in production): the update goes to this origin with the webhook's own path.
   */
  routeWebhook(origin: string): void;
  /** Resolves when every update pushed so far has been accepted by the webhook. */
  webhookDelivered(timeoutMs?: number): Promise<void>;
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
 * {ok:true,result} (getMe: a bot user, sendMessage and sendPhoto: the message sent, getUpdates:
 * the updates pushed, anything else: true) and records every call. It is deliberately slow: getUpdates holds like a long poll, every other answer is
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
  let prepared = 0;
  let messageIds = 1000;
  let webhook: { url: string; secret?: string } | undefined;
  let webhookOrigin: string | undefined;
  let deliveries: Promise<void> = Promise.resolve();
  let deliveryError: Error | undefined;
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
      // The id the Mini App's shareMessage sends; Telegram keeps a prepared message for a day.
      if (call.method === 'savePreparedInlineMessage')
        result = {
          id: `e2e-prepared-${++prepared}`,
          expiration_date: Math.floor(Date.now() / 1000) + 86_400,
        };
      // The Message Telegram answers for a message the bot sends (its id is what edits and replies name).
      if (call.method === 'sendMessage' || call.method === 'sendPhoto') {
        const chatId = Number(params.chat_id);
        result = {
          message_id: ++messageIds,
          date: Math.floor(Date.now() / 1000),
          chat:
            chatId < 0
              ? { id: chatId, type: 'supergroup', title: 'Operators' }
              : { id: chatId, type: 'private' },
          from: FAKE_BOT_USER,
          ...(call.method === 'sendMessage' ? { text: params.text } : { caption: params.caption }),
          ...(params.reply_markup ? { reply_markup: params.reply_markup } : {}),
        };
      }
      if (call.method === 'setWebhook')
        webhook = { url: String(params.url), secret: params.secret_token as string | undefined };
      if (call.method === 'deleteWebhook') webhook = undefined;
      if (call.method === 'getUpdates') {
        // The offset confirms every update below it, as Telegram's does.
        const offset = typeof params.offset === 'number' ? params.offset : 0;
        updates = updates.filter((u) => u.update_id >= offset);
        result = updates;
        // A "stop" confirmation (timeout 0) or waiting updates answer at once; a long poll waits a little.
        wait = params.timeout === 0 || updates.length > 0 ? 0 : pollMs;
      }
      call.result = result;
      later(wait, () => {
        call.answeredAt = Date.now();
        send(200, { ok: true, result });
      });
    });
  });
  const listening = await listenAsBotApi(server);

  return {
    url: listening.url,
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
      const full = { ...update, update_id: nextUpdateId++ };
      if (!webhook || !webhookOrigin) {
        updates.push(full);
        return;
      }
      const { url, secret } = webhook;
      const target = new URL(new URL(url).pathname, webhookOrigin).toString();
      deliveries = deliveries.then(async () => {
        for (let attempt = 1; ; attempt++) {
          try {
            const res = await fetch(target, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                ...(secret ? { 'x-telegram-bot-api-secret-token': secret } : {}),
              },
              body: JSON.stringify(full),
            });
            await res.arrayBuffer();
            if (res.ok) return;
            if (attempt >= 5)
              throw new Error(`the webhook answered ${res.status} to update ${full.update_id}`);
          } catch (err) {
            if (attempt >= 5) {
              deliveryError = err instanceof Error ? err : new Error(String(err));
              return;
            }
          }
          await new Promise((r) => setTimeout(r, 500 * attempt));
        }
      });
    },
    routeWebhook(origin) {
      webhookOrigin = origin;
    },
    async webhookDelivered(timeoutMs = 30_000) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        deliveries,
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('the webhook did not take the updates in time')),
            timeoutMs,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      if (deliveryError) throw deliveryError;
    },
    async close() {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      await listening.close();
    },
  };
}
