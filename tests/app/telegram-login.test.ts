import { describe, expect, it, vi } from 'vitest';
import { seedCatalog } from '../../server/demo/catalog-seed';
import { TEST_BOT_TOKEN } from '../support/app';
import { fakeTelegram } from './support/telegram-client';
import { useRealServer } from './support/server';

/**
 * Inside Telegram the shopper is logged in silently with the launch's init data
 * (POST /api/user/tg_login); the server checks the signature with the bot token.
 */
const server = useRealServer();
const DAY = 24 * 60 * 60 * 1000;

async function launch(options: Parameters<typeof fakeTelegram>[0] = {}) {
  const client = fakeTelegram({ botToken: TEST_BOT_TOKEN, ...options });
  const { initTelegram } = await import('../../src/telegram/init');
  await initTelegram();
  const store = await import('../../src/stores/session');
  const { toastState } = await import('../../src/components/toast-store');
  await store.restoreSession();
  return { client, toastState, ...store };
}

describe('silent Telegram login', () => {
  it('logs in with the signed init data: a token is stored and user info names the Telegram user', async () => {
    const { client, session, telegramLogin } = await launch();
    expect(await telegramLogin()).toBe(true);
    expect(session.token).not.toBe('');
    expect(session.userInfo).toMatchObject({ telegramLinked: true, telegramName: 'Maria Tester' });
    const stored = JSON.parse(client.cloud.get('token') ?? '{}') as { token: string; expiresAt: number };
    expect(stored.token).toBe(session.token);
    expect(stored.expiresAt - Date.now()).toBeGreaterThan(3 * DAY - 60_000);
    expect(stored.expiresAt - Date.now()).toBeLessThanOrEqual(3 * DAY);
  });

  it('the token it stores is a real session on the server', async () => {
    const { session, telegramLogin } = await launch();
    await telegramLogin();
    const info = await server.api.endpoint<{ telegramName: string }>('user.getUserInfo', {
      token: session.token,
    });
    expect(info.code).toBe(1);
    expect(info.data.telegramName).toBe('Maria Tester');
  });

  it('switches the interface to the language Telegram reported for a new shopper', async () => {
    const { telegramLogin } = await launch();
    const { currentLang } = await import('../../src/i18n');
    await telegramLogin();
    expect(currentLang()).toBe('de-DE');
  });

  it('does nothing when a session is already stored', async () => {
    const { client, session, telegramLogin } = await launch({
      cloud: { token: JSON.stringify({ token: 'kept-token', expiresAt: Date.now() + DAY }) },
    });
    expect(await telegramLogin()).toBe(false);
    expect(session.token).toBe('kept-token');
    expect(client.cloud.get('token')).toContain('kept-token');
  });

  it('init data signed with another bot token is refused quietly: no session, no toast', async () => {
    const { client, session, telegramLogin, toastState } = await launch({
      botToken: '222222:some-other-bot-token-entirely',
    });
    expect(await telegramLogin()).toBe(false);
    expect(session.token).toBe('');
    expect(client.cloud.has('token')).toBe(false);
    expect(toastState.visible).toBe(false);
  });

  it('a second call while the login runs shares it: one login request, both told it worked', async () => {
    // Start-up begins the login before the first render; the app frame then waits for the same one.
    const { session, telegramLogin } = await launch();
    const { userApi } = await import('../../src/api/user');
    const sent = vi.spyOn(userApi, 'tgLogin');
    expect(await Promise.all([telegramLogin(), telegramLogin()])).toEqual([true, true]);
    expect(sent).toHaveBeenCalledTimes(1);
    expect(session.token).not.toBe('');
  });

  it('a call that needs a session, made while the login runs, goes at once with its init data', async () => {
    const { session, telegramLogin } = await launch();
    const { userApi } = await import('../../src/api/user');
    const { call } = await import('../../src/api/call');
    // The login's answer is held back: the screen's call must not wait for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const tgLogin = userApi.tgLogin;
    vi.spyOn(userApi, 'tgLogin').mockImplementation((initData) => held.then(() => tgLogin(initData)));
    const login = telegramLogin();
    // A screen shown before the start-up ends (the orders, the bag tab's count) asks at once: no 401.
    const info = await call('user.getUserInfo', {}, { showError: false });
    expect(info).toMatchObject({ telegramLinked: true, telegramName: 'Maria Tester' });
    expect(session.token).toBe('');
    release();
    expect(await login).toBe(true);
    expect(session.token).not.toBe('');
    // The login found the shopper the call had named.
    expect(session.userInfo?.id).toBe(info.id);
  });

  it('logging out while the login is on its way ends the session that login brings too', async () => {
    const { client, session, telegramLogin, logout } = await launch();
    const { userApi } = await import('../../src/api/user');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const tgLogin = userApi.tgLogin;
    let issued = '';
    vi.spyOn(userApi, 'tgLogin').mockImplementation((initData) =>
      held.then(() => tgLogin(initData)).then((answer) => ((issued = answer.userinfo.token), answer)),
    );
    const login = telegramLogin();
    const out = logout();
    release();
    await Promise.all([login, out]);
    expect(session.token).toBe('');
    expect(client.cloud.has('token')).toBe(false);
    // The server ended it as well.
    expect(issued).not.toBe('');
    const info = await server.api.endpoint('user.getUserInfo', { token: issued });
    expect(info.code).toBe(401);
  });

  it('a call that answers a shopper more (a product page, their favourite) waits for the login too', async () => {
    await seedCatalog(server.api.database.db, { products: 3 });
    const first = await launch();
    await first.telegramLogin();
    const { call } = await import('../../src/api/call');
    expect(await call('catalog.like', { product_id: 1 }, { showError: false })).toMatchObject({
      favourited: true,
    });
    // A new launch of the same Telegram user: the product page asks while the silent login runs
    // (a shared link shows the page before the start-up ends) and still gets the shopper's flag.
    vi.resetModules();
    const second = await launch();
    const later = await import('../../src/api/call');
    const login = second.telegramLogin();
    const [detail] = await Promise.all([
      later.call('catalog.productDetail', { product_id: 1 }, { showError: false }),
      login,
    ]);
    expect(detail.favourited).toBe(true);
  });

  it('a stored session goes with the first call, before the app frame has set the client up', async () => {
    const first = await launch();
    await first.telegramLogin();
    const token = first.session.token;
    vi.resetModules();
    const { session } = await launch({
      cloud: { token: JSON.stringify({ token, expiresAt: Date.now() + DAY }) },
    });
    expect(session.token).toBe(token);
    const { call } = await import('../../src/api/call');
    expect(await call('cart.index', {}, { showError: false })).toMatchObject({ count: 0 });
  });

  it('outside Telegram there is no silent login', async () => {
    const store = await import('../../src/stores/session');
    const { initTelegram } = await import('../../src/telegram/init');
    await initTelegram();
    expect(await store.telegramLogin()).toBe(false);
    expect(store.session.token).toBe('');
  });
});
