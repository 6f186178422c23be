import { Api, GrammyError, InputFile } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { Config } from '../config';

/*
 * The server's one road to the Bot API: modules outside server/telegram/ take the client, its
 * types and these helpers from here and never import grammY themselves.
 */

/** The Bot API client (grammY's Api; a test's Api with its calls captured). */
export type BotApi = Api;

/** An inline keyboard of a message. */
export type { InlineKeyboardMarkup };

/** A file of this machine, uploaded with the call (Telegram cannot fetch a private file by address). */
export const uploadedFile = (path: string) => new InputFile(path);

/** Whether Telegram refused because the shopper blocked the bot or never started it (403). */
export const botBlocked = (err: unknown) => err instanceof GrammyError && err.error_code === 403;

/** What a failed call to send a message means for the message. */
export type SendFailure =
  /** 429: Telegram asks to wait `retryAfter` seconds (when it says). */
  | { kind: 'slowDown'; retryAfter?: number }
  /** 403: the shopper blocked the bot or never started it. */
  | { kind: 'blocked' }
  /** Another 4xx (chat not found, bad request): trying again changes nothing. */
  | { kind: 'refused' }
  /** Telegram could not be reached (network, timeout, no Bot API answer). */
  | { kind: 'unreachable' }
  /** A 5xx: Telegram's own trouble. */
  | { kind: 'telegramError' };

export function sendFailure(err: unknown): SendFailure {
  if (!(err instanceof GrammyError)) return { kind: 'unreachable' };
  if (err.error_code === 429) return { kind: 'slowDown', retryAfter: err.parameters.retry_after };
  if (err.error_code === 403) return { kind: 'blocked' };
  if (err.error_code < 500) return { kind: 'refused' };
  return { kind: 'telegramError' };
}

/**
 * The Bot API client of the shop's bot (its token, API root and environment) for what the server
 * asks Telegram itself; undefined without BOT_TOKEN. `timeoutSeconds` bounds one call (grammY's
 * own 500 s when not given).
 */
export function botApi(
  config: Pick<Config, 'BOT_TOKEN' | 'TELEGRAM_API_ROOT' | 'TELEGRAM_TEST_ENV'>,
  timeoutSeconds?: number,
): Api | undefined {
  if (!config.BOT_TOKEN) return undefined;
  return new Api(config.BOT_TOKEN, {
    ...(config.TELEGRAM_API_ROOT ? { apiRoot: config.TELEGRAM_API_ROOT } : {}),
    ...(config.TELEGRAM_TEST_ENV ? { environment: 'test' as const } : {}),
    timeoutSeconds,
  });
}

/** The Mini App's t.me link (https://t.me/<bot>/<app>), or '' when the shop has not named it. */
export function miniAppLink(config: Pick<Config, 'BOT_USERNAME' | 'MINI_APP_NAME'>): string {
  return config.BOT_USERNAME && config.MINI_APP_NAME
    ? `https://t.me/${config.BOT_USERNAME}/${config.MINI_APP_NAME}`
    : '';
}
