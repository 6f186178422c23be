import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../common/languages';
import { ORDER_STATUS } from '../../common/order-status';
import { paths } from '../../common/paths';
import {
  releaseChromium,
  workerChromium,
  screenshot,
  telegramContext,
  textContrast,
  type TelegramContext,
} from './support/browser';
import { admin } from './support/operator';
import { E2E_BOT_TOKEN, workerShop, type RunningShop } from './support/shop';
import { locale, waitForPath } from './support/shop-api';
import {
  pressMain,
  sessionToken,
  signInitData,
  TG_USER,
  tgEmit,
  type ThemeName,
  waitForTgCall,
} from './support/telegram';

/**
 * The review journey in Chromium against `npm start`, inside the mocked Telegram client, in
 * light English and dark Russian: a Telegram shopper's order (bought and shipped through the API and the
 * operator's command line) is confirmed received on its screen, then reviewed with Telegram's main
 * button: stars, a text and a picture made here; the order is completed and the review shows on the
 * product's page, its picture opening full size. Screenshots:
 * test-results/screenshots/aftersale-review-*.png.
 */
interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

let shop: RunningShop;
let browser: Browser;
let product: { id: number; title: string };

async function server<T>(path: string, opts: { token?: string; body?: unknown; key?: boolean } = {}) {
  const res = await fetch(`${shop.url}${path}`, {
    method: opts.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(opts.token ? { token: opts.token } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.key ? { 'idempotency-key': randomUUID() } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const answer = (await res.json()) as Envelope<T>;
  if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

beforeAll(async () => {
  browser = await workerChromium();
  shop = await workerShop();
  const found = await server<{ list: { id: number; title: string }[] }>(
    '/api/product/search?price[max]=40&limit=50',
  );
  for (const card of found.list) {
    const detail = await server<{ product: { specGroups: unknown[]; stock: number } }>(
      `/api/product/detail?product_id=${card.id}`,
    );
    if (detail.product.specGroups.length === 0 && detail.product.stock >= 10) {
      product = card;
      break;
    }
  }
  if (!product) throw new Error('the demo catalogue has no cheap product without specs');
});

afterAll(async () => {
  await releaseChromium(browser);
});

const screenNow = (page: Page) => page.locator('.screen:not([hidden])');

async function confirmPopup(page: Page, message: string): Promise<void> {
  const popup = await waitForTgCall(page, 'web_app_open_popup', { message });
  const buttons = (popup.params?.buttons ?? []) as { id: string; type: string }[];
  const action = buttons.find((b) => b.type !== 'cancel' && b.type !== 'close');
  await tgEmit(page, 'popup_closed', { button_id: action?.id });
}

/** Texts on the screen shown cut off or clipped by their box. */
async function cutTexts(page: Page, within = ''): Promise<string[]> {
  return screenNow(page)
    .locator(within || ':scope')
    .first()
    .evaluate((root) =>
      [...root.querySelectorAll<HTMLElement>('h1, h2, h3, p, span, strong, label, button, a, dd, dt')]
        .filter((el) =>
          [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()),
        )
        .filter((el) => getComputedStyle(el).overflow !== 'visible')
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        .map((el) => el.textContent ?? ''),
    );
}

/** A shipped order of the product for the shopper behind `token`, bought through the API. */
async function shippedOrder(token: string, userId: number, pay: string): Promise<number> {
  await admin(shop, ['credit', `tg:${userId}`, '100', '--reason', 'e2e review']);
  await server('/api/user/resetPay', {
    token,
    body: { newpassword: pay, init_data: signInitData(E2E_BOT_TOKEN, { ...TG_USER, id: userId }) },
  });
  const address = await server<{ id: number }>('/api/user/address_add', {
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
  const submitted = await server<{ outTradeNo: string; orderIds: number[] }>('/api/order/merSubmit', {
    token,
    key: true,
    body: { product_id: product.id, number: 1, address_id: address.id },
  });
  await server('/api/order/merPay', {
    token,
    key: true,
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
let nextUser = TG_USER.id + 1100;

describe.each(VARIANTS)('reviewing inside Telegram (%s, %s)', (theme, lang) => {
  const text = locale(lang);
  const name = (screen: string) => `aftersale-review-${screen}-${theme}${lang === 'ru-RU' ? '-ru' : ''}`;

  it('confirm receipt, review with stars, text and a picture; the order completes and the review shows on the product page', async () => {
    nextUser += 1;
    const user = { ...TG_USER, id: nextUser, language_code: lang.slice(0, 2) };
    const tg: TelegramContext = await telegramContext(browser, {
      baseUrl: shop.url,
      botToken: E2E_BOT_TOKEN,
      theme,
      user,
    });
    const { page } = tg;
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
      const detail = await server<{ status: number; items: { reviewed: boolean }[] }>(
        `/api/order/detail?order_id=${orderId}`,
        { token },
      );
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
