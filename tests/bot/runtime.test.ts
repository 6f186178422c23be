import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/config';
import { startBot, type RunningBot } from '../../server/telegram/bot-host';

const TOKEN = '123456:TEST-runtime-token-abcdefghijkl';
const silent = pino({ level: 'silent' });

/** A stand-in for Telegram's Bot API on loopback that records every call. */
async function fakeBotApi(opts: { failFirst?: number } = {}) {
  const calls: { method: string; body: Record<string, unknown> }[] = [];
  let failures = opts.failFirst ?? 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const method = (req.url ?? '').split('/').pop() ?? '';
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      calls.push({ method, body });
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
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('bot runtime beside the server', () => {
  let bot: RunningBot | undefined;
  let api: Awaited<ReturnType<typeof fakeBotApi>> | undefined;
  afterEach(async () => {
    await bot?.stop();
    await api?.close();
    bot = undefined;
    api = undefined;
  });

  it('sets the menu button and commands in every language, then polls', async () => {
    api = await fakeBotApi();
    const config = testConfig({
      BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: api.url,
      PUBLIC_URL: 'http://shop.test/',
    });
    bot = await startBot(config, silent);
    await until(() => api!.calls.some((c) => c.method === 'getUpdates'));
    const methods = api.calls.map((c) => c.method);
    expect(methods[0]).toBe('getMe');
    const menu = api.calls.find((c) => c.method === 'setChatMenuButton');
    expect(menu?.body.menu_button).toMatchObject({ type: 'web_app', web_app: { url: 'http://shop.test/' } });
    const languages = api.calls
      .filter((c) => c.method === 'setMyCommands')
      .map((c) => c.body.language_code ?? '');
    expect(languages.sort()).toEqual(['', 'de', 'ja', 'ko', 'ru', 'th', 'tr', 'zh']);
    expect(methods).not.toContain('setWebhook');
  });

  it('keeps retrying while Telegram fails, without throwing', async () => {
    api = await fakeBotApi({ failFirst: 2 });
    bot = await startBot(testConfig({ BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: api.url }), silent);
    await until(() => api!.calls.filter((c) => c.method === 'getMe').length >= 2, 8000);
    expect(api.calls[0]).toMatchObject({ method: 'getMe' });
  });

  it('stops cleanly when Telegram cannot be reached at all', async () => {
    bot = await startBot(testConfig({ BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: 'http://127.0.0.1:9' }), silent);
    await new Promise((r) => setTimeout(r, 100));
    await expect(bot.stop()).resolves.toBeUndefined();
  });
});
