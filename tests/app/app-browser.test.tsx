import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../common/paths';
import en from '../../locales/en-US.json';
import { isPublicPath } from '../../src/app/access';
import { findRoute } from '../../src/app/routes';
import { at } from './support/page';
import { useRealServer } from './support/server';
import { smallShop } from './support/shop-fixture';
import { startApp, storeToken } from './support/start-app';

/**
 * The whole app in a plain browser (no Telegram) against the real server: access rules, the tab
 * bar, the in-page navigation bar and the page title.
 */
const server = useRealServer();
const TAB_ROOTS = ['/home', '/explore', '/bag', '/profile'];
const titleOf = (key: keyof typeof en.routes) => `${en.routes[key]} · SHOP`;

describe('app in a browser: access', () => {
  it('a visitor opening a private page lands on /login with the login-first message', async () => {
    await startApp('/setting');
    await at('/login');
    expect((await screen.findByTestId('toast')).textContent).toBe(en.auth.loginFirst);
    await waitFor(() => expect(document.title).toBe(titleOf('login')));
  });

  it('a stored session the server no longer knows is cleared, and the private page is left for a public one', async () => {
    await storeToken('expired-or-unknown');
    await startApp('/setting');
    await waitFor(() => {
      expect(document.cookie).not.toContain('token=');
      expect(isPublicPath(window.location.pathname)).toBe(true);
    });
  });

  it('a logged-in shopper opening /login is sent on (to /, then home)', async () => {
    const { token } = await server.api.register('browser_login');
    await storeToken(token);
    await startApp('/login');
    // Two steps (/login to /, / to home): waiting for "not /login" alone may catch the first.
    await waitFor(() => expect(window.location.pathname).toBe(paths.home.href()));
  });
});

describe('app in a browser: tab bar', () => {
  it('on a tab root it shows a tab for every tab root whose screen exists, and only those', async () => {
    const { token } = await server.api.register('browser_tabs');
    await storeToken(token);
    await startApp('/profile');
    await screen.findByTestId('profile-name');
    for (const path of TAB_ROOTS) {
      const tab = screen.queryByTestId(`tab-${path.slice(1)}`);
      const hasScreen = Boolean(findRoute(path)?.route.screen);
      expect(Boolean(tab), `${path} tab`).toBe(hasScreen);
    }
  });

  it('a page that is not a tab root has no tab bar', async () => {
    const { token } = await server.api.register('browser_notab');
    await storeToken(token);
    await startApp('/setting');
    await screen.findByTestId('setting-language');
    expect(screen.queryByTestId('tab-profile')).toBeNull();
  });
});

describe('app in a browser: navigation bar and title', () => {
  it('the page title follows the route title', async () => {
    const { token } = await server.api.register('browser_title');
    await storeToken(token);
    await startApp('/setting');
    await screen.findByTestId('setting-language');
    expect(document.title).toBe(titleOf('setting'));
    expect(document.querySelector('.nav-bar__title')?.textContent).toBe(en.routes.setting);
    fireEvent.click(screen.getByTestId('setting-security'));
    await at('/security');
    await waitFor(() => expect(document.title).toBe(titleOf('security')));
  });

  it('a non-tab page shows the back arrow; opened directly, back goes to its parent', async () => {
    const { token } = await server.api.register('browser_back');
    await storeToken(token);
    await startApp('/setting');
    await screen.findByTestId('setting-language');
    fireEvent.click(screen.getByRole('button', { name: en.common.back }));
    await at('/profile');
    await screen.findByTestId('profile-name');
    expect(screen.queryByRole('button', { name: en.common.back })).toBeNull();
  });

  it('the bag opened from a product page shows the back arrow, back to the product; from the tab bar none', async () => {
    const shop = await smallShop(server.api);
    const { token } = await server.api.register('browser_bag_back');
    await storeToken(token);
    await startApp(paths.detail.href(shop.mug));
    fireEvent.click(await screen.findByTestId('detail-bag'));
    await at(paths.bag.href());
    await screen.findByTestId('bag-empty');
    expect(screen.getByTestId('tab-bag')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en.common.back }));
    await at(paths.detail.href(shop.mug));
    await screen.findByTestId('detail-add');
    fireEvent.click(screen.getByTestId('detail-bag'));
    await at(paths.bag.href());
    fireEvent.click(screen.getByTestId('tab-home'));
    await at(paths.home.href());
    fireEvent.click(screen.getByTestId('tab-bag'));
    // The bag is kept alive: shown once its screen is no longer the hidden one.
    await waitFor(() => {
      expect(window.location.pathname).toBe(paths.bag.href());
      expect(screen.getByTestId('bag-empty').closest('[hidden]')).toBeNull();
    });
    expect(screen.queryByRole('button', { name: en.common.back })).toBeNull();
  });
});
