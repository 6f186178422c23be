import http from 'node:http';
import { listenAsBotApi } from './telegram';

/**
 * A stand-in for Telegram's Bot API on loopback that records every call, for a bot that polls:
 * getUpdates holds 200 ms and answers no updates; `failFirst` calls answer 502 first.
 */
export async function fakeBotApi(opts: { failFirst?: number } = {}) {
  const calls: { method: string; path: string; body: Record<string, unknown> }[] = [];
  let failures = opts.failFirst ?? 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const method = (req.url ?? '').split('/').pop() ?? '';
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      calls.push({ method, path: req.url ?? '', body });
      if (failures > 0) {
        failures -= 1;
        res.writeHead(502).end('bad gateway');
        return;
      }
      const result =
        method === 'getMe'
          ? { id: 123456, is_bot: true, first_name: 'SHOP', username: 'shop_bot' }
          : method === 'getUpdates'
            ? []
            : true;
      const delay = method === 'getUpdates' ? 200 : 0;
      setTimeout(
        () =>
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ ok: true, result })),
        delay,
      );
    });
  });
  const { url, close } = await listenAsBotApi(server);
  return { url, calls, close };
}
