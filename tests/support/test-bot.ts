import { createBot } from '@bot/index';
import type { BotDeps } from '@bot/deps';
import { toLang } from '@common/languages';
import { translate } from '@server/lib/i18n';
import { testBotInfo } from './telegram';

/** What a captured call answers unless a suite says otherwise: a message sent. */
const SENT = { message_id: 1, date: 0, chat: { id: 1, type: 'private' } };

/**
 * The bot as the suites run it (a test token, the shop's address, testBotInfo, the shop's texts),
 * with `deps` added or put over those. Its every outgoing Bot API call is captured in `calls`
 * instead of sent to Telegram, and answered with `result`.
 */
export function capturingBot(deps: Partial<BotDeps> = {}, result: unknown = SENT) {
  const calls: { method: string; payload: Record<string, unknown> }[] = [];
  const bot = createBot({
    token: '42:TEST-token-for-bot-tests-only',
    appUrl: 'https://shop.example/',
    botInfo: testBotInfo(),
    t: (code, key, params) => translate(toLang(code), key, params),
    ...deps,
  });
  bot.api.config.use(async (_prev, method, payload) => {
    calls.push({ method, payload: payload as Record<string, unknown> });
    return { ok: true, result } as never;
  });
  return { bot, calls };
}
