import { on, postEvent, retrieveLaunchParams, supports } from '@telegram-apps/sdk-react';
import { tgEnv } from './env';

/**
 * Telegram's QR scanner (Mini Apps 6.4), through the bridge's own calls rather than the SDK's
 * `qrScanner`: the SDK is one module, so any part of it a page uses lands in the first screen's
 * scripts (tests/e2e/static.test.ts), while the bridge's calls are there already. Elsewhere (a
 * browser, an older client) the fields are typed as before.
 */
export function canScanQr(): boolean {
  if (!tgEnv.inTelegram) return false;
  try {
    return supports('web_app_open_scan_qr_popup', retrieveLaunchParams().tgWebAppVersion);
  } catch {
    return false;
  }
}

let scanning = false;

/**
 * Opens the scanner with `text` over the camera (Telegram shows at most 64 characters) and
 * answers the first code it reads, closing it; undefined when the shopper closed it first, or the
 * client refused the call. One scan at a time.
 */
export function scanQr(text: string): Promise<string | undefined> {
  if (scanning || !canScanQr()) return Promise.resolve(undefined);
  scanning = true;
  return new Promise((resolve) => {
    const done = (code: string | undefined) => {
      scanning = false;
      stopRead();
      stopClosed();
      resolve(code);
    };
    const stopRead = on('qr_text_received', ({ data }) => {
      done(data ?? undefined);
      postEvent('web_app_close_scan_qr_popup');
    });
    const stopClosed = on('scan_qr_popup_closed', () => done(undefined));
    try {
      postEvent('web_app_open_scan_qr_popup', { text: text.slice(0, 64) });
    } catch {
      done(undefined);
    }
  });
}
