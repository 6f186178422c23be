import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Telegram's Bot API on loopback (TELEGRAM_API_ROOT): records every call and answers
 * createInvoiceLink with a made-up link, or fails while `failing` is set. Nothing reaches Telegram.
 */
export interface FakeBotApi {
  url: string;
  calls: { method: string; body: Record<string, unknown> }[];
  failing: boolean;
  close(): Promise<void>;
}

export async function fakeBotApi(): Promise<FakeBotApi> {
  const api: FakeBotApi = { url: '', calls: [], failing: false, close: async () => {} };
  let links = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const method = (req.url ?? '').split('/').pop() ?? '';
      api.calls.push({ method, body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {} });
      const answer = api.failing
        ? { ok: false, error_code: 400, description: 'Bad Request: PAYMENT_PROVIDER_INVALID' }
        : {
            ok: true,
            result: method === 'createInvoiceLink' ? `https://t.me/$fake-invoice-${++links}` : true,
          };
      res
        .writeHead(api.failing ? 400 : 200, { 'content-type': 'application/json' })
        .end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.close = () => new Promise<void>((r) => server.close(() => r()));
  return api;
}
