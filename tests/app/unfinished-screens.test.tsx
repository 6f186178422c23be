import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startParamToPath } from '../../common/start-param';
import en from '../../locales/en-US.json';
import { hasScreen, ROUTES } from '../../src/app/routes';
import { at } from './support/page';
import { useRealServer } from './support/server';
import { startApp, storeToken } from './support/start-app';

/**
 * An entry whose screen does not exist yet is not shown (the route table decides, so entries appear
 * once their screens land), and a link to such a path opens home and says what happened.
 */
const server = useRealServer();
const linkedPaths = () =>
  [...document.querySelectorAll('a[href]')].map((a) => new URL((a as HTMLAnchorElement).href).pathname);

describe('entries follow the route table', () => {
  it('every path of the route table has its screen', () => {
    expect(ROUTES.filter((r) => !r.screen).map((r) => r.path)).toEqual([]);
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
    // The order screens have landed: their entries show.
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
    // The top-up screens have landed: the bill's Top up button and the profile's entry show.
    '/topUp',
    '/walletTopUp',
    '/cardTopUp',
    // The withdrawal screen has landed too (tests/app/wallet-withdraw*.test.tsx opens it by the deep link).
    '/withDraw',
  ])('%s has its screen', (path) => expect(hasScreen(path)).toBe(true));
});

describe('top-up entries', () => {
  it('the profile and the bill link to /topUp, and the deep link opens it', async () => {
    const { token } = await server.api.register('entries_topup');
    await storeToken(token);
    await startApp('/profile');
    await screen.findByTestId('profile-name');
    expect(linkedPaths()).toContain('/topUp');
    window.history.pushState(null, '', startParamToPath('topup'));
    fireEvent(window, new PopStateEvent('popstate'));
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
