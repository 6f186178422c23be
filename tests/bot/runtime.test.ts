import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { LANGS } from '../../common/languages';
import { testConfig } from '../../server/config';
import { translate } from '../../server/lib/i18n';
import { startBot, type RunningBot } from '../../server/telegram/bot-host';
import { fakeBotApi } from '../support/polling-bot-api';

const TOKEN = '123456:TEST-runtime-token-abcdefghijkl';
const silent = pino({ level: 'silent' });

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

  it('names every command and describes the bot in all eight languages', async () => {
    api = await fakeBotApi();
    bot = await startBot(
      testConfig({ BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: api.url, PUBLIC_URL: 'http://shop.test/' }),
      silent,
    );
    await until(() => api!.calls.some((c) => c.method === 'getUpdates'));
    for (const lang of LANGS) {
      const code = lang === 'en-US' ? undefined : lang.slice(0, 2);
      const of = (method: string) =>
        api!.calls.find((c) => c.method === method && c.body.language_code === code);
      expect(of('setMyCommands')?.body.commands).toEqual(
        ['start', 'orders', 'wallet', 'language', 'help'].map((command) => ({
          command,
          description: translate(lang, `bot.commands.${command}`),
        })),
      );
      expect(of('setMyDescription')?.body.description).toBe(translate(lang, 'bot.description'));
      expect(of('setMyShortDescription')?.body.short_description).toBe(
        translate(lang, 'bot.shortDescription'),
      );
    }
    // Telegram's limits: 512 and 120 characters.
    for (const lang of LANGS) {
      expect(translate(lang, 'bot.description').length).toBeLessThanOrEqual(512);
      expect(translate(lang, 'bot.shortDescription').length).toBeLessThanOrEqual(120);
    }
  });

  it('TELEGRAM_TEST_ENV sends every call to the test environment', async () => {
    api = await fakeBotApi();
    bot = await startBot(
      testConfig({ BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: api.url, TELEGRAM_TEST_ENV: true }),
      silent,
    );
    await until(() => api!.calls.some((c) => c.method === 'getUpdates'));
    expect(api.calls.every((c) => c.path.startsWith(`/bot${TOKEN}/test/`))).toBe(true);
  });

  it('production calls go to the production environment', async () => {
    api = await fakeBotApi();
    bot = await startBot(testConfig({ BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: api.url }), silent);
    await until(() => api!.calls.some((c) => c.method === 'getUpdates'));
    expect(api.calls.every((c) => c.path.startsWith(`/bot${TOKEN}/`) && !c.path.includes('/test/'))).toBe(
      true,
    );
  });

  describe('webhook mode', () => {
    const update = (id: number) => ({
      update_id: id,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: 7_000_000_009, type: 'private', first_name: 'Eve' },
        from: { id: 7_000_000_009, is_bot: false, first_name: 'Eve', language_code: 'de' },
        text: '/wallet',
        entities: [{ type: 'bot_command', offset: 0, length: 7 }],
      },
    });

    it('handles only updates carrying the secret token', async () => {
      api = await fakeBotApi();
      const config = testConfig({
        BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: api.url,
        PUBLIC_URL: 'https://shop.example/',
        WEBHOOK_SECRET: 'the-webhook-secret-0123456789',
      });
      bot = await startBot(config, silent);
      await until(() => api!.calls.some((c) => c.method === 'setWebhook'));
      const hook = api.calls.find((c) => c.method === 'setWebhook');
      expect(hook?.body).toMatchObject({
        url: 'https://shop.example/telegram/webhook',
        secret_token: 'the-webhook-secret-0123456789',
      });
      expect(api.calls.map((c) => c.method)).not.toContain('getUpdates');
      const app = Fastify();
      await bot.plugin(app);
      const post = (headers: Record<string, string>, id: number) =>
        app.inject({ method: 'POST', url: '/telegram/webhook', payload: update(id), headers });
      const replies = () => api!.calls.filter((c) => c.method === 'sendMessage');

      expect((await post({}, 1)).statusCode).toBe(401);
      expect((await post({ 'x-telegram-bot-api-secret-token': 'wrong' }, 2)).statusCode).toBe(401);
      expect(replies()).toHaveLength(0);
      const ok = await post({ 'x-telegram-bot-api-secret-token': 'the-webhook-secret-0123456789' }, 3);
      expect(ok.statusCode).toBe(200);
      expect(replies()).toHaveLength(1);
      expect(replies()[0].body.text).toBe(translate('de-DE', 'bot.screens.wallet'));
      await app.close();
    });
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
