import http from 'node:http';
import { listenAsBotApi } from '../../support/telegram';

/**
 * A stand-in for Telegram's Bot API on loopback (TELEGRAM_API_ROOT): records every call and answers
 * createInvoiceLink with a made-up link and savePreparedInlineMessage with a made-up prepared
 * message, or fails while `failing` is set (with `failCode`: 400, or 403 as for a chat that blocked
 * the bot); the next `dropping` calls lose their connection with no answer (a reset). Nothing
 * reaches Telegram.
 */
export interface FakeBotApi {
  url: string;
  calls: { method: string; body: Record<string, unknown> }[];
  failing: boolean;
  failCode: 400 | 403;
  dropping: number;
  close(): Promise<void>;
}

export async function fakeBotApi(): Promise<FakeBotApi> {
  const api: FakeBotApi = {
    url: '',
    calls: [],
    failing: false,
    failCode: 400,
    dropping: 0,
    close: async () => {},
  };
  let links = 0;
  let prepared = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const method = (req.url ?? '').split('/').pop() ?? '';
      api.calls.push({ method, body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {} });
      if (api.dropping > 0) {
        api.dropping -= 1;
        req.socket.destroy();
        return;
      }
      const answer = api.failing
        ? api.failCode === 403
          ? { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' }
          : { ok: false, error_code: 400, description: 'Bad Request: PAYMENT_PROVIDER_INVALID' }
        : {
            ok: true,
            result:
              method === 'createInvoiceLink'
                ? `https://t.me/$fake-invoice-${++links}`
                : method === 'savePreparedInlineMessage'
                  ? {
                      id: `fake-prepared-${++prepared}`,
                      expiration_date: Math.floor(Date.now() / 1000) + 86_400,
                    }
                  : true,
          };
      res
        .writeHead(api.failing ? api.failCode : 200, { 'content-type': 'application/json' })
        .end(JSON.stringify(answer));
    });
  });
  const listening = await listenAsBotApi(server);
  api.url = listening.url;
  api.close = listening.close;
  return api;
}
