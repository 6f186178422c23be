import { shareURL } from '@telegram-apps/sdk-react';
import { appLinkTo, startParams } from '@common/start-param';
import { copyText, type CopyResult } from '@app/components/copy';
import { canShareMessage, shareMessage } from '@app/telegram/share-message';

/**
 * The link that opens a product: the Mini App's t.me link with a start parameter when the server
 * knows it (it opens the product inside Telegram), else this site's own detail page.
 */
export function productLink(appLink: string | undefined, productId: number): string {
  if (appLink) return appLinkTo(appLink, startParams.product(productId));
  return `${window.location.origin}/detail/${productId}`;
}

export type ShareResult = 'telegram' | 'native' | 'cancelled' | CopyResult;

/**
 * Inside Telegram (Mini Apps 8.0): the product as a card with its picture, name, price and a button
 * into the Mini App. The server prepares it (`prepare` answers the prepared message's id), then
 * Telegram's chooser sends it (shareMessage). 'card' when sent, 'cancelled' when the shopper
 * closed the chooser, undefined when no card could be made: share the link instead.
 */
export async function shareCard(prepare: () => Promise<string>): Promise<'card' | 'cancelled' | undefined> {
  if (!canShareMessage()) return undefined;
  let id: string;
  try {
    id = await prepare();
  } catch {
    return undefined;
  }
  const outcome = await shareMessage(id);
  if (outcome === 'sent') return 'card';
  return outcome === 'declined' ? 'cancelled' : undefined;
}

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
  return copyText(url);
}
