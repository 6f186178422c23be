import { Api } from 'grammy';
import type { Config } from '../config';

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
