import { retrieveLaunchParams, supports, type MethodName } from '@telegram-apps/sdk-react';
import { proxy } from 'valtio';

/** What the Telegram client told us at launch; `inTelegram` is false in a plain browser. */
export interface TelegramEnv {
  inTelegram: boolean;
  platform: string;
  initDataRaw: string;
  startParam: string;
  languageCode: string;
  userName: string;
  /** The Telegram @username, without the @ ('' when the user has none). */
  username: string;
  isDark: boolean;
  cloudStorage: boolean;
}

export const tgEnv = proxy<TelegramEnv>({
  inTelegram: false,
  platform: 'web',
  initDataRaw: '',
  startParam: '',
  languageCode: '',
  userName: '',
  username: '',
  isDark: false,
  cloudStorage: false,
});

/**
 * Whether the Telegram client the app runs in has `method` (by the Mini Apps version it launched
 * with); false outside Telegram.
 */
export function clientHas(method: MethodName): boolean {
  if (!tgEnv.inTelegram) return false;
  try {
    return supports(method, retrieveLaunchParams().tgWebAppVersion);
  } catch {
    return false;
  }
}
