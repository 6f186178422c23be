import { mainButton, secondaryButton } from '@telegram-apps/sdk-react';
import { useBottomButton, type MainButtonParams } from './buttons';
import { tgEnv } from './env';

/**
 * Telegram's secondary button, mounted the first time a page asks for it (Mini Apps 7.10), to the
 * main button's left. Here rather than at start-up: only the product page uses it, and the first
 * screen's scripts stay small (tests/e2e/static.test.ts).
 */
function secondaryButtonReady(): boolean {
  if (!tgEnv.inTelegram) return false;
  if (!secondaryButton.isMounted() && secondaryButton.mount.isAvailable()) {
    secondaryButton.mount();
    secondaryButton.setParams({ position: 'left' });
  }
  return secondaryButton.isMounted();
}

/**
 * A page's two actions on Telegram's main button and, to its left, the secondary one, when the
 * client has both; false: the page shows them itself (outside Telegram, or an older client, which
 * would otherwise show one action twice).
 */
export function useTelegramButtonPair(
  main: MainButtonParams | undefined,
  secondary: MainButtonParams | undefined,
): boolean {
  const both = mainButton.isMounted() && secondaryButtonReady();
  const mainShown = useBottomButton(mainButton, both ? main : undefined);
  useBottomButton(secondaryButton, both ? secondary : undefined);
  return both && mainShown;
}
