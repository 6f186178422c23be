import { openLink, openTelegramLink } from '@telegram-apps/sdk-react';
import { tgEnv } from './env';

/**
 * Whether a configured link leads somewhere: an http(s) address, and not Telegram's bare home
 * page ("https://t.me/", the old unset default, which Telegram refuses to open).
 */
export function isUsableLink(url: string | undefined): url is string {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
    return !(parsed.hostname === 't.me' && parsed.pathname.replace(/\//g, '') === '');
  } catch {
    return false;
  }
}

/**
 * Opens an address outside the app: t.me links inside Telegram itself, other links in Telegram's
 * in-app browser, and a new tab in a plain browser (or when the client refuses the call).
 */
export function openExternal(url: string): void {
  if (tgEnv.inTelegram) {
    try {
      if (/^https:\/\/t\.me\/./.test(url) && openTelegramLink.isAvailable()) return openTelegramLink(url);
      if (openLink.isAvailable()) return openLink(url);
    } catch {
      // An old or odd client: the browser can still open it.
    }
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}
