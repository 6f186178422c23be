import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LANGS } from '../../common/languages';
import type { TelegramTestUser } from '../support/telegram';
import {
  releaseChromium,
  workerChromium,
  plainContext,
  screenshot,
  type KeptPage,
  telegramContext,
  textContrast,
  type TelegramContext,
} from './support/browser';
import { startFakeBotApi, type FakeBotApi } from './support/fake-bot-api';
import { callEndpoint, orderThroughApi } from './support/journey';
import { shoppers } from './support/screen-checks';
import { E2E_BOT_TOKEN, startShop, type RunningShop } from './support/shop';
import { locale, userInfo, waitForPath, waitForTitle } from './support/shop-api';
import {
  cloudStorageValue,
  secureStorageValue,
  signInitData,
  tgCalls,
  tgEmit,
  TG_USER,
  waitForTgCall,
} from './support/telegram';

/**
 * The account inside and outside Telegram, in Chromium against `npm start`: the Telegram journeys
 * run in a page hosted the way Telegram's Android client hosts it (see support/telegram.ts); the
 * last one in a plain browser.
 */
const en = locale('en-US');
const DAY = 24 * 60 * 60 * 1000;

let api: FakeBotApi;
let shop: RunningShop;
/** What the app waits after its first screen before it offers the home screen icon (src/app/Layout.tsx). */
const HOME_SCREEN_OFFER_DELAY_MS = 3000;
let shopReadyAt = 0;
let browser: Browser;

beforeAll(async () => {
  // The browser first: without Chromium the suite fails at once, with the reason.
  browser = await workerChromium();
  // getMe answers only after 3 s: the shop must serve long before Telegram has answered the bot.
  api = await startFakeBotApi({ delays: { getMe: 3000 } });
  shop = await startShop({ telegramApiRoot: api.url });
  shopReadyAt = Date.now();
});

afterAll(async () => {
  await releaseChromium(browser);
  await shop?.stop();
  await api?.close();
});

/** The token the app keeps in (emulated) Telegram CloudStorage, with its expiry. */
async function storedToken(page: Page): Promise<{ token: string; expiresAt: number } | null> {
  const raw = await cloudStorageValue(page, 'token');
  return raw ? (JSON.parse(raw) as { token: string; expiresAt: number }) : null;
}

describe('the bot beside the server', () => {
  it('starts with the server and reaches Telegram only through TELEGRAM_API_ROOT', async () => {
    const getMe = await api.waitFor('getMe');
    // One command list per language: the default (English) one and one per other language.
    const others = LANGS.filter((l) => l !== 'en-US');
    for (const lang of others) {
      const call = await api.waitFor('setMyCommands', (c) => c.params.language_code === lang.slice(0, 2));
      const commands = call.params.commands as { command: string; description: string }[];
      expect(commands.find((c) => c.command === 'start')?.description).toBe(locale(lang).bot.commands.start);
    }
    const fallback = await api.waitFor('setMyCommands', (c) => c.params.language_code === undefined);
    expect((fallback.params.commands as { command: string }[]).map((c) => c.command)).toContain('start');
    // Every call carried the configured token, and none went anywhere but the fake Bot API.
    expect(new Set(api.calls.map((c) => c.token))).toEqual(new Set([E2E_BOT_TOKEN]));
    // Without PUBLIC_URL the bot long-polls and sets no menu button or webhook.
    await api.waitFor('getUpdates');
    expect(api.calls.some((c) => c.method === 'setWebhook' || c.method === 'setChatMenuButton')).toBe(false);
    // The shop answered /healthz before Telegram had even answered getMe.
    expect(getMe.answeredAt ?? Infinity).toBeGreaterThan(shopReadyAt);
    const started = Date.now();
    expect((await fetch(`${shop.url}/healthz`)).ok).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('inside Telegram', () => {
  let tg: TelegramContext;
  let page: Page;
  // Each test is a Telegram user of its own on a page emptied for it: it passes alone and in any order.
  const newShopper = shoppers(
    () => browser,
    () => shop,
    TG_USER.id + 400,
  );
  let user: TelegramTestUser;

  beforeEach(async () => {
    const shopper = await newShopper('en-US');
    ({ user, page } = shopper);
    tg = shopper;
  });

  afterEach(async () => {
    await tg?.close();
  });

  /** The shopper's profile, logged in silently. */
  async function openProfile() {
    await page.goto(tg.launchUrl('/profile'));
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe('Anna Telegram');
  }

  it('logs in silently with the init data and shows the Telegram name on the profile', async () => {
    await page.goto(tg.launchUrl('/profile'));
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe('Anna Telegram');
    expect(new URL(page.url()).pathname).toBe('/profile');
    // No login form, and no in-page navigation bar: Telegram draws the header.
    expect(await page.locator('input[type="password"]').count()).toBe(0);
    expect(await page.locator('.nav-bar').count()).toBe(0);
    await waitForTitle(page, en.routes.profile);

    // The SDK was initialised for a real client: ready, vertical swipes off.
    await waitForTgCall(page, 'web_app_ready');
    await waitForTgCall(page, 'web_app_setup_swipe_behavior', { allow_vertical_swipe: false });
    // The profile is a tab root: Telegram's back button is not shown.
    const back = await tgCalls(page, 'web_app_setup_back_button');
    expect(back.at(-1)?.params?.is_visible ?? false).toBe(false);

    // The session token sits in CloudStorage as {token, expiresAt}, three days ahead (the profile may
    // show before the silent login has stored it: its calls go with the init data meanwhile).
    await expect.poll(() => storedToken(page)).not.toBeNull();
    const stored = await storedToken(page);
    expect(stored?.token).toMatch(/^\S{20,}$/);
    expect(Math.abs((stored?.expiresAt ?? 0) - (Date.now() + 3 * DAY))).toBeLessThan(10 * 60 * 1000);
    const info = await userInfo(shop.url, stored?.token ?? '');
    expect(info.code).toBe(1);
    expect(info.data).toMatchObject({ telegramLinked: true, hasPayPassword: false });
    await screenshot(page, 'telegram-profile-light');
    expect(tg.errors).toEqual([]);
  });

  it('a Telegram launch on /login opens home at once (the login there is silent)', async () => {
    // The silent login is held: home shows before it ends (before, the login form waited for the
    // login's end and only then led home). The page's own script opens home before the login
    // page's code runs: home's page then comes with its first answers and paint.
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/tg_login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(tg.launchUrl('/login'));
    await page.getByTestId('home-search').waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    // Home's own page (the browser's look-ahead may have started the login page's files, not run them).
    const home = asked.indexOf('/home');
    expect(home, asked.join(' ')).toBeGreaterThan(0);
    expect(asked.slice(0, home).filter((p) => !p.startsWith('/assets/'))).toEqual(['/login']);
    expect(await page.locator('input[type="password"]').count()).toBe(0);
    const answered = page.waitForResponse('**/api/user/tg_login');
    release();
    await answered;
    await page.unroute('**/api/user/tg_login');
    expect(tg.errors).toEqual([]);
  });

  it('a first visit’s private screen asks for its content from the page itself; the app takes it, and a kept session makes no such calls', async () => {
    const calls: { url: string; type: string; auth: string }[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/'))
        calls.push({
          url: url.pathname + url.search,
          type: r.resourceType(),
          auth: (r.headers().authorization ?? '').split(' ')[0],
        });
    });
    const ordersList = '/api/user/order_list?page=1&limit=10';
    await page.goto(tg.launchUrl('/order'));
    await page.getByTestId('page-title').waitFor();
    await expect.poll(() => storedToken(page)).not.toBeNull();
    await expect
      .poll(() => page.locator('.screen:not([hidden]) .placeholder-text').count())
      .toBeGreaterThan(0);
    // The page's own call, with Telegram's init data, and none by the app to the same address.
    expect(calls.filter((c) => c.url === ordersList)).toEqual([
      { url: ordersList, type: 'fetch', auth: 'tma' },
    ]);

    // Opened again with the session kept on the phone: no early calls, the app asks with its session.
    calls.length = 0;
    await page.reload();
    await expect.poll(() => calls.some((c) => c.url === ordersList)).toBe(true);
    expect(calls.filter((c) => c.type === 'fetch')).toEqual([]);
    expect(calls.find((c) => c.url === ordersList)).toMatchObject({ type: 'xhr', auth: '' });
    expect(tg.errors).toEqual([]);
  });

  it('a checkout opened from a link previews from the page itself (a POST that only reads); the app takes it', async () => {
    const calls: { url: string; type: string; auth: string; body: string | null }[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/order/merCreate')
        calls.push({
          url: url.pathname,
          type: r.resourceType(),
          auth: (r.headers().authorization ?? '').split(' ')[0],
          body: r.postData(),
        });
    });
    await page.goto(tg.launchUrl('/checkout'));
    // Nothing chosen in a new shopper's bag: the preview's refusal is what the screen shows.
    await page.getByTestId('checkout-refused').waitFor();
    await expect.poll(() => storedToken(page)).not.toBeNull();
    expect(calls).toEqual([{ url: '/api/order/merCreate', type: 'fetch', auth: 'tma', body: '{}' }]);
    expect(tg.errors).toEqual([]);
  });

  it('on a 9.0 phone keeps the session in the keychain (SecureStorage), and a reload stays signed in without another login', async () => {
    await tg.close();
    tg = await telegramContext(browser, {
      baseUrl: shop.url,
      botToken: E2E_BOT_TOKEN,
      user,
      version: '9.0',
    });
    page = tg.page;
    const logins: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/user/tg_login')) logins.push(r.url());
    });
    await openProfile();
    await expect.poll(() => secureStorageValue(page, 'token')).not.toBeNull();
    const kept = JSON.parse((await secureStorageValue(page, 'token')) ?? '{}') as { token: string };
    expect(kept.token).toMatch(/^\S{20,}$/);
    expect(await cloudStorageValue(page, 'token')).toBeNull();
    expect((await userInfo(shop.url, kept.token)).code).toBe(1);
    expect(logins).toHaveLength(1);

    await page.reload();
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe('Anna Telegram');
    await waitForTgCall(page, 'web_app_secure_storage_get_key', { key: 'token' });
    expect(logins).toHaveLength(1);
    expect(tg.errors).toEqual([]);
  });

  it('offers the home screen icon once, on the second launch with an order; "Add" opens Telegram\'s dialog', async () => {
    // Before the first launch, an order (unpaid is enough): a shopper who has bought and comes back.
    const { token } = (
      await callEndpoint<{ userinfo: { token: string } }>(shop.url, 'user.tgLogin', {
        body: { init_data: signInitData(E2E_BOT_TOKEN, user) },
      })
    ).userinfo;
    await orderThroughApi(shop.url, token);
    // The app offers the icon three seconds after its first screen: the page's clock is Playwright's,
    // moved on past that at once instead of waited for.
    await page.clock.install();
    // Each launch a fresh page, as Telegram opens the app anew (CloudStorage stays).
    const launch = async () => {
      await page.goto('about:blank');
      await openProfile();
      await page.clock.fastForward(HOME_SCREEN_OFFER_DELAY_MS);
    };
    // The first launch with an order is counted, nothing offered.
    await launch();
    await expect.poll(() => cloudStorageValue(page, 'ordersVisits')).toContain('"1"');
    expect(await tgCalls(page, 'web_app_check_home_screen')).toEqual([]);
    // The second: Telegram is asked whether the icon is there, then the shopper is.
    await launch();
    await waitForTgCall(page, 'web_app_check_home_screen');
    expect(await cloudStorageValue(page, 'ordersVisits')).toContain('"2"');
    await tgEmit(page, 'home_screen_checked', { status: 'missed' });
    const asked = await waitForTgCall(page, 'web_app_open_popup');
    expect(asked.params).toMatchObject({ title: en.homeScreen.title, message: en.homeScreen.message });
    await tgEmit(page, 'popup_closed', { button_id: 'add' });
    await waitForTgCall(page, 'web_app_add_to_home_screen');
    expect(await cloudStorageValue(page, 'homeScreenOffered')).toContain('"asked"');
    // Never again: a later launch reads that the offer was made and stops there, asking Telegram
    // nothing (once the page is idle, any order request the offer would make has been answered).
    await launch();
    await expect
      .poll(async () =>
        (await tgCalls(page, 'web_app_invoke_custom_method')).some((c) =>
          JSON.stringify(c.params).includes('homeScreenOffered'),
        ),
      )
      .toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await tgCalls(page, 'web_app_check_home_screen')).toEqual([]);
    expect(await cloudStorageValue(page, 'ordersVisits')).toContain('"2"');
    expect(tg.errors).toEqual([]);
  });

  it("shows Telegram's back button off the tab roots and follows it back", async () => {
    await openProfile();
    await page.getByTestId('to-settings').click();
    await waitForPath(page, '/setting');
    await waitForTitle(page, en.routes.setting);
    await waitForTgCall(page, 'web_app_setup_back_button', { is_visible: true });
    await screenshot(page, 'telegram-setting-light');

    await tgEmit(page, 'back_button_pressed');
    await waitForPath(page, '/profile');
    await waitForTgCall(page, 'web_app_setup_back_button', { is_visible: false });
  });

  it("sets the payment password with Telegram's main button", async () => {
    await openProfile();
    await page.getByTestId('to-settings').click();
    await waitForPath(page, '/setting');
    await page.getByTestId('setting-security').click();
    await waitForPath(page, '/security');
    await expect.poll(() => page.getByTestId('security-pay').textContent()).toContain(en.common.notSet);

    await page.getByTestId('security-pay').click();
    await waitForPath(page, '/changePayPwd');
    await waitForTitle(page, en.routes.changePayPwd);
    await page.locator('input[name="newpassword"]').fill('246810');
    await page.locator('input[name="confirm"]').fill('246810');
    // In Telegram the primary action is Telegram's main button, not a button in the page.
    await waitForTgCall(page, 'web_app_setup_main_button', {
      text: en.common.save,
      is_visible: true,
      is_active: true,
    });
    expect(await page.getByTestId('main-action').count()).toBe(0);
    await screenshot(page, 'telegram-pay-password-light');

    await tgEmit(page, 'main_button_pressed');
    await waitForPath(page, '/security');
    await expect.poll(() => page.getByTestId('security-pay').textContent()).not.toContain(en.common.notSet);
    expect(await page.getByTestId('security-pay').textContent()).toContain(en.common.set);
    // Leaving the page takes the main button away again.
    await waitForTgCall(page, 'web_app_setup_main_button', { is_visible: false });
    const stored = await storedToken(page);
    expect((await userInfo(shop.url, stored?.token ?? '')).data.hasPayPassword).toBe(true);
    await screenshot(page, 'telegram-security-light');
  });

  it('switches through all eight languages; the title follows and the choice survives a reload', async () => {
    await page.goto(tg.launchUrl('/setting'));
    await page.getByTestId('setting-language').click();
    await waitForPath(page, '/language');
    await waitForTitle(page, en.routes.language);

    // Every language but English first (English is where we start), then back to English.
    const order = [...LANGS.filter((l) => l !== 'en-US'), 'en-US' as const];
    const titles = new Map<string, string>();
    for (const lang of order) {
      const title = locale(lang).routes.language;
      titles.set(lang, title);
      await page.getByTestId(`lang-${lang}`).click();
      await page.waitForFunction((lang) => document.documentElement.lang === lang, lang);
      await waitForTitle(page, title);
      await expect
        .poll(() => page.getByTestId(`lang-${lang}`).textContent())
        .toContain(locale(lang).language.current);
      if (lang === 'de-DE' || lang === 'ru-RU') await screenshot(page, `telegram-language-${lang}`);

      if (lang === 'tr-TR') {
        // The choice is kept in CloudStorage and on the account, and survives a reload.
        const savedLang = JSON.parse((await cloudStorageValue(page, 'lang')) ?? '{}') as { lang?: string };
        expect(savedLang.lang).toBe('tr-TR');
        await page.reload();
        await page.getByTestId('lang-tr-TR').waitFor();
        await waitForTitle(page, title);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('tr-TR');
        const stored = await storedToken(page);
        expect((await userInfo(shop.url, stored?.token ?? '')).data.lang).toBe('tr-TR');
      }
    }
    // The titles really change: the locale files carry eight different translations.
    expect(new Set(titles.values()).size, `routes.language per locale: ${[...titles]}`).toBe(LANGS.length);
  });

  it("logs out after Telegram's confirmation popup and lands on /login", async () => {
    await page.goto(tg.launchUrl('/setting'));
    await page.getByTestId('logout').waitFor();
    // The settings show while the silent login runs; it has stored its session once it is done.
    await expect.poll(() => storedToken(page)).not.toBeNull();
    const before = await storedToken(page);

    // Cancelling the popup changes nothing.
    await page.getByTestId('logout').click();
    const first = await waitForTgCall(page, 'web_app_open_popup');
    const buttons = (first.params?.buttons ?? []) as { id: string; type: string; text?: string }[];
    const cancel = buttons.find((b) => b.type === 'cancel');
    const confirm = buttons.find((b) => b.type !== 'cancel' && b.type !== 'close');
    expect(cancel).toBeDefined();
    expect(confirm?.text).toBe(en.settings.logout);
    expect(first.params?.message).toBe(en.settings.logoutConfirm);
    await tgEmit(page, 'popup_closed', { button_id: cancel?.id });
    // The app has taken the cancel in once it asks again: still here, still logged in.
    await page.getByTestId('logout').click();
    await page.waitForFunction(
      () =>
        (window as unknown as { __tgCalls: { method: string }[] }).__tgCalls.filter(
          (c) => c.method === 'web_app_open_popup',
        ).length === 2,
    );
    expect(new URL(page.url()).pathname).toBe('/setting');
    expect(await storedToken(page)).toEqual(before);
    await tgEmit(page, 'popup_closed', { button_id: confirm?.id });
    await waitForPath(page, '/login');
    await waitForTitle(page, en.routes.login);
    expect((await userInfo(shop.url, before?.token ?? '')).code).toBe(401);
    // Logged out means logged out: no silent Telegram login behind the shopper's back afterwards
    // (once the page has no request left in flight).
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storedToken(page), 'a new session was stored in CloudStorage after logout').toBeNull();
    // Inside Telegram the login page offers Telegram login beside account and password.
    await page.getByRole('button', { name: en.auth.telegramLogin }).waitFor();
    await screenshot(page, 'telegram-login-light');
    expect(tg.errors).toEqual([]);
  });
});

describe('inside Telegram, dark theme', () => {
  it('follows Telegram’s dark palette', async () => {
    const tg = await telegramContext(browser, { baseUrl: shop.url, botToken: E2E_BOT_TOKEN, theme: 'dark' });
    try {
      await tg.page.goto(tg.launchUrl('/profile'));
      await expect.poll(() => tg.page.getByTestId('profile-name').textContent()).toBe('Anna Telegram');
      // The page background is Telegram's secondary background of the dark palette.
      expect(await tg.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        'rgb(15, 15, 15)',
      );
      await screenshot(tg.page, 'telegram-profile-dark');
      expect(await textContrast(tg.page, '[data-testid="profile-name"]')).toBeGreaterThanOrEqual(4.5);
      expect(await textContrast(tg.page, '[data-testid="to-settings"]')).toBeGreaterThanOrEqual(4.5);
      await tg.page.getByTestId('to-settings').click();
      await waitForPath(tg.page, '/setting');
      await screenshot(tg.page, 'telegram-setting-dark');
      expect(tg.errors).toEqual([]);
    } finally {
      await tg.close();
    }
  });
});

describe('in a plain browser', () => {
  let plain: KeptPage;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const password = 'secret-e2e-7';
  let accounts = 0;
  const newAccount = () => `bruno_${Date.now().toString(36)}_${(accounts += 1)}`;

  // Each test has a page emptied for it (and, where it needs one, an account of its own).
  beforeEach(async () => {
    plain = await plainContext(browser, { baseUrl: shop.url });
    ({ context, page, errors } = plain);
    // Outside Telegram the logout confirmation is the browser's own dialog.
    page.on('dialog', (dialog) => void dialog.accept());
  });

  afterEach(async () => {
    await plain?.close();
  });

  /** An account registered through the API, named Bruno Browser. */
  async function registered(): Promise<string> {
    const account = newAccount();
    const res = await fetch(`${shop.url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account, password, givenName: 'Bruno', familyName: 'Browser' }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(1);
    return account;
  }

  /** Logs `account` in with the login form on `p`, landing on the profile. */
  async function logIn(p: Page, account: string) {
    await p.goto('/login');
    await p.locator('input[name="account"]').fill(account);
    await p.locator('input[name="password"]').fill(password);
    await p.getByTestId('main-action').click();
    await waitForPath(p, '/profile');
    await expect.poll(() => p.getByTestId('profile-name').textContent()).toBe('Bruno Browser');
  }

  const navTitle = () => page.locator('.nav-bar__title').textContent();
  const cookieToken = async () => (await context.cookies()).find((c) => c.name === 'token')?.value ?? '';

  it('registers a second account and lands on its profile', async () => {
    const account = newAccount();
    await page.goto('/profile');
    // Not logged in: the access rule sends a visitor to /login, shown with the in-page nav bar.
    await waitForPath(page, '/login');
    await expect.poll(navTitle).toBe(en.routes.login);
    expect(await page.getByRole('button', { name: en.auth.telegramLogin }).count()).toBe(0);
    await screenshot(page, 'plain-login-light');
    expect(await textContrast(page, '.nav-bar__title')).toBeGreaterThanOrEqual(4.5);

    await page.getByRole('button', { name: en.auth.toRegister }).click();
    await waitForPath(page, '/register');
    await expect.poll(navTitle).toBe(en.routes.register);
    await screenshot(page, 'plain-register-light');
    await page.locator('input[name="account"]').fill(account);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('input[name="confirm"]').fill(password);
    await page.locator('input[name="givenName"]').fill('Bruno');
    await page.locator('input[name="familyName"]').fill('Browser');
    await page.getByTestId('main-action').click();

    await waitForPath(page, '/profile');
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe('Bruno Browser');
    await page.getByText(en.profile.accountLabel.replace('{{account}}', account)).waitFor();
    // Outside Telegram the session lives in a cookie.
    const token = await cookieToken();
    expect(token).not.toBe('');
    const info = await userInfo(shop.url, token);
    expect(info.data).toMatchObject({ account, telegramLinked: false });
    await screenshot(page, 'plain-profile-light');
  });

  it('logs out and logs in again with account and password', async () => {
    const account = await registered();
    await logIn(page, account);
    await page.getByTestId('to-settings').click();
    await waitForPath(page, '/setting');
    await expect.poll(navTitle).toBe(en.routes.setting);
    const token = await cookieToken();
    await page.getByTestId('logout').click();
    await waitForPath(page, '/login');
    expect(await cookieToken()).toBe('');
    expect((await userInfo(shop.url, token)).code).toBe(401);

    await logIn(page, account);
    expect(await cookieToken()).not.toBe('');
    expect(errors).toEqual([]);
  });

  it('stays readable in a dark plain browser (the system prefers dark)', async () => {
    const account = await registered();
    const dark = await plainContext(browser, { baseUrl: shop.url, theme: 'dark' });
    try {
      const p = dark.page;
      await p.goto('/register');
      await p.locator('input[name="confirm"]').waitFor();
      await screenshot(p, 'plain-register-dark');
      await p.goto('/login');
      await p.locator('input[name="account"]').waitFor();
      await screenshot(p, 'plain-login-dark');
      expect
        .soft(await textContrast(p, '.nav-bar__title'), 'nav bar title on its bar')
        .toBeGreaterThanOrEqual(4.5);

      await p.locator('input[name="account"]').fill(account);
      await p.locator('input[name="password"]').fill(password);
      await p.getByTestId('main-action').click();
      await waitForPath(p, '/profile');
      await expect.poll(() => p.getByTestId('profile-name').textContent()).toBe('Bruno Browser');
      await screenshot(p, 'plain-profile-dark');
      expect
        .soft(await textContrast(p, '[data-testid="profile-name"]'), 'profile name')
        .toBeGreaterThanOrEqual(4.5);
      expect
        .soft(await textContrast(p, '[data-testid="to-settings"]'), 'settings entry')
        .toBeGreaterThanOrEqual(4.5);
      expect
        .soft(await textContrast(p, '.nav-bar__title'), 'nav bar title on its bar')
        .toBeGreaterThanOrEqual(4.5);
      expect(dark.errors).toEqual([]);
    } finally {
      await dark.close();
    }
  });
});
