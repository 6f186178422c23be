import type { Update } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { createBot } from '../../bot';
import { toLang } from '../../common/languages';
import { translate } from '../../server/lib/i18n';
import { testBotInfo } from '../support/telegram';
import { capturingBot } from '../support/test-bot';

const botInfo = testBotInfo();

function command(text: string, languageCode = 'en'): Update {
  const [cmd] = text.split(' ');
  return {
    update_id: 1,
    message: {
      message_id: 10,
      date: Math.floor(Date.now() / 1000),
      chat: { id: 7_000_000_001, type: 'private', first_name: 'Anna' },
      from: { id: 7_000_000_001, is_bot: false, first_name: 'Anna', language_code: languageCode },
      text,
      entities: [{ type: 'bot_command', offset: 0, length: cmd.length }],
    },
  };
}

type Keyboard = { inline_keyboard: { text: string; web_app?: { url: string } }[][] };

describe('bot /start', () => {
  it('greets in the sender language with a button that opens the Mini App', async () => {
    const { bot, calls } = capturingBot();
    await bot.handleUpdate(command('/start', 'de'));
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call.method).toBe('sendMessage');
    expect(call.payload.text).toBe(translate('de-DE', 'bot.welcome', { name: 'Anna' }));
    const button = (call.payload.reply_markup as Keyboard).inline_keyboard[0][0];
    expect(button.text).toBe(translate('de-DE', 'bot.open'));
    expect(button.web_app?.url).toBe('https://shop.example/home');
  });

  it('a deep-link payload opens its route through the start-parameter table', async () => {
    const { bot, calls } = capturingBot();
    await bot.handleUpdate(command('/start order-123'));
    await bot.handleUpdate(command('/start product-9'));
    await bot.handleUpdate(command('/start wallet'));
    await bot.handleUpdate(command('/start ../../etc'));
    const urls = calls.map((c) => (c.payload.reply_markup as Keyboard).inline_keyboard[0][0].web_app?.url);
    expect(urls).toEqual([
      'https://shop.example/orderInfo/123',
      'https://shop.example/detail/9',
      'https://shop.example/capitalRecord',
      'https://shop.example/home',
    ]);
  });

  it('without a public address it still answers, with no button', async () => {
    const calls: string[] = [];
    const bot = createBot({
      token: '42:TEST-token-for-bot-tests-only',
      appUrl: undefined,
      botInfo,
      t: (code, key, params) => translate(toLang(code), key, params),
    });
    bot.api.config.use(async (_prev, method, payload) => {
      calls.push(method);
      expect((payload as { reply_markup?: unknown }).reply_markup).toBeUndefined();
      return { ok: true, result: true } as never;
    });
    await bot.handleUpdate(command('/start', 'ru'));
    expect(calls).toEqual(['sendMessage']);
  });

  it('/help answers in the sender language, listing the commands', async () => {
    const { bot, calls } = capturingBot();
    await bot.handleUpdate(command('/help', 'tr'));
    expect(calls[0].payload.text).toContain(translate('tr-TR', 'bot.help'));
    expect(calls[0].payload.text).toContain(`/orders — ${translate('tr-TR', 'bot.commands.orders')}`);
  });
});
