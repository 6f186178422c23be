import { proxy } from 'valtio';

/** What the Telegram client told us at launch; `inTelegram` is false in a plain browser. */
export interface TelegramEnv {
  inTelegram: boolean;
  platform: string;
  initDataRaw: string;
  startParam: string;
  languageCode: string;
  userName: string;
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
  isDark: false,
  cloudStorage: false,
});
