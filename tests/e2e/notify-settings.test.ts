import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, telegramContext, textContrast } from './support/browser';
import { startFakeBotApi, type FakeBotApi } from './support/fake-bot-api';
import { E2E_BOT_TOKEN, startShop, type RunningShop } from './support/shop';
import { locale, waitForPath, waitForTitle } from './support/shop-api';

/**
 * Issue 12 in Chromium against `npm start`: the notification switches of /setting, in German (the
 * long-word language) in Telegram's light and dark themes.
 */
const de = locale('de-DE');

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

describe('/setting: the notifications the bot sends to Telegram', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`reads in German in the ${theme} theme, and a switch holds across a reload`, async () => {
      const user = {
        id: theme === 'light' ? 7_000_000_301 : 7_000_000_302,
        first_name: 'Jürgen',
        language_code: 'de',
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
        await screenshot(tg.page, `notify-settings-de-${theme}`);
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
        await tg.context.close();
      }
    });
  }
});
