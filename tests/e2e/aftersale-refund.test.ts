import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '@common/api/routes';
import type { Lang } from '../../common/languages';
import { paths } from '../../common/paths';
import { expectAccessible } from './support/axe';
import { releaseChromium, workerChromium, screenshot } from './support/browser';
import { callEndpoint, journeyShoppers, journeyVariant, orderThroughApi } from './support/journey';
import { admin } from './support/operator';
import { overflowing, screenNow } from './support/screen-checks';
import { E2E_BOT_TOKEN, workerShop, type RunningShop } from './support/shop';
import { waitForPath } from './support/shop-api';
import {
  sessionToken,
  signInitData,
  TG_USER,
  tgEmit,
  type ThemeName,
  waitForTgCall,
} from './support/telegram';

/**
 * The refund journey in Chromium against `npm start`, inside the mocked Telegram client, in
 * light English and dark Russian: a Telegram shopper is credited by the operator, pays an order (through
 * the API: buying has its own journey), the operator ships it by the command line; the shopper asks
 * for a refund on the order's page with two pictures; the operator approves it; the balance is back
 * and the order is in the refunded tab. axe-core finds nothing serious on the form and the screens
 * after it (tests/e2e/support/axe.ts). Screenshots: test-results/screenshots/refund-*.png.
 */
const PAY = '246810';
let shop: RunningShop;
let browser: Browser;

const server = <T>(name: EndpointName, token: string, body?: unknown) =>
  callEndpoint<T>(shop.url, name, { token, body, lang: 'en-US' });

beforeAll(async () => {
  browser = await workerChromium();
  shop = await workerShop();
});
afterAll(async () => {
  await releaseChromium(browser);
});

// One full journey per flow, the variants spread over the journey files (light English here and
// there, dark German, Russian or Thai elsewhere); every main screen in each language and theme is
// in the screen tour of tests/e2e/shopper.test.ts.
const VARIANTS: [ThemeName, Lang][] = [['light', 'en-US']];
const newShopper = journeyShoppers(() => ({ browser, shop }), TG_USER.id + 1300);

describe.each(VARIANTS)('a refund inside Telegram (%s, %s)', (theme, lang) => {
  const { text, name } = journeyVariant('refund', theme, lang);

  it('pay, shipped by the operator, a refund with two pictures, approved: the balance back, the order refunded', async () => {
    const tg = await newShopper(lang, theme);
    const { page, user } = tg;
    try {
      await page.goto(tg.launchUrl(paths.profile.href()));
      const token = await sessionToken(page);
      await admin(shop, ['credit', `tg:${user.id}`, '500', '--reason', 'e2e']);
      await server('user.resetPay', token, {
        newpassword: PAY,
        init_data: signInitData(E2E_BOT_TOKEN, user),
      });
      const submit = await orderThroughApi(shop.url, token);
      await server('checkout.payGroup', token, { out_trade_no: submit.outTradeNo, password_pay: PAY });
      const orderId = submit.orderIds[0];
      const shipped = await admin(shop, ['ship', String(orderId), 'DHL', 'JD0146000062']);
      expect(shipped.out).toContain('shipped');
      const paidBalance = (await server<{ balance: string }>('user.getUserInfo', token)).balance;

      await page.goto(tg.launchUrl(paths.orderInfo.href(orderId)));
      await page.getByTestId('refund-apply').click();
      await expect.poll(() => new URL(page.url()).pathname.startsWith(`/refund/${orderId}`)).toBe(true);
      const most = await page.getByTestId('refund-amount').inputValue();
      const png = (colour: string) =>
        sharp({ create: { width: 60, height: 40, channels: 3, background: colour } })
          .png()
          .toBuffer();
      await page.getByTestId('proof-input').setInputFiles([
        { name: 'a.png', mimeType: 'image/png', buffer: await png('#cc3344') },
        { name: 'b.png', mimeType: 'image/png', buffer: await png('#3344cc') },
      ]);
      await expect.poll(() => page.getByTestId('proof-preview').count(), { timeout: 20_000 }).toBe(2);
      // The proof is private: the previews load through their signed links.
      await expect
        .poll(() =>
          page
            .getByTestId('proof-preview')
            .evaluateAll((imgs: HTMLImageElement[]) => imgs.filter((img) => img.naturalWidth > 0).length),
        )
        .toBe(2);
      await page.getByTestId('refund-reason').selectOption('damaged');
      await page.getByTestId('refund-explain').fill('The glass arrived cracked');
      await screenshot(page, name('form'), { fullPage: true });
      await expectAccessible(page, 'refund-form');
      await waitForTgCall(page, 'web_app_setup_main_button', { text: text.refund.submit, is_visible: true });
      await tgEmit(page, 'main_button_pressed');
      await waitForPath(page, paths.orderInfo.href(orderId));
      await expect
        .poll(() => page.getByTestId('refund-state').textContent())
        .toBe(text.refund.state.applying);
      await screenshot(page, name('applying'), { fullPage: true });
      await expectAccessible(page, 'order-refund-applying');

      const approved = await admin(shop, ['refund', 'approve', String(orderId)]);
      expect(approved.out).toContain('credited');
      await page.goto(tg.launchUrl(paths.myPurchases.href(-2)));
      await expect
        .poll(() => page.getByTestId('card-refund').first().textContent())
        .toContain(text.refund.state.refunded);
      await screenshot(page, name('refunded'));
      await expectAccessible(page, 'orders-refunded');
      const after = (await server<{ balance: string }>('user.getUserInfo', token)).balance;
      expect(Number(after) * 100).toBe(Math.round(Number(paidBalance) * 100 + Number(most) * 100));

      // The wallet's statement names each entry as the shopper knows it: the refund and the payment
      // by the order's number (either opens the order), the operator's credit by its reason.
      const { orderSn } = await callEndpoint<{ orderSn: string }>(shop.url, 'order.detail', {
        token,
        lang: 'en-US',
        query: { order_id: String(orderId) },
      });
      await page.goto(tg.launchUrl(paths.bill.href()));
      const entries = screenNow(page).getByTestId('bill-entry');
      await expect.poll(() => entries.count()).toBe(3);
      expect(await screenNow(page).getByTestId('bill-kind').allTextContents()).toEqual([
        text.walletScreens.kind.refund,
        text.walletScreens.kind.payment,
        text.walletScreens.kind.adjustment,
      ]);
      const order = text.walletScreens.ref.order.replace('{{label}}', orderSn);
      expect(await screenNow(page).getByTestId('bill-ref').allTextContents()).toEqual([order, order, 'e2e']);
      expect(await overflowing(page)).toEqual([]);
      // The amounts end on one edge, whatever their length.
      const rights = await screenNow(page)
        .getByTestId('bill-amount')
        .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().right)));
      expect(new Set(rights).size).toBe(1);
      await screenshot(page, name('bill'));
      await expectAccessible(page, 'bill');
      await entries.first().click();
      await waitForPath(page, paths.orderInfo.href(orderId));
    } finally {
      await tg.close();
    }
  }, 180_000);
});
