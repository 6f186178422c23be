import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '@common/api/routes';
import type { Lang } from '../../common/languages';
import { ORDER_STATUS } from '../../common/order-status';
import { paths } from '../../common/paths';
import { releaseChromium, workerChromium, screenshot, textContrast } from './support/browser';
import {
  callEndpoint,
  confirmPopup,
  cutTextsOnScreen,
  plainProducts,
  journeyShoppers,
  journeyVariant,
} from './support/journey';
import { admin } from './support/operator';
import { screenNow } from './support/screen-checks';
import { E2E_BOT_TOKEN, workerShop, type RunningShop } from './support/shop';
import { waitForPath } from './support/shop-api';
import { pressMain, sessionToken, signInitData, TG_USER, type ThemeName } from './support/telegram';

/**
 * The review journey in Chromium against `npm start`, inside the mocked Telegram client, in
 * light English and dark Russian: a Telegram shopper's order (bought and shipped through the API and the
 * operator's command line) is confirmed received on its screen, then reviewed with Telegram's main
 * button: stars, a text and a picture made here; the order is completed and the review shows on the
 * product's page, its picture opening full size. Screenshots:
 * test-results/screenshots/aftersale-review-*.png.
 */
let shop: RunningShop;
let browser: Browser;
let product: { id: number; title: string };

const server = <T>(
  name: EndpointName,
  opts: { token?: string; body?: unknown; query?: Record<string, string> } = {},
) => callEndpoint<T>(shop.url, name, opts);
const cutTexts = (page: Page, within = '') => cutTextsOnScreen(page, { within: within || ':scope' });

beforeAll(async () => {
  browser = await workerChromium();
  shop = await workerShop();
  [product] = await plainProducts(shop.url, 1);
  if (!product) throw new Error('the demo catalogue has no cheap product without specs');
});

afterAll(async () => {
  await releaseChromium(browser);
});

/** A shipped order of the product for the shopper behind `token`, bought through the API. */
async function shippedOrder(token: string, userId: number, pay: string): Promise<number> {
  await admin(shop, ['credit', `tg:${userId}`, '100', '--reason', 'e2e review']);
  await server('user.resetPay', {
    token,
    body: { newpassword: pay, init_data: signInitData(E2E_BOT_TOKEN, { ...TG_USER, id: userId }) },
  });
  const address = await server<{ id: number }>('address.save', {
    token,
    body: {
      addressee: 'Anna Telegram',
      mobile: '+49 30 1234567',
      country: 'DE',
      region: 'DE-BE',
      detail: 'Unter den Linden 77',
      tag: 'home',
    },
  });
  const submitted = await server<{ outTradeNo: string; orderIds: number[] }>('checkout.submit', {
    token,
    body: { product_id: product.id, number: 1, address_id: address.id },
  });
  await server('checkout.payGroup', {
    token,
    body: { out_trade_no: submitted.outTradeNo, password_pay: pay },
  });
  const [orderId] = submitted.orderIds;
  await admin(shop, ['ship', String(orderId), 'DHL', `JD0146${String(userId).slice(-6)}`]);
  return orderId;
}

// One full journey per flow, the variants spread over the journey files (light English here and
// there, dark German, Russian or Thai elsewhere); every main screen in each language and theme is
// in the screen tour of tests/e2e/shopper.test.ts.
const VARIANTS: [ThemeName, Lang][] = [['dark', 'ru-RU']];
const newShopper = journeyShoppers(() => ({ browser, shop }), TG_USER.id + 1100);

describe.each(VARIANTS)('reviewing inside Telegram (%s, %s)', (theme, lang) => {
  const { text, name } = journeyVariant('aftersale-review', theme, lang);

  it('confirm receipt, review with stars, text and a picture; the order completes and the review shows on the product page', async () => {
    const tg = await newShopper(lang, theme);
    const { page, user } = tg;
    try {
      await page.goto(tg.launchUrl(paths.profile.href()));
      // Logged in silently: the profile shows the balance once the account is there.
      await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 30_000 }).toMatch(/\d/);
      const token = await sessionToken(page);
      const orderId = await shippedOrder(token, user.id, '246810');

      // Confirm receipt on the order's screen (main button, then Telegram's popup).
      await page.goto(tg.launchUrl(paths.orderInfo.href(orderId)));
      await pressMain(page, text.orderList.confirmReceipt);
      await confirmPopup(page, text.orderList.receiveConfirm);
      await expect
        .poll(() => screenNow(page).getByTestId('order-status').textContent())
        .toBe(text.orderList.status.received);

      // The main button now offers the review.
      await pressMain(page, text.review.write);
      await waitForPath(page, paths.comment.pattern);
      await screenNow(page).getByTestId('review-item').waitFor();
      await screenNow(page).getByTestId('score-product-4').click();
      await screenNow(page).getByTestId('score-postage-3').click();
      // Each variant reviews the same product: its own words find its own review.
      const words =
        lang === 'ru-RU'
          ? 'Качественная вещь, доставили быстро, упаковка без повреждений'
          : `Solid quality, arrived quickly and well packed (${theme} theme)`;
      await screenNow(page).getByTestId('review-content').fill(words);
      const picture = await sharp({
        create: {
          width: 900,
          height: 600,
          channels: 3,
          background: lang === 'ru-RU' ? '#b35c2e' : '#2e7bb3',
        },
      })
        .jpeg()
        .toBuffer();
      await screenNow(page)
        .getByTestId('pic-input')
        .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: picture });
      await expect.poll(() => screenNow(page).getByTestId('pic-preview').count()).toBe(1);
      // Private until the review is posted: the preview shows it through its signed link.
      await expect
        .poll(() =>
          screenNow(page)
            .getByTestId('pic-preview')
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
      expect(await cutTexts(page), 'comment').toEqual([]);
      expect(await textContrast(page, '.screen:not([hidden]) .star-input__label')).toBeGreaterThanOrEqual(
        4.5,
      );
      await page.mouse.move(0, 0);
      await screenshot(page, name('form'));
      await screenshot(page, name('form-full'), { fullPage: true });

      await pressMain(page, text.review.submit);
      await waitForPath(page, paths.orderInfo.href(orderId));
      await expect
        .poll(() => screenNow(page).getByTestId('order-status').textContent())
        .toBe(text.orderList.status.completed);
      const detail = await server<{ status: number; items: { reviewed: boolean }[] }>('order.detail', {
        token,
        query: { order_id: String(orderId) },
      });
      expect(detail.status).toBe(ORDER_STATUS.completed);
      expect(detail.items.every((i) => i.reviewed)).toBe(true);

      // The product's page shows it, by the shopper's display name, with the picture.
      await page.goto(tg.launchUrl(paths.detail.href(product.id)));
      const block = screenNow(page).getByTestId('detail-reviews');
      await block.waitFor();
      const mine = block.getByTestId('review').filter({ hasText: words });
      await mine.waitFor();
      expect(await mine.getByTestId('review-name').textContent()).toBe('Anna T.');
      expect(await block.textContent()).not.toContain(String(user.id));
      await mine.scrollIntoViewIfNeeded();
      expect(await cutTexts(page, '[data-testid="detail-reviews"]'), 'detail-reviews').toEqual([]);
      await screenshot(page, name('product'));
      await mine.getByTestId('review-pic').click();
      const viewer = page.getByTestId('picture-viewer');
      await viewer.waitFor();
      const size = await viewer.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth);
      expect(size).toBe(900);
      await screenshot(page, name('picture'));
    } finally {
      await tg.close();
    }
  });
});
