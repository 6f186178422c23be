import {
  backButton,
  cloudStorage,
  closingBehavior,
  init as initSDK,
  initData,
  mainButton,
  miniApp,
  retrieveLaunchParams,
  retrieveRawInitData,
  settingsButton,
  swipeBehavior,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';
import { tgEnv } from './env';

/**
 * Start-up step 2 (after the launch parameters were read, before React renders): initialise the
 * SDK once, outside React, so StrictMode's double effects never mount or bind twice, and mount what
 * the first render reads (finishTelegram does the rest after the first paint).
 * Outside Telegram nothing is initialised and the app runs as a mobile web app.
 */
export async function initTelegram(): Promise<void> {
  let launch;
  try {
    launch = retrieveLaunchParams();
  } catch {
    tgEnv.isDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
    return;
  }
  // No <style> element for the styles Telegram's web client may push into the frame: the server's
  // Content-Security-Policy allows styles from our own files only (server/lib/security.ts).
  initSDK({ acceptCustomStyles: false });
  initData.restore();
  const user = initData.user();
  tgEnv.inTelegram = true;
  tgEnv.platform = launch.tgWebAppPlatform;
  tgEnv.initDataRaw = retrieveRawInitData() ?? '';
  tgEnv.startParam = launch.tgWebAppStartParam ?? initData.startParam() ?? '';
  tgEnv.languageCode = user?.language_code ?? '';
  tgEnv.userName = [user?.first_name, user?.last_name].filter(Boolean).join(' ');
  tgEnv.username = user?.username ?? '';
  tgEnv.cloudStorage = cloudStorage.isSupported();

  // What the first render reads: the buttons it binds (a page without Telegram's main button shows
  // its own) and the theme.
  backButton.mount.ifAvailable();
  mainButton.mount.ifAvailable();
  settingsButton.mount.ifAvailable();
  if (miniApp.mountSync.isAvailable()) {
    miniApp.mountSync();
    if (!themeParams.isCssVarsBound()) themeParams.bindCssVars();
    tgEnv.isDark = miniApp.isDark();
    miniApp.isDark.sub((dark) => (tgEnv.isDark = dark));
  }
}

let finished = false;

/**
 * Start-up's last step, once the first screen has painted: what the first render does not read.
 * Each SDK function's first availability check reads the launch parameters anew (several ms on a
 * slow phone each), so they wait until the screen is up. Once per page; nothing outside Telegram.
 */
export function finishTelegram(): void {
  if (finished || !tgEnv.inTelegram) return;
  finished = true;
  if (miniApp.isMounted()) matchTelegramChrome();
  // Mounting swipe behaviour disables vertical swipes (pull-to-refresh must not close the app).
  if (swipeBehavior.mount.isAvailable()) {
    swipeBehavior.mount();
    swipeBehavior.disableVertical.ifAvailable();
  }
  closingBehavior.mount.ifAvailable();
  if (viewport.mount.isAvailable() && !viewport.isMounting()) {
    // Some clients never answer the viewport request (macOS, old Android): do not block start-up.
    viewport
      .mount()
      .then(() => {
        if (!viewport.isCssVarsBound()) viewport.bindCssVars();
        viewport.expand.ifAvailable();
      })
      .catch(() => undefined);
  }
  miniApp.ready.ifAvailable();
}

/**
 * The screens sit on the theme's secondary background: Telegram's header, the area behind the
 * page and the bottom bar (under the main button) take the same colour, so the header meets the
 * page without a seam. Given as theme keys, they follow a theme change by themselves.
 */
function matchTelegramChrome() {
  for (const set of [miniApp.setHeaderColor, miniApp.setBackgroundColor, miniApp.setBottomBarColor]) {
    try {
      set.ifAvailable('secondary_bg_color');
    } catch {
      // A client without that theme colour keeps its own (the SDK cannot resolve the key).
    }
  }
}
