import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '@common/api/routes';
import type { Lang } from '@common/languages';
import { paths } from '@common/paths';
import type { TelegramTestUser } from '../../support/telegram';
import { expectAccessible } from './axe';
import { releaseChromium, workerChromium, screenshot, settled, textContrast } from './browser';
import { callEndpoint } from './journey';
import { operatorCommand } from './operator';
import {
  brokenWords,
  categoryNamesOutside,
  categoryRows,
  cutTexts,
  faintFields,
  openHome,
  overflowing,
  screenNow,
  shoppers,
  smallTexts,
  unstyledClasses,
  watchUnauthorized,
  wrappedIdentifiers,
} from './screen-checks';
import { E2E_BOT_TOKEN, workerShop, type RunningShop } from './shop';
import { waitForPath } from './shop-api';
import { cloudStorageValue, signInitData, type ThemeName } from './telegram';

/**
 * The main screens and the journeys' own screens in German, Russian, Thai and Japanese, in the light
 * and the dark theme, in Chromium against `npm start` inside the mocked Telegram client: no
 * sideways scroll, the page language set, nothing under 12 px, no word broken across lines, no
 * label cut, identifiers on one line, every empty field's box visible, the ten categories inside
 * their cells, the category row's fade, no class styled only by another screen's stylesheet (each
 * screen opened cold in one language), no serious or critical finding of axe-core
 * in the shop's own markup and colours (tests/e2e/support/axe.ts; in light and dark, one language
 * each), a screenshot of each (test-results/screenshots/screens-*.png); and not one API answer of
 * "no session" for the Telegram shopper, whose silent login every call waits for. Each journey file
 * runs its flow once, in one language and theme; this tour is where every language and theme meets
 * every screen.
 *
 * `langs` are the languages (each with a theme) of one test file: two files of two languages, so
 * the two browser workers share the tour (tests/e2e/screens-*.test.ts). Shopper ids start at
 * `firstUser`, distinct per file. axe-core reads the markup and the colours, which are the same in
 * every language: one file (one light and one dark language) runs it (`opts.axe`), every rule in its
 * first language and the rules on colours in its second (the other theme): 12 s of the file's 55 s
 * with every rule in both.
 */
export function screenTour(
  langs: [Lang, ThemeName][],
  firstUser: number,
  opts: { axe: boolean; cold: boolean } = { axe: true, cold: true },
): void {
  let shop: RunningShop;
  let browser: Browser;
  const shopperIn = shoppers(
    () => browser,
    () => shop,
    firstUser,
  );

  beforeAll(async () => {
    browser = await workerChromium();
    shop = await workerShop();
  });

  afterAll(async () => {
    await releaseChromium(browser);
  });

  const PAY = '135790';

  const server = <T>(
    name: EndpointName,
    token: string,
    lang: Lang,
    body?: unknown,
    query?: Record<string, string>,
  ) => callEndpoint<T>(shop.url, name, { token, lang, body, query });

  /**
   * What the order screens need, made through the API and the operator's socket: an address in
   * Bavaria, a paid order of the product with the longest name the operator shipped with a long
   * tracking number, and an order left unpaid.
   */
  async function ordersOf(user: TelegramTestUser, token: string, lang: Lang) {
    await operatorCommand(shop, 'credit', { user: `tg:${user.id}`, amount: '2000', reason: 'e2e' });
    await server('user.resetPay', token, lang, {
      newpassword: PAY,
      init_data: signInitData(E2E_BOT_TOKEN, user),
    });
    await server('address.save', token, lang, {
      addressee: 'Ada Lovelace',
      mobile: '+49 89 1234567',
      country: 'DE',
      region: 'DE-BY',
      detail: 'Marienplatz 8, 80331 München',
      tag: 'home',
      is_default: true,
    });
    const found = await server<{ list: { id: number; title: string }[] }>(
      'catalog.search',
      token,
      lang,
      undefined,
      { limit: '20' },
    );
    const longest = [...found.list].sort((a, b) => b.title.length - a.title.length)[0];
    const buy = async () => {
      const submit = await server<{ outTradeNo: string; orderIds: number[] }>(
        'checkout.submit',
        token,
        lang,
        {
          product_id: longest.id,
          number: 1,
        },
      );
      return { outTradeNo: submit.outTradeNo, id: submit.orderIds[0] };
    };
    const shipped = await buy();
    await server('checkout.payGroup', token, lang, { out_trade_no: shipped.outTradeNo, password_pay: PAY });
    await operatorCommand(shop, 'ship', {
      orderId: String(shipped.id),
      carrier: 'Deutsche Post DHL',
      trackingNo: 'JJD000390007284910123456',
    });
    const { orderSn } = await server<{ orderSn: string }>('order.detail', token, lang, undefined, {
      order_id: String(shipped.id),
    });
    return { shipped: { id: shipped.id, orderSn }, unpaid: await buy() };
  }

  describe(`the main screens in ${langs.map(([lang, theme]) => `${lang} (${theme})`).join(' and ')}`, () => {
    it.each(langs)(
      '%s (%s): no sideways scroll, the page language set, nothing under 12 px, no word broken, no label cut, identifiers whole, own styles, nothing for axe, no 401',
      async (lang, theme) => {
        const tg = await shopperIn(lang, theme);
        const tag = `${lang.slice(0, 2)}-${theme}`;
        const { page } = tg;
        const unauthorized = watchUnauthorized(page);
        // One language of the tour (`opts.cold`, the file's first) opens each screen cold, as a link
        // from a chat does, so each screen shows that it brings its own styles; the others move
        // within the app as a shopper does, which spares a start of the whole app (a cold compile
        // in a new page) per screen: the styles a screen brings are the same in every language.
        const cold = opts.cold && lang === langs[0][0];
        const open = async (pathname: string) => {
          if (cold) {
            await page.goto(tg.launchUrl(pathname));
            return;
          }
          await page.evaluate((to) => {
            window.history.pushState(null, '', to);
            window.dispatchEvent(new PopStateEvent('popstate'));
          }, pathname);
        };
        const check = async (name: string) => {
          // Transitions (a field taking focus) ended, pictures in: what the shopper sees.
          await settled(page);
          expect(await page.evaluate(() => document.documentElement.lang), name).toBe(lang);
          expect(await overflowing(page), name).toEqual([]);
          expect(await smallTexts(page), name).toEqual([]);
          expect(await unstyledClasses(page), name).toEqual([]);
          // Each screen's findings all at once (the tour goes on to the next screen).
          expect.soft(await brokenWords(page), name).toEqual([]);
          expect.soft(await cutTexts(page), name).toEqual([]);
          expect.soft(await wrappedIdentifiers(page), name).toEqual([]);
          expect.soft(await faintFields(page), name).toEqual([]);
          await screenshot(page, `screens-${name}-${tag}`);
          // The markup is the same in every language: the file's first takes every rule, the other
          // (the other theme) those on colours.
          if (opts.axe) await expectAccessible(page, `${name}-${tag}`, { coloursOnly: lang !== langs[0][0] });
        };
        try {
          await openHome(page, tg.launchUrl('/home'));
          await check('home');
          // axe leaves the fixed tab bar's colours undecided (what lies behind it): measured here.
          expect(
            await textContrast(page, '[data-testid="tab-explore"]'),
            'inactive tab',
          ).toBeGreaterThanOrEqual(4.5);
          // However many categories and however long their names: never one alone on a row, and
          // all ten on screen at 390 px, each name inside its cell.
          expect(await categoryRows(page)).not.toContain(1);
          expect(await screenNow(page).locator('[data-testid^="home-category-"]').count()).toBe(10);
          expect(await categoryNamesOutside(page)).toEqual([]);
          await expect.poll(() => cloudStorageValue(page, 'token')).not.toBeNull();
          const { token } = JSON.parse((await cloudStorageValue(page, 'token')) ?? '{}') as { token: string };
          const orders = await ordersOf(tg.user, token, lang);

          await page.getByTestId('tab-explore').click();
          await waitForPath(page, '/explore');
          const card = screenNow(page).locator('[data-testid^="product-card-"]').first();
          await card.waitFor();
          await check('explore');
          // The category row runs past the filter button: its cut edge fades ("scroll for more").
          const row = screenNow(page).locator('.sticky-bar .chips--scroll');
          await expect.poll(() => row.getAttribute('data-more')).toBe('end');
          expect(await row.evaluate((el) => getComputedStyle(el).maskImage)).toMatch(/^linear-gradient/);
          await row.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
          await expect.poll(() => row.getAttribute('data-more')).toBe('start');

          await card.click();
          await page.waitForURL((url) => /^\/detail\/\d+$/.test(url.pathname));
          await page.getByTestId('detail-title').waitFor();
          await check('detail');

          await page.getByTestId('detail-shop').click();
          await page.waitForURL((url) => /^\/shop\/\d+$/.test(url.pathname));
          await page.getByTestId('shop-name').waitFor();
          await check('shop');

          await open('/profile');
          await page.getByTestId('profile-name').waitFor();
          // The page shows with the Telegram name at once; the wallet's figures follow with the account.
          await expect.poll(() => page.getByTestId('balance').textContent()).toMatch(/\d/);
          // The Telegram name, never the account's generated one.
          expect(await page.getByTestId('profile-sub').textContent()).not.toMatch(/tg_\d/);
          await check('profile');

          await page.getByTestId('to-settings').click();
          await waitForPath(page, '/setting');
          await page.getByTestId('setting-language').waitFor();
          await check('settings');

          await page.getByTestId('setting-language').click();
          await waitForPath(page, '/language');
          await check('language');

          await open('/security');
          await page.getByTestId('security-login').waitFor();
          await check('security');

          await open('/helpAndSupport');
          await page.getByTestId('faq').waitFor();
          await check('help');

          await open('/filter');
          // The categories loaded (their skeleton chips run past the edge while they load).
          await page.getByTestId('filter-category-all').waitFor();
          await check('filter');

          await open('/products');
          await screenNow(page).locator('[data-testid^="product-card-"]').first().waitFor();
          await check('products');

          // The journeys' own screens (each journey runs in one language and theme).
          await open('/bag');
          await screenNow(page).getByTestId('bag-empty').waitFor();
          await check('bag');

          await open('/order');
          await screenNow(page).getByTestId('order-card').first().waitFor();
          await check('orders');

          await open('/addressForm');
          await page.getByTestId('address-region-select').waitFor();
          await check('address-form');

          await open('/withDraw');
          await page.getByTestId('withdraw-balance').waitFor();
          await check('withdraw');

          await open('/walletTopUp');
          await page.getByTestId('amount').waitFor();
          await check('top-up');

          await open('/capitalRecord');
          await page.getByTestId('bill-kind-all').waitFor();
          await screenNow(page).getByTestId('bill-entry').first().waitFor();
          await check('bill');

          // Opened cold, the records bring their own tabs' styles (they once came with the orders').
          await open('/topUpRecord');
          await screenNow(page).getByTestId('records-tab-all').waitFor();
          await check('top-up-records');

          await open('/depositRecord');
          await screenNow(page).getByTestId('records-tab-all').waitFor();
          await check('withdrawal-records');

          // The order screens: numbers on one line with their copy buttons, the region of a German
          // address in German whatever the interface language.
          await open(paths.orderInfo.href(orders.shipped.id));
          await page.getByTestId('order-sn').waitFor();
          expect(await page.getByTestId('order-sn').textContent()).toBe(orders.shipped.orderSn);
          expect.soft(await screenNow(page).getByTestId('address').textContent()).toContain('Bayern');
          await check('order');
          await page.getByTestId('tracking-no').scrollIntoViewIfNeeded();
          await check('order-logistics');

          await open(paths.refund.href(orders.shipped.id, orders.shipped.orderSn));
          await page.getByTestId('refund-type-return').waitFor();
          await check('refund');

          await open(paths.payment.href({ out_trade_no: orders.unpaid.outTradeNo }));
          await page.getByTestId('pay-amount').waitFor();
          await check('payment');

          await open(paths.search.href());
          await page.getByTestId('search-input').waitFor();
          await check('search');
          await page.getByTestId('search-tab-shops').click();
          await waitForPath(page, paths.searchs.href());
          await check('search-shops');

          await open(paths.changePassword.href());
          await page.locator('input[name="newpassword"]').waitFor();
          await check('change-password');

          expect(await unauthorized()).toEqual([]);
          expect(tg.errors).toEqual([]);
        } finally {
          await tg.close();
        }
      },
    );
  });
}
