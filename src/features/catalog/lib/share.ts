import { shareURL } from '@telegram-apps/sdk-react';
import { startParams } from '../../../../common/start-param';

/**
 * The link that opens a product: the Mini App's t.me link with a start parameter when the server
 * knows it (it opens the product inside Telegram), else this site's own detail page.
 */
export function productLink(appLink: string | undefined, productId: number): string {
  if (appLink) {
    const sep = appLink.includes('?') ? '&' : '?';
    return `${appLink}${sep}startapp=${startParams.product(productId)}`;
  }
  return `${window.location.origin}/detail/${productId}`;
}

export type ShareResult = 'telegram' | 'native' | 'cancelled' | 'copied' | 'copyFailed' | 'needsHttps';

/**
 * Shares through Telegram's chooser inside Telegram; in a browser through the system share sheet,
 * else by copying the link (the clipboard needs a secure page).
 */
export async function shareLink(url: string, text: string): Promise<ShareResult> {
  if (shareURL.isAvailable()) {
    shareURL(url, text);
    return 'telegram';
  }
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ url, text });
      return 'native';
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return 'cancelled';
      // Refused (no user gesture, unsupported data): copying still helps.
    }
  }
  if (!window.isSecureContext || !navigator.clipboard) return 'needsHttps';
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'copyFailed';
  }
}
