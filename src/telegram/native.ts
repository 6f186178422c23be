import { postEvent, request } from '@telegram-apps/sdk-react';
import { userApi } from '../api/user';
import { clientHas } from './env';

/*
 * Telegram features the app reaches through the bridge's own calls: the QR scanner and the "allow
 * the bot to message you" question (the home screen's icon: home-screen.ts). One module, one chunk of the later screens: the SDK's
 * wrappers would land in the first screen's scripts (the SDK is one module), and every chunk of
 * its own adds its name to the start-up script's list of what each screen loads
 * (tests/e2e/static.test.ts).
 */

/** Telegram's QR scanner (Mini Apps 6.4); elsewhere (a browser, an older client) fields are typed. */
export const canScanQr = (): boolean => clientHas('web_app_open_scan_qr_popup');

let scanning = false;

/**
 * Opens the scanner with `text` over the camera (Telegram shows at most 64 characters) and
 * answers the first code it reads, closing it; undefined when the shopper closed it first, or the
 * client refused the call. One scan at a time.
 */
export function scanQr(text: string): Promise<string | undefined> {
  if (scanning || !canScanQr()) return Promise.resolve(undefined);
  scanning = true;
  return request('web_app_open_scan_qr_popup', ['qr_text_received', 'scan_qr_popup_closed'], {
    params: { text: text.slice(0, 64) },
  })
    .then(
      (read) => {
        if (!read || !('data' in read)) return undefined;
        postEvent('web_app_close_scan_qr_popup');
        return read.data ?? undefined;
      },
      () => undefined,
    )
    .finally(() => {
      scanning = false;
    });
}

/**
 * Telegram's "allow the bot to message you" question (`requestWriteAccess`, Mini Apps 6.9): a
 * shopper who opened the app by a direct link and never started the bot gets no notification in
 * Telegram until they allow it.
 */
export const canAskWriteAccess = (): boolean => clientHas('web_app_request_write_access');

/** Asks; answers what the shopper chose, or undefined where the client cannot ask. */
export function askWriteAccess(): Promise<'allowed' | 'denied' | undefined> {
  if (!canAskWriteAccess()) return Promise.resolve(undefined);
  return request('web_app_request_write_access', 'write_access_requested').then(
    ({ status }) => (status === 'allowed' ? 'allowed' : 'denied'),
    () => undefined,
  );
}

/**
 * After a paid order: once per shopper, where the bot may not write to them yet (they came by a
 * direct link and never started it), asks Telegram's question and tells the server the answer
 * was asked (so a shopper who said no is not asked after every order; /setting still offers it)
 * and, when they allowed it, that it may write. Never throws: the order is paid whatever happens.
 */
export async function offerBotMessagesOnce(): Promise<void> {
  try {
    if (!canAskWriteAccess()) return;
    const settings = await userApi.notifySettings();
    if (!settings.telegram || settings.botMayWrite || settings.botWriteAsked) return;
    const answer = await askWriteAccess();
    if (!answer) return;
    await userApi.saveNotifySettings({
      bot_write_asked: true,
      ...(answer === 'allowed' ? { bot_write_allowed: true as const } : {}),
    });
  } catch {
    // Offline or refused: asked again after the next order.
  }
}

/** Telegram's full screen (Mini Apps 8.0): the app over the whole phone screen, as a picture viewer wants. */
export const canGoFullscreen = (): boolean => clientHas('web_app_request_fullscreen');

/** Asks Telegram for the full screen; answers whether it was asked (then exitFullscreen undoes it). */
export function enterFullscreen(): boolean {
  if (!canGoFullscreen()) return false;
  try {
    postEvent('web_app_request_fullscreen');
    return true;
  } catch {
    return false;
  }
}

export function exitFullscreen(): void {
  try {
    postEvent('web_app_exit_fullscreen');
  } catch {
    // The client left it already.
  }
}
