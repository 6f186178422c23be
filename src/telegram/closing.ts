import { closingBehavior } from '@telegram-apps/sdk-react';
import { useEffect } from 'react';
import { tgEnv } from './env';

/**
 * Telegram asks before closing the Mini App while `on` (a form the shopper would lose: checkout,
 * payment). Off again when the form is left or done. Nothing happens outside Telegram.
 */
export function useClosingConfirmation(on: boolean): void {
  useEffect(() => {
    if (!on || !tgEnv.inTelegram || !closingBehavior.isMounted()) return;
    closingBehavior.enableConfirmation.ifAvailable();
    return () => {
      closingBehavior.disableConfirmation.ifAvailable();
    };
  }, [on]);
}
