import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import de from '../../locales/de-DE.json';
import { TEST_BOT_TOKEN } from '../support/app';
import { at } from './support/page';
import { useRealServer } from './support/server';
import { startApp } from './support/start-app';
import { fakeTelegram, type FakeTelegram, sdkOfEachTest } from './support/telegram-client';

const sdk = sdkOfEachTest();

/**
 * The whole app inside a (mocked) Telegram client against the real server: Telegram's back button
 * shows on every page except the tab roots and goes to the page's parent when there is no history;
 * the shopper is logged in silently; the title follows the route.
 */
useRealServer();

const backButton = (client: FakeTelegram) =>
  client.callsOf('web_app_setup_back_button').map((p) => p?.is_visible);

describe('app in Telegram', () => {
  it('logs in silently and opens a private page directly, without the in-page navigation bar', async () => {
    fakeTelegram({ botToken: TEST_BOT_TOKEN });
    await startApp('/setting');
    await screen.findByTestId('setting-language');
    expect(window.location.pathname).toBe('/setting');
    expect(document.querySelector('.nav-bar')).toBeNull();
    // The Telegram user speaks German (language_code 'de'): the new account and the interface follow.
    await waitFor(() => expect(document.title).toBe(`${de.routes.setting} · SHOP`));
  });

  it('shows the shopper’s own screen and its answers while the silent login is still under way', async () => {
    fakeTelegram({ botToken: TEST_BOT_TOKEN });
    const { userApi } = await import('../../src/api/user');
    const { session } = await import('../../src/stores/session');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const tgLogin = userApi.tgLogin;
    const login = vi
      .spyOn(userApi, 'tgLogin')
      .mockImplementation((initData) => held.then(() => tgLogin(initData)));
    try {
      await startApp('/setting');
      // The settings and the switches that need the shopper's answer (a Telegram chat) show at once.
      await screen.findByTestId('notify-switches');
      expect(screen.getByTestId('setting-language')).not.toBeNull();
      expect(login).toHaveBeenCalledTimes(1);
      expect(session.token).toBe('');
      release();
      await waitFor(() => expect(session.token).not.toBe(''));
      expect(window.location.pathname).toBe('/setting');
    } finally {
      login.mockRestore();
    }
  });

  it('Telegram’s settings button (in the app’s menu) opens the shop’s settings', async () => {
    const client = fakeTelegram({ botToken: TEST_BOT_TOKEN });
    await startApp('/profile');
    await screen.findByTestId('profile-name');
    // Shown with the first screen (each test loads the SDK afresh with its app).
    await waitFor(() => expect(sdk.settingsButton.isVisible()).toBe(true));
    expect(client.callsOf('web_app_setup_settings_button')).not.toContainEqual({ is_visible: false });
    await act(async () => sdk.emitEvent('settings_button_pressed'));
    await at('/setting');
    await screen.findByTestId('setting-language');
  });

  it("on a tab root (/profile) Telegram's back button stays hidden and the tab bar shows", async () => {
    const client = fakeTelegram({ botToken: TEST_BOT_TOKEN });
    await startApp('/profile');
    expect((await screen.findByTestId('profile-name')).textContent).toContain('Maria');
    expect(screen.getByTestId('tab-profile')).not.toBeNull();
    expect(backButton(client)).not.toContain(true);
    expect(sdk.backButton.isVisible()).toBe(false);
    await waitFor(() => expect(document.title).toBe(`${de.routes.profile} · SHOP`));
  });

  it("on a non-tab page (/setting) Telegram's back button shows; pressed, it goes to the parent and hides", async () => {
    const client = fakeTelegram({ botToken: TEST_BOT_TOKEN });
    await startApp('/setting');
    await screen.findByTestId('setting-language');
    await waitFor(() => expect(backButton(client).at(-1)).toBe(true));
    await act(async () => sdk.emitEvent('back_button_pressed'));
    await at('/profile');
    await screen.findByTestId('profile-name');
    await waitFor(() => expect(backButton(client).at(-1)).toBe(false));
  });
});
