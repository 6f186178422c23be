import { openLink, openTelegramLink } from '@telegram-apps/sdk-react';

/**
 * Opens an address outside the app: t.me links inside Telegram itself, other links in Telegram's
 * in-app browser, and a new tab in a plain browser.
 */
export function openExternal(url: string): void {
  if (/^https:\/\/t\.me\//.test(url) && openTelegramLink.isAvailable()) {
    openTelegramLink(url);
  } else if (openLink.isAvailable()) {
    openLink(url);
  } else {
    window.open(url, '_blank', 'noopener,noreferrer');
  }
}
