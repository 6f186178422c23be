import { backButton, hapticFeedback, mainButton, settingsButton } from '@telegram-apps/sdk-react';
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
  /** Telegram's shine on the button (Mini Apps 7.10; older clients show it plain): the page's one decisive step, paying. */
  shine?: boolean;
}

/** Binds Telegram's main button to a page's primary action; answers whether Telegram shows it. */
export function useTelegramMainButton(params: MainButtonParams | undefined): boolean {
  const handler = useRef(params?.onClick);
  handler.current = params?.onClick;
  const shown = Boolean(params) && tgEnv.inTelegram && mainButton.isMounted();
  const text = params?.text ?? '';
  const enabled = params?.enabled ?? true;
  const loading = params?.loading ?? false;
  const shine = params?.shine ?? false;
  useEffect(() => {
    if (!shown || !text) return;
    mainButton.setParams({
      text,
      isVisible: true,
      isEnabled: enabled && !loading,
      isLoaderVisible: loading,
      hasShineEffect: shine && !loading,
    });
  }, [shown, text, enabled, loading, shine]);
  useEffect(() => {
    if (!shown) return;
    const off = mainButton.onClick(() => handler.current?.());
    return () => {
      off();
      mainButton.setParams({ isVisible: false, isLoaderVisible: false, hasShineEffect: false });
    };
  }, [shown]);
  return shown;
}

/**
 * Telegram's settings button (in the Mini App's menu, Mini Apps 6.10) opens the shop's settings;
 * clients without it keep the profile's entry, which is there anyway.
 */
export function useTelegramSettingsButton(onOpen: () => void): void {
  const handler = useRef(onOpen);
  handler.current = onOpen;
  useEffect(() => {
    if (!tgEnv.inTelegram || !settingsButton.isMounted()) return;
    settingsButton.show.ifAvailable();
    const off = settingsButton.onClick(() => handler.current());
    return () => {
      off();
    };
  }, []);
}

export const haptic = {
  success: () => hapticFeedback.notificationOccurred.ifAvailable('success'),
  error: () => hapticFeedback.notificationOccurred.ifAvailable('error'),
  tap: () => hapticFeedback.impactOccurred.ifAvailable('light'),
};
