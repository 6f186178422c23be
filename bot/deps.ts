import type { UserFromGetMe } from 'grammy/types';

/** What the bot is given by its host (the server process, or a test). */
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
