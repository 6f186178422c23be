import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '@common/api/routes';
import type { Lang } from '../../common/languages';
import { parseAmount, toAmount } from '../../common/money';
import { ORDER_STATUS } from '../../common/order-status';
import { paths } from '../../common/paths';
import { TEST_ADDRESS_BODY } from '../support/address';
import { expectAccessible } from './support/axe';
import { releaseChromium, workerChromium, screenshot } from './support/browser';
import {
  callEndpoint,
  confirmPopup,
  cutTextsOnScreen,
  expectReadable,
  journeyShoppers,
  journeyVariant,
  plainProducts,
  setFirstPayPassword,
  typeOnPad,
  type Envelope,
  type Product,
} from './support/journey';
import { admin } from './support/operator';
import { screenNow } from './support/screen-checks';
import { E2E_BOT_TOKEN, workerShop, type RunningShop } from './support/shop';
import { locale, waitForPath, waitForTitle } from './support/shop-api';
import {
  biometricToken,
  giveBiometrics,
  pressMain,
  pressSecondary,
  sessionToken,
  signInitData,
  TG_USER,
  tgEmit,
  type ThemeName,
  waitForTgCall,
} from './support/telegram';

/**
 * The buying journey in Chromium against `npm start`, inside the mocked Telegram client, in light
 * English and dark German: a fresh Telegram shopper is credited $500 by the operator's command line and sets
 * a payment password; puts two shops' products into the bag from their pages; checks out with
 * Telegram's main button, adding an address on the way; pays after a wrong password; sees both orders
 * waiting delivery; the operator ships one; the shopper confirms receipt; a third order, left
 * unpaid, is cancelled from its screen. axe-core finds nothing serious on each screen on the way,
 * the payment pad's included (tests/e2e/support/axe.ts). Screenshots:
 * test-results/screenshots/buying-*.png (and the README's, 390 px wide: readme-*.png).
 */
interface OrderCard {
  id: number;
  status: number;
  total: string;
  shopId: number;
  outTradeNo: string;
}

const PAY_PASSWORD = '246810';
const WRONG_PASSWORD = '135791';

let shop: RunningShop;
let browser: Browser;
/** Products without specs, cheap enough for $500, in stock: two of different shops and a third. */
let products: [Product, Product, Product];

const server = <T>(
  name: EndpointName,
  opts: { token?: string; lang?: string; body?: unknown; query?: Record<string, string> } = {},
) => callEndpoint<T>(shop.url, name, { ...opts, lang: opts.lang ?? 'en-US' });

beforeAll(async () => {
  browser = await workerChromium();
  shop = await workerShop();
  const plain = await plainProducts(shop.url);
  const first = plain[0];
  const other = plain.find((p) => p.shopId !== first.shopId);
  const third = plain.find((p) => p !== first && p !== other);
  if (!first || !other || !third) throw new Error('the demo catalogue has no three cheap plain products');
  products = [first, other, third];
});

afterAll(async () => {
  await releaseChromium(browser);
});

/** Text for screen readers only (an order card's number) is clipped to a pixel on purpose. */
const cutTexts = (page: Page) => cutTextsOnScreen(page, { visibleOnly: true });

// One full journey per flow, the variants spread over the journey files (light English here and
// there, dark German, Russian or Thai elsewhere); every main screen in each language and theme is
// in the screen tour of tests/e2e/shopper.test.ts.
const VARIANTS: [ThemeName, Lang][] = [['light', 'en-US']];
const newShopper = journeyShoppers(() => ({ browser, shop }), TG_USER.id + 600);

describe.each(VARIANTS)('buying inside Telegram (%s, %s)', (theme, lang) => {
  const { text, money, name } = journeyVariant('buying', theme, lang);
  const readme = theme === 'light' && lang === 'en-US';

  it('two shops into the bag, checkout with a new address, a wrong then the right password, shipped, received, and a third order cancelled', async () => {
    const tg = await newShopper(lang, theme);
    const { page, user } = tg;
    try {
      // Logged in silently; the operator credits $500 by the shopper's Telegram id.
      await page.goto(tg.launchUrl(paths.profile.href()));
      await expect.poll(() => page.getByTestId('balance').textContent()).toBe(money('0.00'));
      const stored = { token: await sessionToken(page) };
      const token = stored.token;
      const credit = await admin(shop, ['credit', `tg:${user.id}`, '500', '--reason', 'e2e']);
      expect(credit.out).toContain('Credited $500.00');

      // The first payment password, proven by Telegram's fresh launch data the screen sends.
      await page.getByTestId('to-settings').click();
      await page.getByTestId('setting-security').click();
      await page.getByTestId('security-pay').click();
      await waitForPath(page, paths.changePayPwd.href());
      await setFirstPayPassword(page, text, PAY_PASSWORD);
      expect((await server<{ hasPayPassword: boolean }>('user.getUserInfo', { token })).hasPayPassword).toBe(
        true,
      );

      // Two products of two shops, each from its own page; the bag link counts them.
      const [a, b, c] = products;
      for (const [i, product] of [a, b].entries()) {
        await page.goto(tg.launchUrl(paths.detail.href(product.id)));
        await pressSecondary(page, text.cart.addToBag);
        await expect
          .poll(() => page.getByTestId('detail-bag-count').getAttribute('data-value'))
          .toBe(String(i + 1));
      }
      await page.getByTestId('detail-bag').click();
      await waitForPath(page, paths.bag.href());
      const bag = screenNow(page);
      await expect
        .poll(() => bag.locator('[data-testid^="bag-shop-"][data-testid$="-select"]').count())
        .toBe(2);
      const goods = (parseAmount(a.price) ?? 0) + (parseAmount(b.price) ?? 0);
      await expect.poll(() => bag.getByTestId('bag-total').textContent()).toBe(money(toAmount(goods)));
      expect(await cutTexts(page), 'bag').toEqual([]);
      await screenshot(page, name('bag'));
      await expectAccessible(page, 'bag');
      if (readme) await screenshot(page, 'readme-bag');

      // Check out with Telegram's main button; no address yet: add one on the way, in the form itself.
      await pressMain(page, text.cart.checkout.replace('{{count}}', '2'));
      await waitForPath(page, paths.checkout.href());
      await page.getByTestId('add-address').click();
      await waitForPath(page, paths.addressForm.href());
      const addressee = lang === 'de-DE' ? 'Jürgen Schönberger' : 'Anna Telegram';
      await page.locator('input[name="addressee"]').fill(addressee);
      await page
        .locator('input[name="mobile"]')
        .fill(lang === 'de-DE' ? '+49 30 1234567' : '+1 555 0100 200');
      await page.getByTestId('address-region-select').waitFor();
      await expect.poll(() => page.locator('select[name="region"] option').count()).toBeGreaterThan(2);
      await page.locator('select[name="region"]').selectOption(lang === 'de-DE' ? 'DE-BE' : 'US-NY');
      await page
        .locator('textarea[name="detail"]')
        .fill(
          lang === 'de-DE' ? 'Unter den Linden 77, 10117 Berlin' : '350 Fifth Avenue, New York, NY 10118',
        );
      await expectAccessible(page, 'address-form');
      // Saved, the checkout comes back with it chosen.
      await pressMain(page, text.common.save);
      await waitForPath(page, paths.checkout.href());
      expect(new URL(page.url()).searchParams.get('address_id')).toMatch(/^\d+$/);
      await expect.poll(() => page.getByTestId('address').textContent()).toContain(addressee);
      // The region by its name, not its code.
      const [where, code] =
        lang === 'de-DE' ? ['Berlin, Deutschland', 'DE-BE'] : ['New York, United States', 'US-NY'];
      expect(await page.getByTestId('address').textContent()).toContain(where);
      expect(await page.getByTestId('address').textContent()).not.toContain(code);
      await expect.poll(() => page.getByTestId('checkout-group').count()).toBe(2);
      const preview = await server<{ total: string }>('checkout.preview', { token, body: {} });
      await expect.poll(() => page.getByTestId('total').textContent()).toBe(money(preview.total));
      await waitForTitle(page, text.routes.checkout);
      expect(await cutTexts(page), 'checkout').toEqual([]);
      // The pointer of the last tap rests over the address: no hover colour in the pictures.
      await page.mouse.move(0, 0);
      await screenshot(page, name('checkout'));
      await expectAccessible(page, 'checkout');
      await screenshot(page, name('checkout-full'), { fullPage: true });
      if (readme) await screenshot(page, 'readme-checkout');

      // Submit: one order per shop, paid together on /payment.
      await pressMain(page, text.checkoutPage.submit);
      await waitForPath(page, paths.payment.pattern);
      const outTradeNo = new URL(page.url()).searchParams.get('out_trade_no');
      await expect.poll(() => page.getByTestId('pay-amount').textContent()).toBe(money(preview.total));
      await expect.poll(() => page.getByTestId('pay-balance').textContent()).toBe(money('500.00'));
      await page.getByTestId('pay-pad').waitFor();
      expect(await cutTexts(page), 'payment-pad').toEqual([]);
      await screenshot(page, name('payment-pad'));
      await expectAccessible(page, 'payment-pad');

      // A wrong password: refused with the tries left, nothing paid.
      await typeOnPad(page, WRONG_PASSWORD);
      await expect
        .poll(() => page.getByTestId('pay-failure').textContent())
        .toContain(text.errors.payPasswordWrong.replace('{{left}}', '4'));
      expect(await page.getByTestId('pay-failure').getAttribute('data-error')).toBe(
        'errors.payPasswordWrong',
      );
      expect(await cutTexts(page), 'payment-failure').toEqual([]);
      await screenshot(page, name('payment-failure'));
      await expectAccessible(page, 'payment-failure');
      expect((await server<{ balance: string }>('user.getUserInfo', { token })).balance).toBe('500.00');

      // The right one pays both orders from the balance.
      await typeOnPad(page, PAY_PASSWORD);
      await page.getByTestId('pay-success').waitFor();
      expect(await cutTexts(page), 'payment-success').toEqual([]);
      await screenshot(page, name('payment-success'));
      await expectAccessible(page, 'payment-success');
      const paid = await server<{ list: OrderCard[] }>('order.list', { token, query: { status: '1' } });
      expect(paid.list.map((o) => o.outTradeNo)).toEqual([outTradeNo, outTradeNo]);
      expect(new Set(paid.list.map((o) => o.shopId))).toEqual(new Set([a.shopId, b.shopId]));
      const totals = paid.list.reduce((sum, o) => sum + (parseAmount(o.total) ?? 0), 0);
      expect(toAmount(totals)).toBe(preview.total);
      const left = toAmount((parseAmount('500.00') ?? 0) - totals);
      expect((await server<{ balance: string }>('user.getUserInfo', { token })).balance).toBe(left);
      expect(await page.getByTestId('balance-left').textContent()).toBe(money(left));

      // Both wait for delivery under their tab.
      await pressMain(page, text.payment.viewOrders);
      await waitForPath(page, paths.myPurchases.href(ORDER_STATUS.waitingDelivery));
      const cards = screenNow(page).getByTestId('order-card');
      await expect.poll(() => cards.count()).toBe(2);
      await expect.poll(() => page.getByTestId('status-count-1').textContent()).toBe('2');
      for (const status of await screenNow(page).getByTestId('order-status').allTextContents())
        expect(status).toBe(text.orderList.status.waitingDelivery);
      // The chosen tab in full view once the counts have widened the tabs.
      const tab = await page.getByTestId('status-tab-1').boundingBox();
      expect(tab!.x).toBeGreaterThanOrEqual(0);
      expect(tab!.x + tab!.width).toBeLessThanOrEqual(page.viewportSize()!.width + 0.5);
      await expectReadable(page, ['.order-badge', '.order-card__total span']);
      expect(await cutTexts(page), 'orders').toEqual([]);
      await screenshot(page, name('orders'));
      await expectAccessible(page, 'orders');

      // The operator ships one, with a tracking event; the shopper finds it under "shipped".
      const shipped = paid.list[0];
      const tracking = `JD0146${String(user.id).slice(-6)}`;
      const ship = await admin(shop, ['ship', String(shipped.id), 'DHL', tracking, '--operator', 'e2e-ops'], {
        npm: true,
      });
      expect(ship.out).toContain(`shipped with DHL ${tracking}`);
      await admin(shop, ['track', String(shipped.id), 'Arrived at the Leipzig hub']);
      await page.getByTestId('status-tab-2').click();
      await waitForPath(page, paths.myPurchases.href(ORDER_STATUS.delivered));
      const delivered = screenNow(page).locator(`[data-testid="order-card"][data-order-id="${shipped.id}"]`);
      await delivered.waitFor();
      expect(await screenNow(page).getByTestId('order-card').count()).toBe(1);
      await delivered.locator('.order-card__body').click();
      await waitForPath(page, paths.orderInfo.href(shipped.id));
      await expect
        .poll(() => screenNow(page).getByTestId('order-status').textContent())
        .toBe(text.orderList.status.delivered);
      expect(await page.getByTestId('status-header').textContent()).toContain(text.orderInfo.hint.delivered);
      expect(await page.getByTestId('tracks').textContent()).toContain('Arrived at the Leipzig hub');
      // The shop shipped it; which operator did is the shop's own business.
      expect(await page.getByTestId('events').textContent()).toContain(text.orderInfo.actor.operator);
      expect(await screenNow(page).textContent()).not.toContain('e2e-ops');
      await page.getByText(tracking, { exact: true }).first().waitFor();
      await expectReadable(page, [
        '.order-status__hint',
        '[data-testid="tracks"] .order-timeline__meta',
        '[data-testid="events"] .order-timeline__meta',
      ]);
      expect(await cutTexts(page), 'order').toEqual([]);
      await screenshot(page, name('order'));
      await expectAccessible(page, 'order');
      await screenshot(page, name('order-full'), { fullPage: true });
      if (readme) {
        // The README's picture: from the address down to the carrier and the logistics timeline.
        await page.getByTestId('status-header').evaluate((el) => el.nextElementSibling?.scrollIntoView());
        await screenshot(page, 'readme-order');
      }

      // Confirm receipt with the main button, answering Telegram's confirmation popup.
      await pressMain(page, text.orderList.confirmReceipt);
      await confirmPopup(page, text.orderList.receiveConfirm);
      await expect
        .poll(() => screenNow(page).getByTestId('order-status').textContent())
        .toBe(text.orderList.status.received);
      const received = await server<{ status: number }>('order.detail', {
        token,
        query: { order_id: String(shipped.id) },
      });
      expect(received.status).toBe(ORDER_STATUS.received);
      await tgEmit(page, 'back_button_pressed');
      await waitForPath(page, paths.myPurchases.href(ORDER_STATUS.delivered));
      await page.getByTestId('status-tab-3').click();
      await screenNow(page).locator(`[data-testid="order-card"][data-order-id="${shipped.id}"]`).waitFor();

      // A third order, bought now and left unpaid, is cancelled from its own screen.
      await page.goto(tg.launchUrl(paths.detail.href(c.id)));
      await pressMain(page, text.cart.buyNow);
      await waitForPath(page, paths.checkout.href());
      await expect.poll(() => page.getByTestId('address').textContent()).toContain(addressee);
      await pressMain(page, text.checkoutPage.submit);
      await waitForPath(page, paths.payment.pattern);
      await page.getByTestId('pay-pad').waitFor();
      // Left unpaid: back is the order, which says until when it waits; back again, the product.
      await tgEmit(page, 'back_button_pressed');
      const waiting = await server<{ list: OrderCard[] }>('order.list', { token, query: { status: '0' } });
      expect(waiting.list).toHaveLength(1);
      await waitForPath(page, paths.orderInfo.href(waiting.list[0].id));
      await expect
        .poll(() => screenNow(page).getByTestId('order-status').textContent())
        .toBe(text.orderList.status.waitingPay);
      expect(await page.getByTestId('status-header').textContent()).toContain(
        text.orderInfo.payBefore.split('{{time}}')[0],
      );
      await tgEmit(page, 'back_button_pressed');
      await waitForPath(page, paths.detail.href(c.id));
      await page.goto(tg.launchUrl(paths.profile.href()));
      await expect.poll(() => page.getByTestId('balance').textContent()).toBe(money(left));
      await page.getByTestId(`orders-${ORDER_STATUS.waitingPay}`).click();
      await waitForPath(page, paths.myPurchases.href(ORDER_STATUS.waitingPay));
      const unpaid = screenNow(page).getByTestId('order-card');
      await expect.poll(() => unpaid.count()).toBe(1);
      const unpaidId = Number(await unpaid.getAttribute('data-order-id'));
      await unpaid.getByTestId('order-view').click();
      await waitForPath(page, paths.orderInfo.href(unpaidId));
      await page.getByTestId('order-cancel').click();
      await confirmPopup(page, text.orderList.cancelConfirm);
      await expect
        .poll(() => screenNow(page).getByTestId('order-status').textContent())
        .toBe(text.orderList.status.cancelled);
      const cancelled = await server<{ status: number }>('order.detail', {
        token,
        query: { order_id: String(unpaidId) },
      });
      expect(cancelled.status).toBe(ORDER_STATUS.cancelled);
      // Cancelling an unpaid order moves no money.
      expect((await server<{ balance: string }>('user.getUserInfo', { token })).balance).toBe(left);
      expect(tg.errors).toEqual([]);
    } finally {
      await tg.close();
    }
  }, 300_000);
});

describe('paying with Face ID inside Telegram (dark, German)', () => {
  const text = locale('de-DE');

  /** A new unpaid order of one product for `token`, made through the API: its checkout number. */
  async function orderOf(token: string): Promise<string> {
    await server('cart.add', { token, body: { product_id: products[2].id, num: 1 } });
    const res = await fetch(`${shop.url}/api/order/merSubmit`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: '{}',
    });
    const answer = (await res.json()) as Envelope<{ outTradeNo: string }>;
    expect(answer.code).toBe(1);
    return answer.data.outTradeNo;
  }

  it('offered after a payment with the password, asked at the next one, listed on /security', async () => {
    const tg = await newShopper('de-DE', 'dark');
    const { page, user } = tg;
    try {
      await page.goto(tg.launchUrl(paths.profile.href()));
      const token = await sessionToken(page);
      await giveBiometrics(page);
      await admin(shop, ['credit', `tg:${user.id}`, '100', '--reason', 'e2e']);
      await server('user.resetPay', {
        token,
        body: { newpassword: PAY_PASSWORD, init_data: signInitData(E2E_BOT_TOKEN, user) },
      });
      await server('address.save', { token, body: TEST_ADDRESS_BODY });

      // The first payment with the six digits; then "Pay with Face ID next time?", yes.
      await page.goto(tg.launchUrl(paths.payment.href({ out_trade_no: await orderOf(token) })));
      await typeOnPad(page, PAY_PASSWORD);
      await confirmPopup(page, text.payment.bioOffer.replace('{{kind}}', text.payment.bioKind.face));
      await expect.poll(() => biometricToken(page)).not.toBe('');

      // The next payment asks for the face as it opens; not recognised, the keypad stays beside a
      // button to try again, which pays once the face is recognised.
      await giveBiometrics(page, { recognised: false });
      await page.goto(tg.launchUrl(paths.payment.href({ out_trade_no: await orderOf(token) })));
      const again = page.getByTestId('pay-bio');
      await expect.poll(() => again.textContent()).toBe(text.payment.bioPay.replace('{{kind}}', 'Face ID'));
      await waitForTgCall(page, 'web_app_biometry_request_auth');
      await screenshot(page, 'biometrics-payment-dark-de');
      await giveBiometrics(page);
      await again.click();
      await expect.poll(() => page.getByTestId('pay-success').count()).toBe(1);

      // /security lists the phone, with its last payment.
      await page.goto(tg.launchUrl(paths.security.href()));
      const devices = page.getByTestId('pay-devices');
      await expect.poll(() => devices.textContent()).toContain('Face ID · Android');
      expect(await devices.textContent()).toContain(text.security.bioUsed.split('{{date}}')[0]);
      await screenshot(page, 'biometrics-security-dark-de');
      expect(tg.errors).toEqual([]);
    } finally {
      await tg.close();
    }
  }, 120_000);
});
