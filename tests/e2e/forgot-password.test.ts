import type { Browser } from 'playwright-core';
import type { Lang } from '../../common/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInitData } from '../support/telegram';
import { launchChromium, plainContext, screenshot } from './support/browser';
import { startFakeBotApi, type FakeBotApi } from './support/fake-bot-api';
import { E2E_BOT_TOKEN, startShop, type RunningShop } from './support/shop';
import { locale, waitForPath } from './support/shop-api';
import { TG_USER, type ThemeName } from './support/telegram';

/**
 * Issue 12 in Chromium against `npm start`: a forgotten password in a plain browser, the code read
 * from the bot's captured sendMessage, in the dark theme in German, with screenshots.
 */
let api: FakeBotApi;
let shop: RunningShop;
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  api = await startFakeBotApi();
  shop = await startShop({ telegramApiRoot: api.url });
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await api?.close();
});

const post = async (path: string, body: unknown, token?: string) => {
  const res = await fetch(`${shop.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: { userinfo: { token: string } } };
};

let runs = 0;
describe.each<[ThemeName, Lang]>([
  // The dark theme and German's long words (light English is the other journeys' default).
  ['dark', 'de-DE'],
])('/forgotPassword (%s, %s)', (theme, lang) => {
  it('sends the code by the bot, takes a new password, and login works with it', async () => {
    const name = `${theme}-${lang}`;
    const account = `forgot_e2e_${theme}_${lang.slice(0, 2)}`;
    const reg = await post('/api/user/register', { account, password: 'old-pass-1' });
    const telegramId = TG_USER.id + 40 + ++runs;
    const link = await post(
      '/api/user/tg_login',
      { init_data: signInitData(E2E_BOT_TOKEN, { user: { ...TG_USER, id: telegramId } }) },
      reg.data.userinfo.token,
    );
    expect(link.code).toBe(1);

    const { context, page, errors } = await plainContext(browser, { baseUrl: shop.url, theme });
    // The language a shopper chose earlier (the app keeps it in a cookie outside Telegram).
    await context.addCookies([{ name: 'lang', value: lang, url: shop.url }]);
    await page.goto('/forgotPassword');
    await page.locator('input[name="account"]').fill(account);
    await screenshot(page, `forgot-account-${name}`);
    await page.getByTestId('main-action').click();
    const sent = await api.waitFor('sendMessage', (c) => c.params.chat_id === telegramId);
    const code = /\b(\d{6})\b/.exec(String(sent.params.text))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.locator('input[name="code"]').fill(code!);
    await page.locator('input[name="password"]').fill('brand-new-1');
    await page.locator('input[name="password_confirm"]').fill('brand-new-1');
    await screenshot(page, `forgot-code-${name}`);
    await page.getByTestId('main-action').click();
    await waitForPath(page, '/login');
    expect((await post('/api/user/login', { account, password: 'brand-new-1' })).code).toBe(1);

    await page.goto('/forgotPassword');
    await page.locator('input[name="account"]').fill('forgot_e2e_nobody');
    await page.getByTestId('main-action').click();
    await page.getByText(locale(lang).forgotByBot.serviceText).waitFor();
    await screenshot(page, `forgot-service-${name}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
