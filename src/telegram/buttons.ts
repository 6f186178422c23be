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

/** What the main and the secondary button share (SDK v3). */
export interface BottomButton {
  isMounted(): boolean;
  setParams(params: {
    text?: string;
    isVisible?: boolean;
    isEnabled?: boolean;
    isLoaderVisible?: boolean;
    hasShineEffect?: boolean;
  }): void;
  onClick(listener: () => void): () => void;
}

/** Binds one of Telegram's bottom buttons to an action while given one; answers whether Telegram shows it. */
export function useBottomButton(button: BottomButton, params: MainButtonParams | undefined): boolean {
  const handler = useRef(params?.onClick);
  handler.current = params?.onClick;
  const shown = Boolean(params) && tgEnv.inTelegram && button.isMounted();
  const text = params?.text ?? '';
  const enabled = params?.enabled ?? true;
  const loading = params?.loading ?? false;
  const shine = params?.shine ?? false;
  useEffect(() => {
    if (!shown || !text) return;
    button.setParams({
      text,
      isVisible: true,
      isEnabled: enabled && !loading,
      isLoaderVisible: loading,
      hasShineEffect: shine && !loading,
    });
  }, [button, shown, text, enabled, loading, shine]);
  useEffect(() => {
    if (!shown) return;
    const off = button.onClick(() => handler.current?.());
    return () => {
      off();
      button.setParams({ isVisible: false, isLoaderVisible: false, hasShineEffect: false });
    };
  }, [button, shown]);
  return shown;
}

/** Binds Telegram's main button to a page's primary action; answers whether Telegram shows it. */
export function useTelegramMainButton(params: MainButtonParams | undefined): boolean {
  return useBottomButton(mainButton, params);
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
