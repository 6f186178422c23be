import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '@common/api/routes';
import type { Lang } from '../../common/languages';
import { paths } from '../../common/paths';
import { releaseChromium, workerChromium, screenshot } from './support/browser';
import type { FakeBotApi } from './support/fake-bot-api';
import {
  callEndpoint,
  cutTextsOnScreen,
  expectReadable,
  journeyShoppers,
  journeyVariant,
  orderThroughApi,
} from './support/journey';
import { admin } from './support/operator';
import { screenNow } from './support/screen-checks';
import { WORKER_SHOP_SETTINGS, workerBotApi, workerShop, type RunningShop } from './support/shop';
import { waitForPath, waitForTitle } from './support/shop-api';
import type { TelegramTestUser } from '../support/telegram';
import {
  pressMain,
  scanQr,
  sessionToken,
  TG_USER,
  tgEmit,
  type ThemeName,
  waitForTgCall,
} from './support/telegram';

/**
 * The top-up journeys in Chromium against `npm start`, inside the mocked Telegram client, in
 * light English and dark Thai: from the bill's Top up button to /topUp; an on-chain top-up with a picture,
 * passed by the operator's command line, the balance up in the bill; the bank transfer screen once
 * the operator has set the shop's bank account (`bank set`); a card top-up whose invoice
 * Telegram closes as paid, credited by the real bot on the successful payment that the fake Bot API
 * delivers. Screenshots: test-results/screenshots/topup-*.png.
 */
/** The worker's shop has a payment provider (WORKER_SHOP_SETTINGS). */
const PROVIDER = WORKER_SHOP_SETTINGS.PAYMENT_PROVIDER_TOKEN;
const TRC20_FROM = 'TQmQmQmQmQmQmQmQmQmQmQmQmQmQmQmQmx';

let bot: FakeBotApi;
let shop: RunningShop;
let browser: Browser;
let evidence: Buffer;

beforeAll(async () => {
  browser = await workerChromium();
  shop = await workerShop();
  bot = await workerBotApi();
  evidence = await sharp({ create: { width: 320, height: 480, channels: 3, background: '#2e7d32' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await releaseChromium(browser);
});

/** Texts on the screen shown that do not fit their box (cut or clipped); an address is in `code`. */
const cutTexts = (page: Page) =>
  cutTextsOnScreen(page, { tags: 'h1, h2, h3, p, span, strong, label, button, a, code' });

/** A call with a body is a POST with a new idempotency key. */
const api = <T>(name: EndpointName, token: string, body?: object) =>
  callEndpoint<T>(shop.url, name, { token, lang: 'en-US', body });

/** The invoice the bot made for the card payment that `press` asked for, and the app's call opening it. */
async function invoiceOpened(page: Page, press: () => Promise<void>) {
  const before = bot.calls.filter((c) => c.method === 'createInvoiceLink').length;
  await press();
  const opened = await waitForTgCall(page, 'web_app_open_invoice');
  const created = bot.calls.filter((c) => c.method === 'createInvoiceLink')[before];
  return { created, opened };
}

/**
 * Telegram's side of a card payment of `cents` by `payer` for the invoice with `payload`, as the
 * bot receives it; `tag` keeps the query's and the charge's ids apart from other payments'.
 */
function cardPayment(payer: TelegramTestUser, tag: string, payload: unknown, cents: number) {
  const from = {
    id: payer.id,
    is_bot: false,
    first_name: payer.first_name,
    language_code: payer.language_code,
  };
  const queryId = `pcq-${tag}-${payer.id}`;
  return {
    /** Telegram asks the bot before it charges; the bot must say yes. */
    async checkedOut(): Promise<void> {
      bot.pushUpdate({
        pre_checkout_query: {
          id: queryId,
          from,
          currency: 'USD',
          total_amount: cents,
          invoice_payload: payload,
        },
      });
      const answered = await bot.waitFor(
        'answerPreCheckoutQuery',
        (c) => c.params.pre_checkout_query_id === queryId,
      );
      expect(answered.params.ok).toBe(true);
    },
    /** Telegram tells the bot, in the payer's chat, that the charge went through. */
    charged(): void {
      bot.pushUpdate({
        message: {
          message_id: 1,
          date: Math.floor(Date.now() / 1000),
          chat: { id: payer.id, type: 'private', first_name: payer.first_name },
          from,
          successful_payment: {
            currency: 'USD',
            total_amount: cents,
            invoice_payload: payload,
            telegram_payment_charge_id: `tg-${tag}-charge-${payer.id}`,
            provider_payment_charge_id: `provider-${tag}-${payer.id}`,
          },
        },
      });
    },
  };
}

// One full journey per flow, the variants spread over the journey files (light English here and
// there, dark German, Russian or Thai elsewhere); the main screens in four languages and both themes
// are in the screen tour (tests/e2e/support/screen-tour.ts).
const VARIANTS: [ThemeName, Lang][] = [['dark', 'th-TH']];
const newShopper = journeyShoppers(() => ({ browser, shop }), TG_USER.id + 900);

describe.each(VARIANTS)('topping up inside Telegram (%s, %s)', (theme, lang) => {
  const { text, money, name } = journeyVariant('topup', theme, lang);

  it('on-chain with a picture, passed by the operator; then by card, credited by the bot', async () => {
    const tg = await newShopper(lang, theme);
    const { page, user } = tg;
    try {
      // Logged in silently on the profile; the bill's Top up button leads to the three ways.
      await page.goto(tg.launchUrl(paths.profile.href()));
      await expect.poll(() => page.getByTestId('balance').textContent()).toBe(money('0.00'));
      await page.goto(tg.launchUrl(paths.bill.href()));
      await expect
        .poll(() => page.getByTestId('bill-balance').textContent(), { timeout: 15_000 })
        .toBe(money('0.00'));
      const token = await sessionToken(page);
      await screenNow(page).getByRole('button', { name: text.walletScreens.topUp, exact: true }).click();
      await waitForPath(page, paths.topUp.href());
      await page.getByTestId('way-card').waitFor();
      await expect.poll(() => page.getByTestId('topup-balance').textContent()).toBe(money('0.00'));
      expect(await page.getByTestId('way-chain').textContent()).toContain(text.topUp.ways.chain.time);
      expect(await page.getByTestId('card-unavailable').count()).toBe(0);
      // The demo shop has no bank account yet: the bank way says so.
      expect(await page.getByTestId('manual-unavailable').textContent()).toBe(
        text.topUp.ways.manual.unavailable,
      );
      expect(await cutTexts(page)).toEqual([]);
      await expectReadable(page, ['[data-testid="way-chain"]', '[data-testid="topup-balance"]']);
      await screenshot(page, name('ways'));

      // On-chain: the network's address and QR code, then the form with a picture.
      await page.getByTestId('way-chain').click();
      await waitForPath(page, paths.walletTopUp.href());
      await page.getByTestId('network').selectOption({ label: 'USDT-TRC20' });
      await page.getByTestId('deposit-qr').waitFor();
      expect(await page.getByTestId('deposit-address').textContent()).toBe(
        'DEMO-TRC20-not-a-real-address-do-not-send',
      );
      expect(await page.getByTestId('dex-warning').textContent()).toBe(text.topUp.form.warning);
      await expectReadable(page, ['[data-testid="dex-warning"]', '[data-testid="deposit-address"]']);
      await screenshot(page, name('chain'));
      // Nothing filled in: each field says what it needs, nothing is sent.
      await pressMain(page, text.topUp.form.submit);
      await expect
        .poll(() => page.getByTestId('error-amount').textContent())
        .toBe(text.topUp.errors.amountNotPositive);
      expect(await page.getByTestId('error-evidence').textContent()).toBe(text.topUp.errors.evidenceRequired);
      await page.locator('input[name="amount"]').fill('25.50');
      // The sending address from the wallet's QR code (a payment link), through Telegram's scanner.
      await scanQr(page, page.getByTestId('scan-from-address'), `tron:${TRC20_FROM}?amount=25.5`);
      await expect.poll(() => page.locator('input[name="from_address"]').inputValue()).toBe(TRC20_FROM);
      await page.getByTestId('evidence-input').setInputFiles({
        name: 'transfer.png',
        mimeType: 'image/png',
        buffer: evidence,
      });
      await page.getByTestId('evidence-preview').waitFor();
      await expect
        .poll(() =>
          page.getByTestId('evidence-preview').evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
      expect(await cutTexts(page)).toEqual([]);
      await screenshot(page, name('chain-form'), { fullPage: true });
      await pressMain(page, text.topUp.form.submit);
      await page.getByTestId('topup-done').waitFor();
      const log = await api<{ list: { id: number; status: number; amount: string }[] }>(
        'wallet.rechargeLog',
        token,
      );
      expect(log.list).toMatchObject([{ status: 0, amount: '25.50' }]);
      const rechargeId = log.list[0].id;
      expect(await page.getByTestId('topup-done').textContent()).toContain(`#${rechargeId}`);
      await screenshot(page, name('chain-done'));

      // The operator passes it with the amount that arrived; the bill shows it.
      const passed = await admin(shop, ['recharge', 'pass', String(rechargeId)]);
      expect(passed.out).toContain('$25.50 credited');
      await page.goto(tg.launchUrl(paths.bill.href()));
      await expect.poll(() => page.getByTestId('bill-balance').textContent()).toBe(money('25.50'));
      expect(await page.getByTestId('bill-kind').first().textContent()).toBe(text.walletScreens.kind.topup);
      expect(await page.getByTestId('bill-amount').first().textContent()).toBe(`+${money('25.50')}`);

      // The operator sets the shop's bank account; the bank transfer screen has its own title and
      // shows it with copy buttons and this shopper's reference.
      await admin(shop, [
        'bank',
        'set',
        '--holder',
        'SHOP Demo Ltd',
        '--bank',
        'Example Bank',
        '--account',
        'DE89 3704 0044 0532 0130 00',
        '--swift',
        'DEUTDEFF',
        '--note',
        'USD or EUR; arrives in 1-2 business days',
      ]);
      const { id: userId } = await api<{ id: number }>('user.getUserInfo', token);
      await tg.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.url });
      await page.goto(tg.launchUrl(paths.walletTopUp.manual()));
      await waitForTitle(page, text.routes.bankTopUp);
      expect(await page.getByTestId('page-title').textContent()).toBe(text.routes.bankTopUp);
      expect(await page.getByTestId('bank-account').textContent()).toBe('DE89 3704 0044 0532 0130 00');
      expect(await page.getByTestId('bank-reference').textContent()).toBe(`TOPUP-${userId}`);
      expect(await page.getByTestId('bank-note').textContent()).toBe(
        'USD or EUR; arrives in 1-2 business days',
      );
      await page.getByTestId('copy-reference').click();
      await expect.poll(() => page.getByTestId('toast').textContent()).toBe(text.common.copied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`TOPUP-${userId}`);
      expect(await cutTexts(page)).toEqual([]);
      await expectReadable(page, [
        '[data-testid="bank-account"]',
        '[data-testid="bank-reference"]',
        '[data-testid="bank-note"]',
      ]);
      await screenshot(page, name('bank'), { fullPage: true });

      // By card: the invoice opens in Telegram; Telegram asks the bot, charges, and the bot credits.
      await page.goto(tg.launchUrl(paths.cardTopUp.href()));
      await page.locator('input[name="amount"]').fill('15');
      expect(await cutTexts(page)).toEqual([]);
      await screenshot(page, name('card'));
      const { created, opened } = await invoiceOpened(page, () => pressMain(page, text.topUp.card.pay));
      expect(created.params).toMatchObject({ currency: 'USD', provider_token: PROVIDER });
      expect(String(created.params.payload)).toMatch(/^recharge:\d+$/);
      expect(opened.params?.slug).toMatch(/^e2e-invoice-\d+$/);
      const payment = cardPayment(user, 'topup', created.params.payload, 1500);
      await payment.checkedOut();
      await tgEmit(page, 'invoice_closed', { slug: opened.params?.slug, status: 'paid' });
      await expect.poll(() => page.getByTestId('card-result').textContent()).toBe(text.topUp.card.paid);
      payment.charged();
      await expect
        .poll(() => page.getByTestId('card-result').textContent(), { timeout: 20_000 })
        .toBe(
          text.topUp.card.credited
            .replace('{{amount}}', money('15.00'))
            .replace('{{balance}}', money('40.50')),
        );
      await bot.waitFor('sendMessage', (c) => c.params.chat_id === user.id);
      expect(await cutTexts(page)).toEqual([]);
      await screenshot(page, name('card-paid'));
      await page.goto(tg.launchUrl(paths.bill.href()));
      await expect.poll(() => page.getByTestId('bill-balance').textContent()).toBe(money('40.50'));
      expect(tg.errors).toEqual([]);
    } finally {
      await tg.close();
    }
  });
  it('orders paid by card in one step: the invoice beside the keypad, paid through the bot, the success screen', async () => {
    const tg = await newShopper(lang, theme);
    const { page, user } = tg;
    try {
      await page.goto(tg.launchUrl(paths.profile.href()));
      await expect.poll(() => page.getByTestId('balance').textContent()).toBe(money('0.00'));
      const token = await sessionToken(page);
      const submitted = await orderThroughApi(shop.url, token, {
        addressee: 'Somchai Jaidee',
        mobile: '+66 2 123 4567',
        country: 'TH',
        region: 'TH-10',
        detail: '99 Sukhumvit Road',
        tag: 'home',
        is_default: true,
      });

      // No payment password and no balance: the card pays all the same.
      await page.goto(tg.launchUrl(paths.payment.href({ out_trade_no: submitted.outTradeNo })));
      const card = page.getByTestId('pay-card');
      await expect
        .poll(() => card.textContent())
        .toBe(text.payment.card.pay.replace('{{amount}}', money(submitted.total)));
      expect(await cutTexts(page)).toEqual([]);
      await expectReadable(page, ['[data-testid="pay-card"]']);
      await screenshot(page, name('order-card'));
      const { created, opened } = await invoiceOpened(page, () => card.click());
      const cents = Math.round(Number(submitted.total) * 100);
      expect(created.params).toMatchObject({
        currency: 'USD',
        provider_token: PROVIDER,
        prices: [{ label: text.checkout.cardInvoice.label, amount: cents }],
      });
      const payment = cardPayment(user, 'order', created.params.payload, cents);
      await payment.checkedOut();
      await tgEmit(page, 'invoice_closed', { slug: opened.params?.slug, status: 'paid' });
      await page.getByTestId('card-settling').waitFor();
      payment.charged();
      await page.getByTestId('pay-success').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('paid').textContent()).toBe(money(submitted.total));
      expect(await page.getByTestId('balance-left').textContent()).toBe(money('0.00'));
      const told = await bot.waitFor('sendMessage', (c) => c.params.chat_id === user.id);
      expect(told.params.text).toContain(money(submitted.total));
      expect(await cutTexts(page)).toEqual([]);
      await screenshot(page, name('order-card-paid'));
      expect(tg.errors).toEqual([]);
    } finally {
      await tg.close();
    }
  });
});
