import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../common/languages';
import type { HelpSupportAnswer, LawAnswer } from '../../common/schemas/content';
import { version } from '../../package.json';
import {
  releaseChromium,
  workerChromium,
  screenshot,
  telegramContext,
  type TelegramContext,
} from './support/browser';
import { E2E_BOT_TOKEN, workerShop, type RunningShop } from './support/shop';
import { locale } from './support/shop-api';
import { TG_USER, waitForTgCall, type ThemeName } from './support/telegram';

/**
 * The help pages in Chromium against `npm start`, inside the mocked Telegram client: help and support,
 * the legal texts, the platform page and the password hub in German and Russian (long words), in
 * the light and the dark theme, with a failed load and its retry. Texts come from the API.
 */
let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  browser = await workerChromium();
  // The worker's shop has a customer service link configured (WORKER_SHOP_SETTINGS), a t.me chat.
  shop = await workerShop();
});

afterAll(async () => {
  await releaseChromium(browser);
});

async function apiGet<T>(path: string, lang: Lang): Promise<T> {
  const res = await fetch(`${shop.url}${path}`, { headers: { lang } });
  return ((await res.json()) as { data: T }).data;
}

const USERS = {
  'de-DE': { id: TG_USER.id + 20, first_name: 'Jürgen', language_code: 'de' },
  'ru-RU': { id: TG_USER.id + 21, first_name: 'Ольга', language_code: 'ru' },
} as const;

async function shopper(lang: keyof typeof USERS, theme: ThemeName): Promise<TelegramContext> {
  return telegramContext(browser, {
    baseUrl: shop.url,
    botToken: E2E_BOT_TOKEN,
    theme,
    user: { ...TG_USER, ...USERS[lang] },
  });
}

/** Nothing runs past the right edge of the phone: no word too long for its line. */
async function expectNoOverflow(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

describe.each([
  ['de-DE', 'light'],
  ['ru-RU', 'dark'],
] as const)('support screens in %s, %s theme', (lang, theme) => {
  let tg: TelegramContext;
  let page: Page;
  const texts = locale(lang);

  // One shopper's page for the language's tests (a new page costs a cold start of the app); each
  // test opens its screen by its address, so it passes alone and in any order.
  beforeAll(async () => {
    tg = await shopper(lang, theme);
    page = tg.page;
  });
  afterAll(() => tg?.close());

  it('help and support: every question, one opened to its answer, and the customer service entry', async () => {
    const help = await apiGet<HelpSupportAnswer>('/api/user/help_support', lang);
    await page.goto(tg.launchUrl('/helpAndSupport'));
    const faq = page.getByTestId('faq');
    await faq.waitFor();
    await expect
      .poll(() => faq.locator('[aria-expanded]').allTextContents())
      .toEqual(help.list.map((e) => e.question));
    await page.getByTestId('faq-withdraw').click();
    const refundAnswer = help.list.find((e) => e.id === 'withdraw')!.answer;
    await page.getByText(refundAnswer).waitFor();
    await expect
      .poll(() => page.getByTestId('contact-service').textContent())
      .toContain(texts.support.contact);
    await expectNoOverflow(page);
    await screenshot(page, `support-help-${lang}-${theme}`);
    await page.getByTestId('contact-service').scrollIntoViewIfNeeded();
    await screenshot(page, `support-help-contact-${lang}-${theme}`);
    // The configured service link is a t.me chat: Telegram itself opens it.
    await page.getByTestId('contact-service').click();
    await waitForTgCall(page, 'web_app_open_tg_link', { path_full: '/shop_service_desk' });
    expect(tg.errors).toEqual([]);
  });

  it('terms and privacy with their headings', async () => {
    const law = await apiGet<LawAnswer>('/api/user/law', lang);
    await page.goto(tg.launchUrl('/law'));
    for (const doc of law.documents) {
      const article = page.getByTestId(`law-${doc.id}`);
      await expect
        .poll(() => article.locator('h3').allTextContents())
        .toEqual(doc.sections.map((s) => s.heading));
      expect(await article.locator('h2').textContent()).toBe(doc.title);
    }
    await expectNoOverflow(page);
    await screenshot(page, `support-law-${lang}-${theme}`);
    expect(tg.errors).toEqual([]);
  });

  it('the platform page and the password hub', async () => {
    await page.goto(tg.launchUrl('/platform'));
    await expect.poll(() => page.getByTestId('platform-name').textContent()).toBe(texts.app.name);
    expect(await page.getByTestId('platform-version').textContent()).toBe(
      texts.settings.version.replace('{{version}}', version),
    );
    await page.getByTestId('contact-service').waitFor();
    await expectNoOverflow(page);
    await screenshot(page, `support-platform-${lang}-${theme}`);

    await page.goto(tg.launchUrl('/passwords'));
    await expect
      .poll(() => page.getByTestId('to-pay-password').textContent())
      .toContain(texts.security.payPassword);
    await expectNoOverflow(page);
    await screenshot(page, `support-passwords-${lang}-${theme}`);
    await page.getByTestId('to-forgot-password').click();
    await page.waitForURL((url) => url.pathname === '/forgotPassword');
    expect(tg.errors).toEqual([]);
  });
});

describe('a failed load', () => {
  it('shows the error state, and the retry loads the questions', async () => {
    const tg = await shopper('de-DE', 'light');
    const de = locale('de-DE');
    try {
      const { page } = tg;
      await page.route('**/api/user/help_support', (route) => route.abort('connectionrefused'));
      await page.goto(tg.launchUrl('/helpAndSupport'));
      await page.getByTestId('retry').waitFor();
      expect(await page.getByText(de.common.loadFailed).count()).toBeGreaterThan(0);
      await screenshot(page, 'support-help-error-de-light');
      await page.unroute('**/api/user/help_support');
      await page.getByTestId('retry').click();
      await page.getByTestId('faq-refund').waitFor();
      expect(await page.getByTestId('retry').count()).toBe(0);
    } finally {
      await tg.close();
    }
  });
});
