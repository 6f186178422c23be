import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, asc, eq, gt, notExists } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../common/languages';
import { paths } from '../../common/paths';
import { seedCatalog } from '../../server/demo/catalog-seed';
import { products, productSpecs } from '../../server/db/schema';
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from '../support/app';
import {
  releaseChromium,
  workerChromium,
  plainContext,
  screenshot,
  telegramContext,
  textContrast,
  type TelegramContext,
} from './support/browser';
import { ROOT } from './support/shop';
import { locale } from './support/shop-api';
import { signInitData, TG_USER, type ThemeName, waitForTgCall } from './support/telegram';

/**
 * The bag, the address list and the address form in Chromium inside the mocked Telegram client, in
 * light English and dark German, with their screenshots. The shop runs in this process on the built app
 * (the same server `npm start` runs, on an in-memory database) because a bag line that went off
 * sale needs a product taken off sale, which no endpoint does yet.
 */
let api: TestApp;
let url: string;
let browser: Browser;
/** Products without specs, in stock, of two shops; and one that goes off sale once in the bags. */
let fromA: number[];
let fromB: number;
let fading: number;

beforeAll(async () => {
  // The build `npm start` makes (a production build, whatever NODE_ENV says).
  await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), '--if-needed'], {
    cwd: ROOT,
  });
  api = await createTestApp({ DEMO_DATA: true });
  await seedCatalog(api.database.db, { products: 60 });
  url = await api.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await workerChromium();
  const plain = await api.database.db
    .select({ id: products.id, shopId: products.shopId })
    .from(products)
    .where(
      and(
        gt(products.stock, 5),
        notExists(api.database.db.select().from(productSpecs).where(eq(productSpecs.productId, products.id))),
      ),
    )
    .orderBy(asc(products.id));
  const shopA = plain.find((p) => plain.filter((q) => q.shopId === p.shopId).length >= 3)!.shopId;
  const ofA = plain.filter((p) => p.shopId === shopA);
  fromA = ofA.slice(0, 2).map((p) => p.id);
  fading = ofA[2].id;
  fromB = plain.find((p) => p.shopId !== shopA)!.id;
}, 300_000);

afterAll(async () => {
  await releaseChromium(browser);
  await api?.close();
});

let nextUser = TG_USER.id + 900;

/** A Telegram shopper known to the shop, with a bag of two shops' products and one gone off sale. */
async function shopperWithBag(lang: 'en' | 'de') {
  const user = {
    ...TG_USER,
    id: nextUser++,
    first_name: lang === 'de' ? 'Jürgen' : 'Anna',
    language_code: lang,
  };
  const login = await api.endpoint<{ userinfo: { token: string } }>('user.tgLogin', {
    body: { init_data: signInitData(TEST_BOT_TOKEN, user) },
  });
  const token = login.data.userinfo.token;
  const db = api.database.db;
  await db.update(products).set({ onSale: true }).where(eq(products.id, fading));
  for (const [productId, num] of [
    [fading, 1],
    [fromB, 2],
    [fromA[0], 1],
    [fromA[1], 3],
  ]) {
    const res = await api.endpoint('cart.add', { token, body: { product_id: productId, num } });
    expect(res.code, res.msg).toBe(1);
  }
  await db.update(products).set({ onSale: false }).where(eq(products.id, fading));
  for (const body of [
    {
      addressee: 'Erika Mustermann-Schönberger',
      mobile: '+49 30 1234567',
      country: 'DE',
      region: 'DE-NW',
      detail: 'Königsallee 92a, 40212 Düsseldorf',
      tag: 'company',
    },
    {
      addressee: 'Anna Telegram',
      mobile: '+1 555 0100 200',
      country: 'US',
      region: 'US-NY',
      detail: '350 Fifth Avenue, Apt 21B, New York, NY 10118',
      tag: 'home',
      is_default: true,
    },
  ])
    expect((await api.endpoint('address.save', { token, body })).code).toBe(1);
  return user;
}

/** The screen on show (the bag is kept alive: it stays in the page, hidden, once left). */
const screenNow = (tg: TelegramContext) => tg.page.locator('.screen:not([hidden])');

/** No text in view runs out of its box (a cut word) on the screen shown. */
async function cutTexts(tg: TelegramContext): Promise<string[]> {
  return screenNow(tg).evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('h1, h2, p, span, strong, label, button, a')]
      .filter((el) => el.children.length === 0 && el.textContent?.trim())
      .filter((el) => getComputedStyle(el).webkitLineClamp === 'none')
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible')
      .map((el) => el.textContent ?? ''),
  );
}

// One full journey per flow, the variants spread over the journey files (light English here and
// there, dark German, Russian or Thai elsewhere); every main screen in each language and theme is
// in the screen tour of tests/e2e/shopper.test.ts.
const VARIANTS: [ThemeName, Lang][] = [['dark', 'de-DE']];

describe.each(VARIANTS)('the bag and addresses inside Telegram (%s, %s)', (theme, lang) => {
  const text = locale(lang);
  const name = `${theme}${lang === 'de-DE' ? '-de' : ''}`;

  it('shows the bag by shop with the unavailable line apart, then the addresses and the form', async () => {
    const user = await shopperWithBag(lang === 'de-DE' ? 'de' : 'en');
    const tg = await telegramContext(browser, { baseUrl: url, botToken: TEST_BOT_TOKEN, theme, user });
    try {
      const page = tg.page;
      await page.goto(tg.launchUrl(paths.bag.href()));
      await screenNow(tg).getByTestId('bag-unavailable').waitFor();
      expect(await screenNow(tg).locator('[data-testid^="bag-shop-"][data-testid$="-select"]').count()).toBe(
        2,
      );
      await expect
        .poll(() => screenNow(tg).getByTestId('bag-unavailable').textContent())
        .toContain(text.cart.offSale);
      expect(await page.getByTestId('bag-badge').getAttribute('data-value')).toBe('7');
      for (const selector of [
        '[data-testid="bag-total"]',
        '.bag-line__price',
        '.bag-line__reason',
        '[data-testid="bag-remove-unavailable"]',
        '.bag-card__hint',
      ])
        expect(await textContrast(page, selector), selector).toBeGreaterThanOrEqual(4.5);
      expect(await cutTexts(tg)).toEqual([]);
      await screenshot(page, `cart-bag-${name}`);

      await page.goto(tg.launchUrl(paths.address.href()));
      await screenNow(tg).locator('.address-card').nth(1).waitFor();
      for (const selector of ['.address-tag--default', '.address-card__mobile', '.address-action--danger'])
        expect(await textContrast(page, selector), selector).toBeGreaterThanOrEqual(4.5);
      expect(await cutTexts(tg)).toEqual([]);
      await screenshot(page, `cart-address-${name}`);

      const first = await screenNow(tg).locator('[data-testid$="-edit"]').first().getAttribute('data-testid');
      await screenNow(tg).getByTestId(first!).click();
      await page.getByTestId('address-region-select').waitFor();
      await expect.poll(() => page.locator('input[name="addressee"]').inputValue()).not.toBe('');
      expect(await cutTexts(tg)).toEqual([]);
      await screenshot(page, `cart-address-form-${name}`);
      await page.getByTestId('address-country').click();
      await page.getByTestId('address-country-search').fill(lang === 'de-DE' ? 'ös' : 'gu');
      await screenshot(page, `cart-address-country-${name}`);

      // The product page's quantity and bag link with the count; "buy now" and "add to bag" are
      // Telegram's main and secondary buttons (the client draws them in its own colours).
      await page.goto(tg.launchUrl(paths.detail.href(fromA[0])));
      await waitForTgCall(page, 'web_app_setup_secondary_button', {
        text: text.cart.addToBag,
        is_visible: true,
        position: 'left',
      });
      await waitForTgCall(page, 'web_app_setup_main_button', { text: text.cart.buyNow, is_visible: true });
      await expect.poll(() => page.getByTestId('detail-bag-count').getAttribute('data-value')).toBe('7');
      expect(await page.getByTestId('detail-add').count()).toBe(0);
      expect(await cutTexts(tg)).toEqual([]);
      await page.getByTestId('detail-bag').scrollIntoViewIfNeeded();
      await screenshot(page, `cart-detail-${name}`);
      expect(tg.errors).toEqual([]);
    } finally {
      await tg.close();
    }
  });
});

describe('the bag in a plain browser', () => {
  it('puts the total and the check-out button above the tab bar', async () => {
    const user = await shopperWithBag('en');
    const login = await api.endpoint<{ userinfo: { token: string } }>('user.tgLogin', {
      body: { init_data: signInitData(TEST_BOT_TOKEN, user) },
    });
    const plain = await plainContext(browser, { baseUrl: url });
    try {
      const page = plain.page;
      await plain.context.addCookies([{ name: 'token', value: login.data.userinfo.token, url }]);
      await page.goto(`${url}${paths.bag.href()}`);
      const checkout = page.getByTestId('main-action');
      await checkout.waitFor();
      expect(await checkout.textContent()).toBe('Check out (6)');
      await screenshot(page, 'cart-bag-plain');
      const [button, tabs, total] = await Promise.all(
        [checkout, page.locator('.tab-bar'), page.getByTestId('bag-summary')].map((l) => l.boundingBox()),
      );
      // Stacked, not overlapping: the total, then the button, then the tab bar.
      expect(total!.y + total!.height).toBeLessThanOrEqual(button!.y + 1);
      expect(button!.y + button!.height).toBeLessThanOrEqual(tabs!.y + 1);
      expect(plain.errors).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
