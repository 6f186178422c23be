import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../common/languages';
import { signInitData } from '../support/telegram';
import {
  releaseChromium,
  workerChromium,
  plainContext,
  screenshot,
  telegramContext,
  textContrast,
} from './support/browser';
import { startFakeBotApi, type FakeBotApi } from './support/fake-bot-api';
import { cutTexts, smallTexts } from './support/screen-checks';
import { E2E_BOT_TOKEN, startShop, type RunningShop } from './support/shop';
import { locale, waitForPath, waitForTitle } from './support/shop-api';
import { TG_USER, tgEmit, type ThemeName, waitForTgCall } from './support/telegram';

/**
 * What goes through the bot, in Chromium against `npm start`, in German (the long-word
 * language), with screenshots; one shop and one browser for the three (each a start less):
 * - a forgotten password in a plain browser, the code read from the bot's captured sendMessage,
 *   in the dark theme;
 * - the notification switches of /setting in Telegram's light theme;
 * - customer service inside the mocked Telegram client: a text, then a picture shown by its signed
 *   link, reach the operator chat through the (fake) Bot API, in the dark theme; nothing on
 *   /service, the messages' times included, under 12 px.
 */
const OPERATOR_CHAT = '-1001234567890';
const de = locale('de-DE');

let api: FakeBotApi;
let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  browser = await workerChromium();
  api = await startFakeBotApi({ delayMs: 20 });
  shop = await startShop({ telegramApiRoot: api.url, settings: { OPERATOR_CHAT_ID: OPERATOR_CHAT } });
});

afterAll(async () => {
  await releaseChromium(browser);
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

    const plain = await plainContext(browser, { baseUrl: shop.url, theme });
    const { context, page, errors } = plain;
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
    await plain.close();
  });
});

describe('/setting: the notifications the bot sends to Telegram', () => {
  // The light theme: the screen tour shows /setting in the dark one (Russian, Japanese).
  for (const theme of ['light'] as const) {
    it(`reads in German in the ${theme} theme, lets the bot write when allowed, and a switch holds across a reload`, async () => {
      // Came by a direct link and never started the bot: Telegram says it may not write first.
      const user = {
        id: theme === 'light' ? 7_000_000_301 : 7_000_000_302,
        first_name: 'Jürgen',
        language_code: 'de',
        allows_write_to_pm: false,
      };
      const tg = await telegramContext(browser, { baseUrl: shop.url, botToken: E2E_BOT_TOKEN, theme, user });
      try {
        await tg.page.goto(tg.launchUrl('/setting'));
        await waitForPath(tg.page, '/setting');
        await waitForTitle(tg.page, de.routes.setting);
        const section = tg.page.getByTestId('notify-switches');
        await expect.poll(() => section.textContent()).toContain(de.notifySettings.title);
        for (const kind of ['orders', 'refunds', 'wallet'])
          expect(await tg.page.getByTestId(`notify-${kind}`).isChecked()).toBe(true);
        await section.scrollIntoViewIfNeeded();
        const writeRow = tg.page.getByTestId('notify-write');
        expect(await writeRow.textContent()).toContain(de.notifySettings.cannotWrite);
        expect(await cutTexts(tg.page)).toEqual([]);
        await screenshot(tg.page, `notify-settings-de-${theme}`);
        // "Erlauben" asks Telegram's question; the phone answers that the shopper allowed it.
        await tg.page.getByTestId('notify-allow').click();
        await waitForTgCall(tg.page, 'web_app_request_write_access');
        await tgEmit(tg.page, 'write_access_requested', { status: 'allowed' });
        await expect.poll(() => writeRow.textContent()).toContain(de.notifySettings.canWrite);
        expect(await tg.page.getByTestId('notify-allow').count()).toBe(0);
        await screenshot(tg.page, `notify-settings-allowed-de-${theme}`);
        expect(await textContrast(tg.page, '[data-testid="notify-switches"] label')).toBeGreaterThanOrEqual(
          4.5,
        );

        await section.locator('label', { hasText: de.notifySettings.refunds }).click();
        await expect.poll(() => tg.page.getByTestId('notify-refunds').isChecked()).toBe(false);
        await expect.poll(() => tg.page.getByTestId('notify-refunds').isDisabled()).toBe(false);
        await tg.page.reload();
        await expect.poll(() => tg.page.getByTestId('notify-switches').isVisible()).toBe(true);
        expect(await tg.page.getByTestId('notify-refunds').isChecked()).toBe(false);
        expect(await tg.page.getByTestId('notify-wallet').isChecked()).toBe(true);
        expect(tg.errors).toEqual([]);
      } finally {
        await tg.close();
      }
    });
  }
});

describe.each([['de-DE', 'dark', 'de', 33]] as const)(
  '/service in %s, %s theme',
  (lang, theme, code, offset) => {
    it('sends a message that reaches the operator chat', async () => {
      const texts = locale(lang);
      const tg = await telegramContext(browser, {
        baseUrl: shop.url,
        botToken: E2E_BOT_TOKEN,
        theme,
        user: { ...TG_USER, id: TG_USER.id + offset, first_name: 'Jürgen', language_code: code },
      });
      const { page } = tg;
      await page.goto(tg.launchUrl('/service'));
      await page.getByText(texts.service.intro).waitFor();
      const text = `Wo bleibt meine Lieferung? Sendungsverfolgungsnummer ${offset}`;
      await page.getByTestId('chat-input').fill(text);
      await page.getByTestId('chat-send').click();
      await page.getByTestId('chat-message').filter({ hasText: text }).waitFor();
      const relayed = await api.waitFor(
        'sendMessage',
        (c) => String(c.params.chat_id) === OPERATOR_CHAT && String(c.params.text).includes(text),
        15_000,
      );
      expect(String(relayed.params.text)).toContain(text);

      // A picture: private to the conversation, so the composer and the message show it through
      // signed links (an <img> sends no session); the operator chat gets it as a photo.
      const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#22aa77' } })
        .png()
        .toBuffer();
      await page
        .getByTestId('chat-file')
        .setInputFiles({ name: 'parcel.png', mimeType: 'image/png', buffer: png });
      const loaded = (selector: string) =>
        page.evaluate(
          (s) =>
            [...document.querySelectorAll<HTMLImageElement>(s)].filter((img) => img.naturalWidth > 0).length,
          selector,
        );
      await expect.poll(() => loaded('.chat-attached img'), { timeout: 20_000 }).toBe(1);
      const caption = `Der Karton ${offset}`;
      await page.getByTestId('chat-input').fill(caption);
      await page.getByTestId('chat-send').click();
      const withPicture = page.getByTestId('chat-message').filter({ hasText: caption });
      await withPicture.waitFor();
      await expect
        .poll(() => loaded('[data-testid="chat-message"] img.chat-picture'), { timeout: 20_000 })
        .toBe(1);
      expect(await withPicture.locator('img').getAttribute('src')).toMatch(
        /^\/api\/user\/evidence\/.+\?expires=/,
      );
      const photo = await api.waitFor(
        'sendPhoto',
        (c) => String(c.params.raw).includes(OPERATOR_CHAT) && String(c.params.raw).includes(caption),
        15_000,
      );
      expect(String(photo.params.raw)).toContain(caption);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(wide).toBeLessThanOrEqual(0);
      // The messages' times too: nothing on the screen under 12 px.
      expect(await page.locator('.chat-time').count()).toBeGreaterThan(0);
      expect(await smallTexts(page)).toEqual([]);
      await screenshot(page, `service-${lang}-${theme}`);
      await tg.close();
    }, 90_000);
  },
);
