import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../common/money';
import de from '../../locales/de-DE.json';
import { TEST_BOT_TOKEN } from '../support/app';
import { TG_TEST_THEME } from '../support/telegram';
import { at } from './support/page';
import { useRealServer } from './support/server';
import { startApp } from './support/start-app';
import { fakeTelegram, type FakeTelegram, sdkOfEachTest } from './support/telegram-client';

const sdk = sdkOfEachTest();

/**
 * Telegram's shared chrome as the (mocked) client receives it, against the real server: the main
 * button belongs to the page shown, the header and background colours come from the theme.
 */
useRealServer();

const mainButtonShown = (client: FakeTelegram) =>
  client.callsOf('web_app_setup_main_button').map((p) => p?.is_visible);

describe('main button: only the page shown owns it', () => {
  afterEach(() => {
    sdk.mainButton.setParams({ isVisible: false });
  });

  /** /filter shows the main button; Back leaves it for its parent, the explore tab, and hides it. */
  async function leaveFilter(): Promise<FakeTelegram> {
    const client = fakeTelegram({ botToken: TEST_BOT_TOKEN });
    await startApp('/filter');
    await waitFor(() => expect(mainButtonShown(client).at(-1)).toBe(true));
    await act(async () => sdk.emitEvent('back_button_pressed'));
    await at('/explore');
    await waitFor(() => expect(mainButtonShown(client).at(-1)).toBe(false));
    return client;
  }

  it('leaving the kept-alive /filter hides the main button and drops its handler', async () => {
    await leaveFilter();
    expect(sdk.mainButton.isVisible()).toBe(false);
    // The filter stays mounted, hidden.
    expect(document.querySelector('.filter')?.closest('[hidden]')).not.toBeNull();

    // A stray press (Telegram still delivering one) no longer opens the product list.
    await act(async () => sdk.emitEvent('main_button_pressed'));
    await screen.findByTestId('tab-explore');
    expect(window.location.pathname).toBe('/explore');
  });

  it('coming back to /filter shows it again, and pressing it applies the filter', async () => {
    const client = await leaveFilter();
    await act(async () => {
      window.history.pushState(null, '', '/filter');
      fireEvent(window, new PopStateEvent('popstate'));
    });
    await at('/filter');
    await waitFor(() => expect(mainButtonShown(client).at(-1)).toBe(true));
    await act(async () => sdk.emitEvent('main_button_pressed'));
    await at('/products');
  });
});

describe('profile: a Telegram shopper sees their Telegram name, never the made-up account name', () => {
  it('shows the name and @username from Telegram', async () => {
    fakeTelegram({ botToken: TEST_BOT_TOKEN });
    await startApp('/profile');
    expect((await screen.findByTestId('profile-name')).textContent).toBe('Maria Tester');
    expect(screen.getByTestId('profile-sub').textContent).toBe('@maria_tg');
    expect(document.body.textContent).not.toMatch(/tg_\d/);
  });

  it('shows at once with the Telegram name, the wallet following with the account', async () => {
    // The network holds the account's answers (the silent login and the account) until released.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const urls = new WeakMap<XMLHttpRequest, string>();
    const open = XMLHttpRequest.prototype.open;
    const send = XMLHttpRequest.prototype.send;
    vi.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(function (
      this: XMLHttpRequest,
      ...args: Parameters<XMLHttpRequest['open']>
    ) {
      urls.set(this, String(args[1]));
      return open.apply(this, args);
    } as XMLHttpRequest['open']);
    vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (
      this: XMLHttpRequest,
      body?: Document | XMLHttpRequestBodyInit | null,
    ) {
      if (/tg_login|getUserInfo/.test(urls.get(this) ?? '')) void held.then(() => send.call(this, body));
      else send.call(this, body);
    });
    try {
      fakeTelegram({ botToken: TEST_BOT_TOKEN });
      await startApp('/profile');
      expect((await screen.findByTestId('profile-name')).textContent).toBe('Maria Tester');
      expect(screen.getByTestId('profile-sub').textContent).toBe('@maria_tg');
      expect(screen.getByTestId('balance').textContent).toBe('–');
      release();
      // Maria's Telegram speaks German.
      await waitFor(() =>
        expect(screen.getByTestId('balance').textContent).toBe(formatMoney('0.00', 'de-DE')),
      );
      expect(screen.getByTestId('profile-name').textContent).toBe('Maria Tester');
    } finally {
      release();
      vi.restoreAllMocks();
    }
  });

  it('without a Telegram username says "Telegram account" in the shopper’s language', async () => {
    fakeTelegram({
      botToken: TEST_BOT_TOKEN,
      user: { id: 5_000_000_777, first_name: 'Jonas', language_code: 'de' },
    });
    await startApp('/profile');
    expect((await screen.findByTestId('profile-name')).textContent).toBe('Jonas');
    await waitFor(() =>
      expect(screen.getByTestId('profile-sub').textContent).toBe(de.profile.telegramAccount),
    );
    expect(document.body.textContent).not.toMatch(/tg_\d/);
  });
});

describe("Telegram's header and background follow the page", () => {
  it('asks for the secondary background colour under the header, behind the page and the bottom bar', async () => {
    const client = fakeTelegram({ botToken: TEST_BOT_TOKEN });
    // The SDK keeps its colours for the whole file: start from Telegram's defaults, as a launch does.
    for (const set of [
      sdk.miniApp.setHeaderColor,
      sdk.miniApp.setBackgroundColor,
      sdk.miniApp.setBottomBarColor,
    ])
      set.ifAvailable('bg_color');
    await startApp('/profile');
    await screen.findByTestId('profile-name');
    const page = getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-secondary-bg-color');
    expect(page.trim()).toBe(TG_TEST_THEME.secondary_bg_color);
    expect(client.callsOf('web_app_set_header_color').at(-1)).toEqual({ color_key: 'secondary_bg_color' });
    expect(client.callsOf('web_app_set_background_color').at(-1)).toEqual({
      color: TG_TEST_THEME.secondary_bg_color,
    });
    expect(client.callsOf('web_app_set_bottom_bar_color').at(-1)).toEqual({
      color: TG_TEST_THEME.secondary_bg_color,
    });
  });
});
