import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { describePage } from './page-state';
import {
  launchParams,
  signInitData as signWith,
  TG_TEST_THEME,
  type TelegramTestUser,
} from '../../support/telegram';

/** The shopper Telegram launches the app for: an id above 2^32, as real ids may be. */
export const TG_USER: TelegramTestUser = {
  id: 7_000_000_001,
  first_name: 'Anna',
  last_name: 'Telegram',
  username: 'anna_tg',
  language_code: 'en',
  allows_write_to_pm: true,
};

export type ThemeName = 'light' | 'dark';

/** Telegram's theme parameters as clients send them (Android defaults). */
export const THEMES: Record<ThemeName, Record<string, string>> = {
  light: TG_TEST_THEME,
  dark: {
    bg_color: '#212121',
    text_color: '#ffffff',
    hint_color: '#aaaaaa',
    link_color: '#8774e1',
    button_color: '#8774e1',
    button_text_color: '#ffffff',
    secondary_bg_color: '#0f0f0f',
    header_bg_color: '#212121',
    bottom_bar_bg_color: '#212121',
    accent_text_color: '#8774e1',
    section_bg_color: '#212121',
    section_header_text_color: '#aaaaaa',
    section_separator_color: '#111111',
    subtitle_text_color: '#aaaaaa',
    destructive_text_color: '#ff595a',
  },
};

/**
 * Init data for TG_USER signed with the bot token the server runs with (tests/support/telegram.ts),
 * with a direct link's start parameter when there is one.
 */
export function signInitData(botToken: string, user = TG_USER, startParam?: string): string {
  return signWith(botToken, { user, startParam });
}

/** Launch parameters in the URL hash, the way mobile clients host a Mini App. */
export function launchHash(initData: string, theme: ThemeName = 'light', version = '8.0'): string {
  return `#${launchParams({ initData, platform: 'android', version, theme: THEMES[theme] }).toString()}`;
}

export interface TgCall {
  method: string;
  params: Record<string, unknown> | undefined;
}

/** What the emulated client adds to the page's window. */
export interface TgWindow {
  __tgCalls: TgCall[];
  __tgEmit(name: string, data?: unknown): void;
  TelegramWebviewProxy: { postEvent(method: string, payload?: string): void };
  Telegram?: { WebView?: { receiveEvent?: (name: string, data?: unknown) => void } };
}

export interface ClientOptions {
  theme: Record<string, string>;
  width: number;
  height: number;
}

/**
 * The Telegram client, emulated inside the page (runs before any app script): a
 * `TelegramWebviewProxy.postEvent` like the Android client's, which records every call in
 * `window.__tgCalls` and answers requests asynchronously through
 * `window.Telegram.WebView.receiveEvent(name, data)` — the path the SDK's bridge listens on.
 * CloudStorage is kept in localStorage under a prefix, so it survives reloads within a context, and
 * so is the phone's keychain behind SecureStorage (Mini Apps 9.0: the app asks it only from 9.0).
 * Popups are recorded but not answered: the test decides which button was pressed. The phone has
 * biometrics only once a test gives it some (`giveBiometrics`); their state and the token kept
 * behind them live in localStorage too.
 */
export function telegramClient({ theme, width, height }: ClientOptions): void {
  const w = window as unknown as TgWindow;
  const PREFIX = 'e2e-cloud-storage/';
  const SECURE = 'e2e-secure-storage/';
  const BIO = 'e2e-biometry/';
  const bioInfo = () => {
    const type = localStorage.getItem(`${BIO}type`);
    if (!type) return { available: false };
    const token = localStorage.getItem(`${BIO}token`) ?? '';
    return {
      available: true,
      type,
      access_requested: localStorage.getItem(`${BIO}granted`) !== null,
      access_granted: localStorage.getItem(`${BIO}granted`) === 'yes',
      token_saved: token !== '',
      device_id: 'e2e-phone',
    };
  };
  w.__tgCalls = [];
  const emit = (name: string, data?: unknown) => {
    setTimeout(() => {
      const receive = w.Telegram?.WebView?.receiveEvent;
      if (receive) receive(name, data);
    }, 0);
  };
  w.__tgEmit = emit;
  const storageKeys = () => {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX)) keys.push(key.slice(PREFIX.length));
    }
    return keys;
  };
  const customMethod = (method: string, params: Record<string, unknown>): unknown => {
    switch (method) {
      case 'saveStorageValue':
        localStorage.setItem(PREFIX + String(params.key), String(params.value));
        return true;
      case 'getStorageValues': {
        const result: Record<string, string> = {};
        for (const key of (params.keys as string[]) ?? [])
          result[key] = localStorage.getItem(PREFIX + key) ?? '';
        return result;
      }
      case 'deleteStorageValues':
        for (const key of (params.keys as string[]) ?? []) localStorage.removeItem(PREFIX + key);
        return true;
      case 'getStorageKeys':
        return storageKeys();
      default:
        return undefined;
    }
  };
  w.TelegramWebviewProxy = {
    postEvent(method: string, payload?: string) {
      let params: Record<string, unknown> | undefined;
      try {
        params = payload ? (JSON.parse(payload) as Record<string, unknown>) : undefined;
      } catch {
        params = { raw: payload };
      }
      w.__tgCalls.push({ method, params });
      const insets = { top: 0, bottom: 0, left: 0, right: 0 };
      switch (method) {
        case 'web_app_request_theme':
          emit('theme_changed', { theme_params: theme });
          break;
        case 'web_app_request_viewport':
          emit('viewport_changed', { height, width, is_expanded: true, is_state_stable: true });
          break;
        case 'web_app_request_safe_area':
          emit('safe_area_changed', insets);
          break;
        case 'web_app_request_content_safe_area':
          emit('content_safe_area_changed', insets);
          break;
        case 'web_app_secure_storage_get_key':
          emit('secure_storage_key_received', {
            req_id: params?.req_id,
            value: localStorage.getItem(SECURE + String(params?.key)),
          });
          break;
        case 'web_app_secure_storage_save_key':
          if (params?.value === null) localStorage.removeItem(SECURE + String(params?.key));
          else localStorage.setItem(SECURE + String(params?.key), String(params?.value));
          emit('secure_storage_key_saved', { req_id: params?.req_id });
          break;
        case 'web_app_biometry_get_info':
          emit('biometry_info_received', bioInfo());
          break;
        case 'web_app_biometry_request_access':
          localStorage.setItem(`${BIO}granted`, 'yes');
          emit('biometry_info_received', bioInfo());
          break;
        case 'web_app_biometry_update_token':
          localStorage.setItem(`${BIO}token`, String(params?.token ?? ''));
          emit('biometry_token_updated', { status: params?.token ? 'updated' : 'removed' });
          break;
        case 'web_app_biometry_request_auth':
          // The face is recognised unless the test says it is not.
          if (localStorage.getItem(`${BIO}auth`) === 'failed')
            emit('biometry_auth_requested', { status: 'failed' });
          else
            emit('biometry_auth_requested', {
              status: 'authorized',
              token: localStorage.getItem(`${BIO}token`) ?? '',
            });
          break;
        case 'web_app_send_prepared_message':
          // As a phone does once the shopper has picked a chat in Telegram's chooser.
          emit('prepared_message_sent', {});
          break;
        case 'web_app_invoke_custom_method': {
          const p = params ?? {};
          const result = customMethod(String(p.method), (p.params ?? {}) as Record<string, unknown>);
          if (result === undefined)
            emit('custom_method_invoked', { req_id: p.req_id, error: 'UNKNOWN_METHOD' });
          else emit('custom_method_invoked', { req_id: p.req_id, result });
          break;
        }
        default:
          break;
      }
    },
  };
}

/** Every call the app posted to the emulated client so far. */
export async function tgCalls(page: Page, method?: string): Promise<TgCall[]> {
  const calls = await page.evaluate(() => (window as unknown as TgWindow).__tgCalls);
  return method ? calls.filter((c) => c.method === method) : calls;
}

/** The last call of `method`, waiting for one to arrive that satisfies `match`. */
export async function waitForTgCall(
  page: Page,
  method: string,
  match: Record<string, unknown> = {},
  timeout = 10_000,
): Promise<TgCall> {
  const handle = await page
    .waitForFunction(
      ({ method, match }) => {
        const calls = (window as unknown as TgWindow).__tgCalls.filter((c) => c.method === method);
        const last = calls[calls.length - 1];
        if (!last) return undefined;
        const ok = Object.entries(match).every(
          ([k, v]) => JSON.stringify(last.params?.[k]) === JSON.stringify(v),
        );
        return ok ? last : undefined;
      },
      { method, match },
      { timeout },
    )
    .catch(async (err: unknown) => {
      throw new Error(
        `no ${method} ${JSON.stringify(match)} within ${timeout} ms\n${await describePage(page)}`,
        {
          cause: err,
        },
      );
    });
  return (await handle.jsonValue()) as TgCall;
}

/** Telegram sends an event to the app (a button press, a popup closing). */
export async function tgEmit(page: Page, name: string, data?: unknown): Promise<void> {
  await page.evaluate(({ name, data }) => (window as unknown as TgWindow).__tgEmit(name, data), {
    name,
    data,
  });
}

/**
 * The phone's camera reads `code`: presses `scanButton`, waits for the app to open Telegram's QR
 * scanner, and answers as the client does when a code is in view (`qr_text_received`).
 */
export async function scanQr(page: Page, scanButton: Locator, code: string): Promise<void> {
  const opened = (await tgCalls(page, 'web_app_open_scan_qr_popup')).length;
  await scanButton.click();
  await page.waitForFunction(
    (before) =>
      (window as unknown as TgWindow).__tgCalls.filter((c) => c.method === 'web_app_open_scan_qr_popup')
        .length > before,
    opened,
  );
  await tgEmit(page, 'qr_text_received', { data: code });
}

/**
 * The session the silent login stored in (emulated) CloudStorage, once it has: a screen may show the
 * shopper's answers before that, its calls going with the init data meanwhile.
 */
export async function sessionToken(page: Page): Promise<string> {
  await expect.poll(() => cloudStorageValue(page, 'token')).not.toBeNull();
  return (JSON.parse((await cloudStorageValue(page, 'token')) ?? '{}') as { token: string }).token;
}

/** Waits for Telegram's main button to show `text`, enabled, and presses it. */
export async function pressMain(page: Page, text: string): Promise<void> {
  await waitForTgCall(page, 'web_app_setup_main_button', { text, is_visible: true, is_active: true });
  await tgEmit(page, 'main_button_pressed');
}

/** Waits for Telegram's secondary button (Mini Apps 7.10) to show `text`, enabled, and presses it. */
export async function pressSecondary(page: Page, text: string): Promise<void> {
  await waitForTgCall(page, 'web_app_setup_secondary_button', { text, is_visible: true, is_active: true });
  await tgEmit(page, 'secondary_button_pressed');
}

/** A value the app saved in the phone's (emulated) keychain through SecureStorage, or null. */
export async function secureStorageValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(`e2e-secure-storage/${key}`), key);
}

/** A value the app saved in (emulated) CloudStorage, or null. */
export async function cloudStorageValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(`e2e-cloud-storage/${key}`), key);
}

/**
 * The phone has Face ID (or a fingerprint); `recognised: false` makes it fail to recognise the face
 * until called again with true.
 */
export async function giveBiometrics(
  page: Page,
  opts: { type?: 'face' | 'finger'; recognised?: boolean } = {},
): Promise<void> {
  await page.evaluate(
    ({ type, recognised }) => {
      localStorage.setItem('e2e-biometry/type', type);
      if (recognised) localStorage.removeItem('e2e-biometry/auth');
      else localStorage.setItem('e2e-biometry/auth', 'failed');
    },
    { type: opts.type ?? 'face', recognised: opts.recognised ?? true },
  );
}

/** What the phone keeps behind its biometrics ('' when nothing). */
export async function biometricToken(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('e2e-biometry/token') ?? '');
}
