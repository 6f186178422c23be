import type { UserFromGetMe } from 'grammy/types';
import { createHmac, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sign } from '@telegram-apps/init-data-node';

/**
 * Signed Telegram launch parameters for any test runner (no vitest or playwright import here):
 * init data signed with a bot token the way Telegram signs it, including the `signature` field
 * that SDK 3.11 requires, and the launch query a client hands to a Mini App.
 */
export interface TelegramTestUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  allows_write_to_pm?: boolean;
}

/**
 * How long the tests' stand-ins for Telegram's Bot API keep an idle connection open: nginx's
 * default (75 s), where Node's server closes one after 5 s. With Node's default, a call of the
 * shop's bot that took an idle connection just as the stand-in closed it failed as a network
 * error before reaching it (the relay's getChat, once in ten browser runs), and the relay tried
 * again 30 s later.
 */
const BOT_API_KEEP_ALIVE_MS = 75_000;

/**
 * Starts `server`, a stand-in for Telegram's Bot API, on a free loopback port, keeping idle
 * connections as a real front end does. Its close() ends every connection first: an idle
 * keep-alive connection would otherwise hold the close up until it timed out.
 */
export async function listenAsBotApi(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  server.keepAliveTimeout = BOT_API_KEEP_ALIVE_MS;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A shopper as Telegram describes them: an id above 2^32, as real ids may be. */
export const TG_TEST_USER: TelegramTestUser = {
  id: 7_000_000_002,
  first_name: 'Maria',
  last_name: 'Tester',
  username: 'maria_tg',
  language_code: 'de',
  allows_write_to_pm: true,
};

/** Telegram's light theme parameters (Android defaults). */
export const TG_TEST_THEME: Record<string, string> = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#999999',
  link_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  secondary_bg_color: '#efeff3',
  header_bg_color: '#ffffff',
  bottom_bar_bg_color: '#ffffff',
  accent_text_color: '#2481cc',
  section_bg_color: '#ffffff',
  section_header_text_color: '#6d6d72',
  subtitle_text_color: '#999999',
  destructive_text_color: '#ff3b30',
};

export interface SignOptions {
  user?: TelegramTestUser;
  /** The `startapp` value, as `start_param` inside the init data. */
  startParam?: string;
  authDate?: Date;
}

/** Raw init data (the `tgWebAppData` string) signed with `botToken`. */
export function signInitData(botToken: string, options: SignOptions = {}): string {
  const { user = TG_TEST_USER, startParam, authDate = new Date() } = options;
  return sign(
    {
      user,
      chat_type: 'sender',
      chat_instance: '-4000000000000000001',
      ...(startParam ? { start_param: startParam } : {}),
      signature: randomBytes(64).toString('base64url'),
    },
    botToken,
    authDate,
  );
}

export interface LaunchOptions {
  /** Raw, signed init data; kept byte-exact. */
  initData: string;
  startParam?: string;
  platform?: string;
  /** Mini Apps version of the client; CloudStorage needs 6.9 or later. */
  version?: string;
  theme?: Record<string, string>;
}

/** The launch query a Telegram client appends to the Mini App's URL (hash or query). */
export function launchParams(options: LaunchOptions): URLSearchParams {
  const { initData, startParam, platform = 'android', version = '8.0', theme = TG_TEST_THEME } = options;
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: version,
    tgWebAppPlatform: platform,
    tgWebAppThemeParams: JSON.stringify(theme),
  });
  if (startParam) params.set('tgWebAppStartParam', startParam);
  return params;
}

/** A contact as Telegram's client shares it with a Mini App (requestContact). */
export interface TelegramTestContact {
  user_id: number;
  phone_number: string;
  first_name: string;
  last_name?: string;
}

/**
 * The string a client answers `getRequestedContact` with once the shopper shared their phone
 * number: `contact=<json>&auth_date=<s>&hash=<hex>`, signed with `botToken` as Telegram signs init
 * data (written out here, not borrowed from the server, so a server that checks it wrongly fails).
 */
export function signContact(botToken: string, contact: TelegramTestContact, authDate = new Date()): string {
  const fields: [string, string][] = [
    ['contact', JSON.stringify(contact)],
    ['auth_date', String(Math.floor(authDate.getTime() / 1000))],
  ];
  const checkString = fields
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(checkString).digest('hex');
  return new URLSearchParams([...fields, ['hash', hash]]).toString();
}

/**
 * The test bot as Telegram's getMe describes it; grammY takes it instead of asking Telegram. The
 * bot suites and the server's bot harnesses share it, each overriding what its bot may do (the
 * service desk's bot joins and reads its operator group).
 */
export function testBotInfo(overrides: Partial<UserFromGetMe> = {}): UserFromGetMe {
  return {
    id: 42,
    is_bot: true,
    first_name: 'SHOP',
    username: 'shop_test_bot',
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: true,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
    ...overrides,
  } as UserFromGetMe;
}
