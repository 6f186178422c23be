import { openLink, openTelegramLink } from '@telegram-apps/sdk-react';

/** A t.me link to something (a user, a bot, a group): Telegram opens those itself. */
const TELEGRAM_TARGET = /^https:\/\/t\.me\/[^/?#]/;

/**
 * Opens an address outside the app: t.me links inside Telegram itself, other links (and the bare
 * https://t.me/, which Telegram's SDK refuses as a target) in Telegram's in-app browser, and a new
 * tab in a plain browser.
 */
export function openExternal(url: string): void {
  if (TELEGRAM_TARGET.test(url) && openTelegramLink.isAvailable()) {
    openTelegramLink(url);
  } else if (openLink.isAvailable()) {
    openLink(url);
  } else {
    window.open(url, '_blank', 'noopener,noreferrer');
  }
}
