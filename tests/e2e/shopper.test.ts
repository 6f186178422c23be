import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../common/languages';
import { releaseChromium, workerChromium, screenshot, textContrast } from './support/browser';
import { openHome, screenNow, shoppers, smallTexts } from './support/screen-checks';
import { workerShop, type RunningShop } from './support/shop';
import { locale, waitForPath, waitForTitle } from './support/shop-api';
import { tgCalls, tgEmit, TG_USER, waitForTgCall, type ThemeName } from './support/telegram';

/**
 * What a shopper trips over, in Chromium against `npm start` inside the mocked Telegram client, in
 * several languages and both themes: the main button leaves with its page, Telegram's header takes
 * the page colour, every field is labelled, the ten categories fit, words wrap whole, no text is
 * under 12 px, prices and links are readable. Screenshots go to
 * test-results/screenshots/shopper-*.png.
 */
let shop: RunningShop;
let browser: Browser;
const shopperIn = shoppers(
  () => browser,
  () => shop,
  TG_USER.id + 100,
);

beforeAll(async () => {
  browser = await workerChromium();
  shop = await workerShop();
});

afterAll(async () => {
  await releaseChromium(browser);
});

/**
 * Labels split inside a word: for each element, the places where its text moves to a new line
 * must follow a space, a hyphen or a soft hyphen (Japanese and Chinese lines may break between
 * characters, but never before a small kana or a long-vowel mark; Thai only where the label's text
 * says words part: a space or the zero-width space src/i18n/word-breaks.ts puts between words, not
 * at the browser's own dictionary boundaries, which cut compounds such as "ผู้|หญิง").
 */
function midWordBreaks(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const cjk = /^(ja|zh)/.test(document.documentElement.lang);
    const thai = document.documentElement.lang.startsWith('th');
    const bad: string[] = [];
    for (const el of document.querySelectorAll(selector)) {
      if ((el as HTMLElement).offsetParent === null) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // Lines within one run of text (separate elements may stand on lines of their own).
        let lastTop: number | null = null;
        let prev = '';
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i += 1) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          if (!rect || /\s/.test(text[i])) {
            prev = text[i];
            continue;
          }
          if (lastTop !== null && rect.top > lastTop + 2) {
            const ok = cjk
              ? !/[ぁぃぅぇぉっゃゅょァィゥェォッャュョー、。]/.test(text[i])
              : thai
                ? /[\s\u200b]/.test(prev)
                : /[\s\-\u00ad‐]/.test(prev);
            if (!ok) bad.push(`${el.textContent?.trim()} (before "${text[i]}")`);
          }
          lastTop = rect.top;
          prev = text[i];
        }
      }
    }
    return bad;
  }, selector);
}

/** Inputs, selects and text areas on show without an accessible name from a label or aria-label. */
function unlabelledFields(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('input, select, textarea')]
      .filter((el) => (el as HTMLInputElement).type !== 'hidden' && !el.closest('[hidden]'))
      .filter((el) => !(el as HTMLInputElement).hidden)
      .filter((el) => {
        const input = el as HTMLInputElement;
        const fromLabels = [...(input.labels ?? [])].map((l) => l.textContent?.trim()).join('');
        return !fromLabels && !input.getAttribute('aria-label')?.trim();
      })
      .map((el) => (el as HTMLInputElement).name || el.outerHTML.slice(0, 80)),
  );
}

describe("Telegram's main button belongs to the page shown", () => {
  it('after /filter, home shows no main button and a press does not open the product list', async () => {
    const tg = await shopperIn('en-US');
    try {
      const { page } = tg;
      await page.goto(tg.launchUrl('/filter'));
      const en = locale('en-US');
      await waitForTgCall(page, 'web_app_setup_main_button', { text: en.filter.apply, is_visible: true });
      await tgEmit(page, 'back_button_pressed');
      await waitForPath(page, '/explore');
      await page.getByTestId('tab-home').click();
      await waitForPath(page, '/home');
      await waitForTgCall(page, 'web_app_setup_main_button', { is_visible: false });
      const last = (await tgCalls(page, 'web_app_setup_main_button')).at(-1);
      expect(last?.params?.is_visible).toBe(false);
      await tgEmit(page, 'main_button_pressed');
      await screenNow(page).getByTestId('home-search').waitFor();
      expect(new URL(page.url()).pathname).toBe('/home');
      expect(tg.errors).toEqual([]);
    } finally {
      await tg.close();
    }
  });
});

describe('Telegram header and background, and home links', () => {
  it.each(['light', 'dark'] as const)('%s: header and background take the page colour', async (theme) => {
    const tg = await shopperIn('en-US', theme);
    try {
      const { page } = tg;
      await openHome(page, tg.launchUrl('/home'));
      await waitForTgCall(page, 'web_app_set_header_color', { color_key: 'secondary_bg_color' });
      const bg = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-secondary-bg-color').trim(),
      );
      await waitForTgCall(page, 'web_app_set_background_color', { color: bg });
      // The merchant and seller links are not configured on this server: no dead entries.
      expect(await page.getByTestId('home-merchant-in').count()).toBe(0);
      expect(await page.getByTestId('home-seller-panel').count()).toBe(0);

      // Prices and the "see all" link are readable on home and on a product, in both themes.
      expect(await textContrast(page, '.screen:not([hidden]) .price__now')).toBeGreaterThanOrEqual(4.5);
      expect(await textContrast(page, '.screen:not([hidden]) .section-head__more')).toBeGreaterThanOrEqual(
        4.5,
      );
      await screenNow(page).locator('[data-testid^="product-card-"]').first().click();
      await page.getByTestId('detail-title').waitFor();
      expect(await textContrast(page, '.screen:not([hidden]) .price__now')).toBeGreaterThanOrEqual(4.5);
      expect(await smallTexts(page)).toEqual([]);
      await screenshot(page, `shopper-detail-${theme}`);
    } finally {
      await tg.close();
    }
  });
});

describe('every field has a visible label tied to its input', () => {
  it('payment password, password, profile, language (in Telegram) and sign-up (plain browser)', async () => {
    const tg = await shopperIn('de-DE');
    const de = locale('de-DE');
    try {
      const { page } = tg;
      const screens: [string, keyof typeof de.routes][] = [
        ['/changePayPwd', 'changePayPwd'],
        ['/changePassword', 'changePassword'],
        ['/editProfile', 'profile'],
        ['/language', 'language'],
      ];
      for (const [path, title] of screens) {
        await page.goto(tg.launchUrl(path));
        await waitForTitle(page, de.routes[title]);
        await expect.poll(() => page.locator('input:visible').count()).toBeGreaterThan(0);
        expect(await unlabelledFields(page), path).toEqual([]);
        // The sub-page says what it is (Telegram's header shows the bot's name).
        expect(await page.getByTestId('page-title').textContent()).toBe(de.routes[title]);
        await screenshot(page, `shopper-fields${path.replace('/', '-')}-de`);
      }
      // The labels are visible text, and getByLabel finds the fields by them.
      await page.goto(tg.launchUrl('/changePayPwd'));
      await page.getByLabel(de.password.newPay).fill('135790');
      await page.getByLabel(de.password.confirmPay).fill('135790');
      expect(await page.getByText(de.password.newPay).isVisible()).toBe(true);
      await page.goto(tg.launchUrl('/language'));
      await expect.poll(() => page.getByRole('radio', { name: 'Deutsch' }).isChecked()).toBe(true);
    } finally {
      await tg.close();
    }
    const plain = await browser.newContext({ baseURL: shop.url, viewport: { width: 390, height: 844 } });
    try {
      const page = await plain.newPage();
      await page.goto('/register');
      await page.locator('input').first().waitFor();
      expect(await unlabelledFields(page)).toEqual([]);
      const en = locale('en-US');
      expect(await page.getByLabel(en.auth.givenName).count()).toBe(1);
      expect(await page.getByLabel(en.auth.familyName).count()).toBe(1);
    } finally {
      await plain.close();
    }
  });
});

/**
 * Korean, the one language the screen tour (tests/e2e/support/screen-tour.ts) does not take, which
 * makes the same checks on these screens in German, Russian, Thai and Japanese.
 */
const LANGS_TO_SEE: [Lang, ThemeName][] = [['ko-KR', 'light']];

describe('words wrap whole, the ten categories fit, nothing under 12 px', () => {
  it.each(LANGS_TO_SEE)('%s (%s theme)', async (lang, theme) => {
    const tg = await shopperIn(lang, theme);
    const tag = `${lang.slice(0, 2)}-${theme}`;
    try {
      const { page } = tg;
      await openHome(page, tg.launchUrl('/home'));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);

      // All ten categories on screen at 390 px, none cut, none split inside a word.
      const categories = screenNow(page).locator('[data-testid^="home-category-"]');
      expect(await categories.count()).toBe(10);
      const boxes = await categories.evaluateAll((items) =>
        items.map((item) => {
          const name = item.querySelector('.category-grid__name') as HTMLElement;
          const r = name.getBoundingClientRect();
          const cell = item.getBoundingClientRect();
          return {
            text: name.textContent,
            inside:
              r.left >= 0 &&
              r.right <= window.innerWidth &&
              r.left >= cell.left - 1 &&
              r.right <= cell.right + 1,
            cut: name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1,
          };
        }),
      );
      for (const box of boxes) expect(box, box.text ?? '').toMatchObject({ inside: true, cut: false });
      expect(await midWordBreaks(page, '.category-grid__name, .tab-bar button')).toEqual([]);
      expect(await smallTexts(page)).toEqual([]);
      await screenshot(page, `shopper-home-${tag}`);

      await page.getByTestId('tab-profile').click();
      await waitForPath(page, '/profile');
      await page.getByTestId('profile-name').waitFor();
      expect(await page.getByTestId('profile-sub').textContent()).not.toMatch(/tg_\d/);
      expect(await midWordBreaks(page, '.nav-cell, .tab-bar button, .profile-head')).toEqual([]);
      expect(await smallTexts(page)).toEqual([]);
      await screenshot(page, `shopper-profile-${tag}`);

      await page.getByTestId('to-settings').click();
      await waitForPath(page, '/setting');
      await page.getByTestId('setting-language').waitFor();
      expect(await midWordBreaks(page, '.nav-cell')).toEqual([]);
      expect(await smallTexts(page)).toEqual([]);
      await screenshot(page, `shopper-setting-${tag}`);

      await page.getByTestId('setting-language').click();
      await waitForPath(page, '/language');
      await screenshot(page, `shopper-language-${tag}`);

      await page.goto(tg.launchUrl('/explore'));
      await screenNow(page).locator('[data-testid^="product-card-"]').first().waitFor();
      expect(await smallTexts(page)).toEqual([]);
      expect(await midWordBreaks(page, '.screen:not([hidden]) .product-tile__title')).toEqual([]);
      // The category row runs past the filter button: its cut edge fades ("scroll for more").
      const row = screenNow(page).locator('.sticky-bar .chips--scroll');
      await expect.poll(() => row.getAttribute('data-more')).toBe('end');
      expect(await row.evaluate((el) => getComputedStyle(el).maskImage)).toMatch(/^linear-gradient/);
      await screenshot(page, `shopper-explore-${tag}`);
      await row.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect.poll(() => row.getAttribute('data-more')).toBe('start');
      expect(tg.errors).toEqual([]);
    } finally {
      await tg.close();
    }
  });
});
