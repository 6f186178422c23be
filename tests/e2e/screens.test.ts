import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../common/languages';
import { expectAccessible } from './support/axe';
import { launchChromium, screenshot, textContrast } from './support/browser';
import { startFakeBotApi, type FakeBotApi } from './support/fake-bot-api';
import {
  openHome,
  overflowing,
  screenNow,
  shoppers,
  smallTexts,
  unstyledClasses,
} from './support/screen-checks';
import { startShop, type RunningShop } from './support/shop';
import { waitForPath } from './support/shop-api';
import { TG_USER, type ThemeName } from './support/telegram';

/**
 * The main screens and the journeys' own screens in German, Russian, Thai and Japanese, in the light
 * and the dark theme, in Chromium against `npm start` inside the mocked Telegram client: no
 * sideways scroll, the page language set, nothing under 12 px, no serious or critical finding of
 * axe-core in the shop's own markup and colours (tests/e2e/support/axe.ts), a screenshot of each
 * (test-results/screenshots/screens-*.png). Each journey file runs its flow once, in one language
 * and theme; this tour is where every language and theme meets every screen.
 */
let api: FakeBotApi;
let shop: RunningShop;
let browser: Browser;
const shopperIn = shoppers(
  () => browser,
  () => shop,
  TG_USER.id + 150,
);

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

// Each language once, the themes taking turns: layout follows the words, colour the theme.
const SCREEN_LANGS: [Lang, ThemeName][] = [
  ['de-DE', 'light'],
  ['ru-RU', 'dark'],
  ['th-TH', 'light'],
  ['ja-JP', 'dark'],
];

describe('the main screens in German, Russian, Thai and Japanese, light and dark', () => {
  it.each(SCREEN_LANGS)(
    '%s (%s): no sideways scroll, the page language set, nothing under 12 px, nothing for axe',
    async (lang, theme) => {
      const tg = await shopperIn(lang, theme);
      const tag = `${lang.slice(0, 2)}-${theme}`;
      const { page } = tg;
      const check = async (name: string) => {
        expect(await page.evaluate(() => document.documentElement.lang), name).toBe(lang);
        expect(await overflowing(page), name).toEqual([]);
        expect(await smallTexts(page), name).toEqual([]);
        expect(await unstyledClasses(page), name).toEqual([]);
        await screenshot(page, `screens-${name}-${tag}`);
        await expectAccessible(page, `${name}-${tag}`);
      };
      try {
        await openHome(page, tg.launchUrl('/home'));
        await check('home');
        // axe leaves the fixed tab bar's colours undecided (what lies behind it): measured here.
        expect(
          await textContrast(page, '[data-testid="tab-explore"]'),
          'inactive tab',
        ).toBeGreaterThanOrEqual(4.5);

        await page.getByTestId('tab-explore').click();
        await waitForPath(page, '/explore');
        const card = screenNow(page).locator('[data-testid^="product-card-"]').first();
        await card.waitFor();
        await check('explore');

        await card.click();
        await page.waitForURL((url) => /^\/detail\/\d+$/.test(url.pathname));
        await page.getByTestId('detail-title').waitFor();
        await check('detail');

        await page.getByTestId('detail-shop').click();
        await page.waitForURL((url) => /^\/shop\/\d+$/.test(url.pathname));
        await page.getByTestId('shop-name').waitFor();
        await check('shop');

        await page.goto(tg.launchUrl('/profile'));
        await page.getByTestId('profile-name').waitFor();
        await check('profile');

        await page.getByTestId('to-settings').click();
        await waitForPath(page, '/setting');
        await page.getByTestId('setting-language').waitFor();
        await check('settings');

        await page.goto(tg.launchUrl('/security'));
        await page.getByTestId('security-login').waitFor();
        await check('security');

        await page.goto(tg.launchUrl('/helpAndSupport'));
        await page.getByTestId('faq').waitFor();
        await check('help');

        await page.goto(tg.launchUrl('/filter'));
        // The categories loaded (their skeleton chips run past the edge while they load).
        await page.getByTestId('filter-category-all').waitFor();
        await check('filter');

        await page.goto(tg.launchUrl('/products'));
        await screenNow(page).locator('[data-testid^="product-card-"]').first().waitFor();
        await check('products');

        // The journeys' own screens (each journey runs in one language and theme).
        await page.goto(tg.launchUrl('/bag'));
        await screenNow(page).getByTestId('bag-empty').waitFor();
        await check('bag');

        await page.goto(tg.launchUrl('/order'));
        await page.getByTestId('empty').waitFor();
        await check('orders');

        await page.goto(tg.launchUrl('/addressForm'));
        await page.getByTestId('address-region-select').waitFor();
        await check('address-form');

        await page.goto(tg.launchUrl('/withDraw'));
        await page.getByTestId('withdraw-balance').waitFor();
        await check('withdraw');

        await page.goto(tg.launchUrl('/walletTopUp'));
        await page.getByTestId('amount').waitFor();
        await check('top-up');

        await page.goto(tg.launchUrl('/capitalRecord'));
        await page.getByTestId('bill-kind-all').waitFor();
        await screenNow(page).getByTestId('empty').waitFor();
        await check('bill');

        // Opened cold, the records bring their own tabs' styles (they once came with the orders').
        await page.goto(tg.launchUrl('/topUpRecord'));
        await screenNow(page).getByTestId('records-tab-all').waitFor();
        await check('top-up-records');

        await page.goto(tg.launchUrl('/depositRecord'));
        await screenNow(page).getByTestId('records-tab-all').waitFor();
        await check('withdrawal-records');
        expect(tg.errors).toEqual([]);
      } finally {
        await tg.context.close();
      }
    },
  );
});
