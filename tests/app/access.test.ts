import { describe, expect, it } from 'vitest';
import { checkAccess, PUBLIC_PREFIXES } from '../../src/app/access';

/**
 * Public paths (prefix match, so sub-paths too) open without login; every other path needs a
 * token. A visitor is sent to /login with the login-first message; a logged-in user opening
 * /login goes to /. The bare / redirects to /home.
 */
describe('access: public paths open without a token', () => {
  it('lists exactly the spec public prefixes, and /reviews beside the product page', () => {
    expect([...PUBLIC_PREFIXES].sort()).toEqual(
      [
        '/reviews',
        '/login',
        '/register',
        '/home',
        '/shop',
        '/explore',
        '/detail',
        '/search',
        '/forgotPassword',
        '/changePassword',
      ].sort(),
    );
  });

  it.each([
    '/login',
    '/register',
    '/home',
    '/shop',
    '/shop/3',
    '/explore',
    '/detail',
    '/detail/5',
    '/detail/5/12',
    '/search',
    '/searchs',
    '/forgotPassword',
    '/changePassword',
  ])('%s is open to a visitor', (path) => {
    expect(checkAccess(path, false)).toEqual({ allow: true });
  });
});

describe('access: other paths need a token', () => {
  it.each([
    '/profile',
    '/bag',
    '/order',
    '/orderInfo/7',
    '/myPurchases/-1',
    '/checkout',
    '/payment',
    '/setting',
    '/security',
    '/changePayPwd',
    '/language',
    '/withDraw',
    '/topUp',
    '/capitalRecord',
    '/address',
    '/addressForm/2',
    '/service',
  ])('%s sends a visitor to /login with the login-first message', (path) => {
    expect(checkAccess(path, false)).toEqual({ allow: false, redirect: '/login', reason: 'loginFirst' });
  });

  it.each(['/profile', '/orderInfo/7', '/setting', '/home', '/detail/5'])(
    '%s is open with a token',
    (path) => {
      expect(checkAccess(path, true)).toEqual({ allow: true });
    },
  );
});

describe('access: redirects', () => {
  it('/ goes to /home, for a visitor and a shopper alike', () => {
    expect(checkAccess('/', false)).toEqual({ allow: false, redirect: '/home' });
    expect(checkAccess('/', true)).toEqual({ allow: false, redirect: '/home' });
  });

  it('a logged-in user opening /login goes to /', () => {
    expect(checkAccess('/login', true)).toEqual({ allow: false, redirect: '/' });
  });

  it('a logged-in user may still open /register and /forgotPassword', () => {
    expect(checkAccess('/register', true)).toEqual({ allow: true });
    expect(checkAccess('/forgotPassword', true)).toEqual({ allow: true });
  });
});
