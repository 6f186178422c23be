import { backButton, hapticFeedback, mainButton } from '@telegram-apps/sdk-react';
import { useEffect, useRef } from 'react';
import { tgEnv } from './env';

/** Binds Telegram's back button while mounted; returns false outside Telegram (show the in-page arrow). */
export function useTelegramBackButton(visible: boolean, onBack: () => void): boolean {
  const handler = useRef(onBack);
  handler.current = onBack;
  const available = tgEnv.inTelegram && backButton.show.isAvailable();
  useEffect(() => {
    if (!tgEnv.inTelegram || !backButton.isMounted()) return;
    if (!visible) {
      backButton.hide.ifAvailable();
      return;
    }
    backButton.show.ifAvailable();
    const off = backButton.onClick(() => handler.current());
    return () => {
      off();
    };
  }, [visible]);
  return available;
}

export interface MainButtonParams {
  text: string;
  onClick: () => void;
  enabled?: boolean;
  loading?: boolean;
}

/** Binds Telegram's main button to a page's primary action; answers whether Telegram shows it. */
export function useTelegramMainButton(params: MainButtonParams | undefined): boolean {
  const handler = useRef(params?.onClick);
  handler.current = params?.onClick;
  const shown = Boolean(params) && tgEnv.inTelegram && mainButton.isMounted();
  const text = params?.text ?? '';
  const enabled = params?.enabled ?? true;
  const loading = params?.loading ?? false;
  useEffect(() => {
    if (!shown || !text) return;
    mainButton.setParams({ text, isVisible: true, isEnabled: enabled && !loading, isLoaderVisible: loading });
  }, [shown, text, enabled, loading]);
  useEffect(() => {
    if (!shown) return;
    const off = mainButton.onClick(() => handler.current?.());
    return () => {
      off();
      mainButton.setParams({ isVisible: false, isLoaderVisible: false });
    };
  }, [shown]);
  return shown;
}

export const haptic = {
  success: () => hapticFeedback.notificationOccurred.ifAvailable('success'),
  error: () => hapticFeedback.notificationOccurred.ifAvailable('error'),
  tap: () => hapticFeedback.impactOccurred.ifAvailable('light'),
};
