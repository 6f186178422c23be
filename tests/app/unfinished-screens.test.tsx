import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startParamToPath } from '../../common/start-param';
import de from '../../locales/de-DE.json';
import en from '../../locales/en-US.json';
import { hasScreen, ROUTES, type RouteDef } from '../../src/app/routes';
import { TEST_BOT_TOKEN } from '../support/app';
import { useRealServer } from './support/server';
import { startApp, storeToken } from './support/start-app';
import { fakeTelegram } from './support/telegram-client';

/**
 * Issue 8, item 3: an entry whose screen does not exist yet is not shown (the route table
 * decides, so entries appear once their screens land), and a link to such a path opens home and
 * says what happened.
 */
const server = useRealServer();
const at = (path: string) => waitFor(() => expect(window.location.pathname).toBe(path));
const linkedPaths = () =>
  [...document.querySelectorAll('a[href]')].map((a) => new URL((a as HTMLAnchorElement).href).pathname);

describe('entries follow the route table', () => {
  it('the table has screenless paths at all (else this suite proves nothing)', () => {
    expect(ROUTES.filter((r) => !r.screen).length).toBeGreaterThan(0);
  });

  it.each(['/profile', '/setting', '/security'])('%s links only to paths with a screen', async (path) => {
    const { token } = await server.api.register(`entries_${path.slice(1)}`);
    await storeToken(token);
    await startApp(path);
    await waitFor(() => expect(linkedPaths().length).toBeGreaterThan(0));
    for (const linked of linkedPaths()) expect(hasScreen(linked), `${path} links to ${linked}`).toBe(true);
  });

  it('the profile shows the entries whose screens exist, and the order shortcuts only with theirs', async () => {
    const { token } = await server.api.register('entries_shown');
    await storeToken(token);
    await startApp('/profile');
    await screen.findByTestId('profile-name');
    const links = linkedPaths();
    for (const path of [
      '/myFavourite',
      '/editProfile',
      '/setting',
      '/helpAndSupport',
      '/address',
      '/topUp',
      '/withDraw',
      '/capitalRecord',
    ])
      expect(links.includes(path), path).toBe(hasScreen(path));
    // The order screens have landed (issue 9): their entries show.
    expect(screen.getByTestId('orders-all')).toBeTruthy();
    expect(screen.getByText(en.profile.orders)).toBeTruthy();
    expect(links).toContain('/notification');
  });

  it.each([
    '/order',
    '/myPurchases/1',
    '/orderInfo/1',
    '/checkout',
    '/payment',
    '/notification',
    // The top-up screens have landed (issue 10): the bill's Top up button and the profile's entry show.
    '/topUp',
    '/walletTopUp',
    '/cardTopUp',
    // The withdrawal screen has landed too (tests/app/wallet-withdraw*.test.tsx opens it by the deep link).
    '/withDraw',
  ])('%s has its screen', (path) => expect(hasScreen(path)).toBe(true));
});

describe('top-up entries (issue 10)', () => {
  it('the profile and the bill link to /topUp, and the deep link opens it', async () => {
    const { token } = await server.api.register('entries_topup');
    await storeToken(token);
    await startApp('/profile');
    await screen.findByTestId('profile-name');
    expect(linkedPaths()).toContain('/topUp');
    window.history.pushState(null, '', startParamToPath('topup'));
    window.dispatchEvent(new PopStateEvent('popstate'));
    await at('/topUp');
  });

  it('the bill shows its Top up button, which opens /topUp', async () => {
    const { token } = await server.api.register('entries_bill_topup');
    await storeToken(token);
    await startApp('/capitalRecord');
    const button = await screen.findByText(en.walletScreens.topUp);
    button.click();
    await at('/topUp');
  });
});

describe('a path without a screen', () => {
  it('opens home and says the page is not there yet', async () => {
    const route = ROUTES.find((r) => !r.screen && !r.path.includes(':')) as RouteDef;
    expect(route).toBeDefined();
    const path = route.path;
    fakeTelegram({ botToken: TEST_BOT_TOKEN });
    await startApp(path);
    await at('/home');
    const expected = de.app.notYet.replace('{{page}}', de.routes[route.title]);
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe(expected));
  });
});
