import { emitEvent, mockTelegramEnv } from '@telegram-apps/sdk-react';
import { beforeEach } from 'vitest';
import {
  launchParams,
  signContact,
  signInitData,
  TG_TEST_THEME,
  TG_TEST_USER,
  type TelegramTestContact,
  type SignOptions,
  type TelegramTestUser,
} from '../../support/telegram';

/** A bot token for tests that never reach the server (which checks init data with its own). */
export const CLIENT_ONLY_BOT_TOKEN = '111111:client-only-token-not-known-to-the-server';

export interface FakeTelegramOptions extends SignOptions {
  botToken?: string;
  user?: TelegramTestUser;
  /** Mini Apps version the client reports; CloudStorage needs 6.9 or later. */
  version?: string;
  platform?: string;
  /** What this user's CloudStorage holds at launch. */
  cloud?: Record<string, string>;
  /**
   * How an opened invoice closes (`invoice_closed`'s status: paid, cancelled, failed, pending);
   * without it an invoice stays open, as a client whose shopper has not decided yet.
   */
  invoice?: (slug: string) => string;
  /** The codes the camera reads, one per opening of the QR scanner (see FakeTelegram.camera). */
  camera?: string[];
  /**
   * How the shopper answers "allow the bot to message you?" (`write_access_requested`); without it
   * the question stays open.
   */
  writeAccess?: 'allowed' | 'denied';
  /**
   * The phone's keychain behind SecureStorage (Mini Apps 9.0): what it holds at launch. A client
   * of 9.0 or later without it answers `secure_storage_failed`, as desktop and web clients do.
   */
  secure?: Record<string, string>;
  /**
   * What the client says of the app's icon on the home screen (`home_screen_checked`, Mini Apps
   * 8.0); adding it answers `home_screen_added`. Without it the check is not answered.
   */
  homeScreen?: 'unsupported' | 'unknown' | 'added' | 'missed';
  /**
   * How the shopper answers "share your phone number?" (`web_app_request_phone`, Mini Apps 6.9):
   * 'shared' hands over the user's own contact, signed with the bot token (or `contact`, another
   * one); 'denied' refuses. Without it the question stays open.
   */
  phone?: 'shared' | 'denied';
  /** The contact shared instead of the user's own (phone 'shared'). */
  contact?: TelegramTestContact;
  /**
   * The phone's position behind the location manager (Mini Apps 8.0), or 'denied': the shopper
   * refuses (`location_requested` not available), and the next check says access was refused.
   * Without it the client has no location at all.
   */
  location?: { latitude: number; longitude: number } | 'denied';
  /**
   * The phone's biometrics (Mini Apps 7.2): its kind, whether the shopper grants the app access when
   * asked ('granted' unless said), and whether the face or finger is recognised when a payment asks
   * ('authorized' unless said). Without it the phone has none.
   */
  biometry?: { type: 'face' | 'finger'; access?: 'granted' | 'denied'; auth?: 'authorized' | 'failed' };
  /**
   * What becomes of a prepared message the app shares (`web_app_send_prepared_message`, Mini Apps
   * 8.0): 'sent' once the shopper picked a chat, or the client's error (USER_DECLINED when the
   * chooser is closed). Without it the chooser stays open.
   */
  preparedMessage?: (id: string) => 'sent' | string;
}

export interface TelegramCall {
  method: string;
  params: Record<string, unknown> | undefined;
}

export interface FakeTelegram {
  /** The signed `tgWebAppData` string the app was launched with. */
  initData: string;
  /** Every method the app posted to the client, in order. */
  calls: TelegramCall[];
  /** The params of each posted call of one method. */
  callsOf(method: string): (Record<string, unknown> | undefined)[];
  /** The user's CloudStorage as the client keeps it. */
  cloud: Map<string, string>;
  /** The keychain behind SecureStorage (empty where the client has none). */
  secure: Map<string, string>;
  /**
   * What the camera reads next: each opening of the QR scanner reads the first code (the scanner
   * then closes); with none left, the shopper closes the scanner without a code.
   */
  camera: string[];
  /** What the phone keeps behind its biometrics for this bot ('' when nothing). */
  biometricToken(): string;
  /** As if the shopper had allowed biometrics earlier and the phone kept `token` behind them. */
  keepBiometricToken(token: string): void;
}

type StorageParams = { key?: string; value?: string; keys?: string[] };

type Sdk = typeof import('@telegram-apps/sdk-react');

/**
 * The Telegram SDK the app of the running test loaded, for reading its buttons: each test loads the
 * app, and with it the SDK, afresh (tests/app/setup.ts), so a copy imported once per file would be
 * another instance. Called at a file's top level; read inside its tests.
 */
export function sdkOfEachTest(): Sdk {
  let current: Sdk | undefined;
  beforeEach(async () => {
    current = await import('@telegram-apps/sdk-react');
  });
  return new Proxy({} as Sdk, {
    get: (_target, key) => {
      if (!current) throw new Error('The Telegram SDK is read inside a test, once the app has loaded it.');
      return Reflect.get(current, key) as unknown;
    },
  });
}

/**
 * The Telegram client, played through the SDK's own `mockTelegramEnv`: launch parameters with
 * signed init data, and answers to what a real client answers (theme, viewport, safe areas,
 * CloudStorage through `web_app_invoke_custom_method`). Everything the app posts is recorded.
 */
export function fakeTelegram(options: FakeTelegramOptions = {}): FakeTelegram {
  const { botToken = CLIENT_ONLY_BOT_TOKEN, version = '8.0', platform = 'android', startParam } = options;
  const initData = signInitData(botToken, options);
  const cloud = new Map(Object.entries(options.cloud ?? {}));
  const secure = new Map(Object.entries(options.secure ?? {}));
  const calls: TelegramCall[] = [];
  const camera = [...(options.camera ?? [])];
  const answer = (name: string, payload: unknown) =>
    queueMicrotask(() => emitEvent(name as never, payload as never));
  const insets = { top: 0, bottom: 0, left: 0, right: 0 };

  let phoneShared = false;
  let locationAsked = false;
  const bio = { requested: false, granted: false, token: '' };
  const bioInfo = () =>
    options.biometry
      ? {
          available: true,
          type: options.biometry.type,
          access_requested: bio.requested,
          access_granted: bio.granted,
          token_saved: bio.token !== '',
          device_id: 'fake-phone-device',
        }
      : { available: false };
  const storage = (method: unknown, params: StorageParams): unknown => {
    switch (method) {
      case 'getRequestedContact': {
        // Nothing shared yet: an empty answer, as Telegram gives (the app then asks the shopper).
        if (!phoneShared) return '';
        const user = options.user ?? TG_TEST_USER;
        const contact = options.contact ?? {
          user_id: user.id,
          phone_number: '491701234567',
          first_name: user.first_name,
          ...(user.last_name ? { last_name: user.last_name } : {}),
        };
        return signContact(botToken, contact);
      }
      case 'saveStorageValue':
        cloud.set(String(params.key), String(params.value));
        return true;
      case 'getStorageValues':
        return Object.fromEntries((params.keys ?? []).map((k) => [k, cloud.get(k) ?? '']));
      case 'deleteStorageValues':
        for (const k of params.keys ?? []) cloud.delete(k);
        return true;
      case 'getStorageKeys':
        return [...cloud.keys()];
      default:
        return undefined;
    }
  };

  // A client from an earlier test must not stay wrapped inside this one.
  delete (window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy;
  mockTelegramEnv({
    launchParams: launchParams({ initData, startParam, version, platform }),
    onEvent: (event) => {
      const [method, raw] = event as [string, Record<string, unknown> | undefined];
      calls.push({ method, params: raw });
      switch (method) {
        case 'web_app_request_theme':
          return answer('theme_changed', { theme_params: TG_TEST_THEME });
        case 'web_app_request_viewport':
          return answer('viewport_changed', {
            height: 640,
            width: 390,
            is_expanded: true,
            is_state_stable: true,
          });
        case 'web_app_request_safe_area':
          return answer('safe_area_changed', insets);
        case 'web_app_request_content_safe_area':
          return answer('content_safe_area_changed', insets);
        case 'web_app_open_invoice':
          if (!options.invoice) return undefined;
          return answer('invoice_closed', {
            slug: raw?.slug,
            status: options.invoice(String(raw?.slug)),
          });
        case 'web_app_send_prepared_message': {
          if (!options.preparedMessage) return undefined;
          const outcome = options.preparedMessage(String(raw?.id));
          return outcome === 'sent'
            ? answer('prepared_message_sent', {})
            : answer('prepared_message_failed', { error: outcome });
        }
        case 'web_app_request_write_access':
          if (!options.writeAccess) return undefined;
          return answer('write_access_requested', { status: options.writeAccess });
        case 'web_app_open_scan_qr_popup': {
          const code = camera.shift();
          return code === undefined
            ? answer('scan_qr_popup_closed', {})
            : answer('qr_text_received', { data: code });
        }
        case 'web_app_check_location':
          return answer('location_checked', {
            available: Boolean(options.location),
            access_requested: locationAsked,
            access_granted: locationAsked && options.location !== 'denied',
          });
        case 'web_app_request_location': {
          locationAsked = true;
          const where = options.location;
          return answer(
            'location_requested',
            where && where !== 'denied'
              ? {
                  available: true,
                  ...where,
                  altitude: null,
                  course: null,
                  speed: null,
                  horizontal_accuracy: 20,
                  vertical_accuracy: null,
                  course_accuracy: null,
                  speed_accuracy: null,
                }
              : { available: false },
          );
        }
        case 'web_app_biometry_get_info':
          return answer('biometry_info_received', bioInfo());
        case 'web_app_biometry_request_access':
          bio.requested = true;
          bio.granted = options.biometry?.access !== 'denied';
          return answer('biometry_info_received', bioInfo());
        case 'web_app_biometry_update_token': {
          if (!bio.granted) return answer('biometry_token_updated', { status: 'failed' });
          bio.token = String(raw?.token ?? '');
          return answer('biometry_token_updated', { status: bio.token ? 'updated' : 'removed' });
        }
        case 'web_app_biometry_request_auth':
          if (!bio.granted || options.biometry?.auth === 'failed')
            return answer('biometry_auth_requested', { status: 'failed' });
          return answer('biometry_auth_requested', { status: 'authorized', token: bio.token });
        case 'web_app_request_phone':
          if (!options.phone) return undefined;
          phoneShared = options.phone === 'shared';
          return answer('phone_requested', { status: phoneShared ? 'sent' : 'cancelled' });
        case 'web_app_check_home_screen':
          if (!options.homeScreen) return undefined;
          return answer('home_screen_checked', { status: options.homeScreen });
        case 'web_app_add_to_home_screen':
          return answer('home_screen_added', {});
        case 'web_app_secure_storage_get_key':
        case 'web_app_secure_storage_save_key': {
          if (!options.secure)
            return answer('secure_storage_failed', { req_id: raw?.req_id, error: 'UNSUPPORTED' });
          const key = String(raw?.key);
          if (method === 'web_app_secure_storage_get_key')
            return answer('secure_storage_key_received', {
              req_id: raw?.req_id,
              value: secure.get(key) ?? null,
            });
          if (raw?.value === null) secure.delete(key);
          else secure.set(key, String(raw?.value));
          return answer('secure_storage_key_saved', { req_id: raw?.req_id });
        }
        case 'web_app_invoke_custom_method': {
          const result = storage(raw?.method, (raw?.params ?? {}) as StorageParams);
          return answer(
            'custom_method_invoked',
            result === undefined
              ? { req_id: raw?.req_id, error: 'UNKNOWN_METHOD' }
              : { req_id: raw?.req_id, result },
          );
        }
        default:
          return undefined;
      }
    },
  });
  return {
    initData,
    calls,
    callsOf: (method) => calls.filter((c) => c.method === method).map((c) => c.params),
    cloud,
    secure,
    camera,
    biometricToken: () => bio.token,
    keepBiometricToken: (token) => Object.assign(bio, { requested: true, granted: true, token }),
  };
}
