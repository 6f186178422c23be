import { Bot, type Context } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { startFeature } from './features/start';

export interface BotDeps {
  token: string;
  /** The Mini App's public HTTPS address; buttons open it. */
  appUrl: string | undefined;
  /** Translates a key of locales/*.json for a Telegram language code. */
  t: (languageCode: string | undefined, key: string, params?: Record<string, string | number>) => string;
  botInfo?: UserFromGetMe;
  apiRoot?: string;
  testEnv?: boolean;
  log?: (msg: string, err?: unknown) => void;
}

/** The bot: each feature is one Composer, mounted in order, behind one error boundary. */
export function createBot(deps: BotDeps): Bot<Context> {
  const bot = new Bot<Context>(deps.token, {
    botInfo: deps.botInfo,
    client: {
      ...(deps.apiRoot ? { apiRoot: deps.apiRoot } : {}),
      ...(deps.testEnv ? { environment: 'test' as const } : {}),
    },
  });
  bot.use(startFeature(deps));
  bot.catch((err) => deps.log?.('bot update failed', err.error));
  return bot;
}
