import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '@common/api/routes';
import type { Lang } from '../../common/languages';
import { toAmount } from '../../common/money';
import { paths } from '../../common/paths';
import { withdrawalFee } from '../../common/wallet';
import { releaseChromium, workerChromium, screenshot } from './support/browser';
import {
  callEndpoint,
  cutTextsOnScreen,
  typeOnPad,
  journeyShoppers,
  journeyVariant,
} from './support/journey';
import { admin } from './support/operator';
import { screenNow } from './support/screen-checks';
import { E2E_BOT_TOKEN, workerShop, type RunningShop } from './support/shop';
import { waitForPath } from './support/shop-api';
import { pressMain, scanQr, sessionToken, signInitData, TG_USER, type ThemeName } from './support/telegram';

/**
 * A withdrawal in Chromium against `npm start`, inside the mocked Telegram client, in
 * light English and dark Thai: the operator credits a fresh Telegram shopper $300 from the command line;
 * the shopper withdraws to a new bank card with the fee shown before sending; the card comes back
 * as its last four digits only; the operator refuses the withdrawal with `npm run admin -- withdraw
 * refuse`; the money is back (balance and bill) and the record says refused with the reason.
 * Screenshots: test-results/screenshots/withdraw-*.png.
 */
const PAY_PASSWORD = '246810';
const CARD = '4242 4242 4242 4242';
const TRC20 = 'TQmQmQmQmQmQmQmQmQmQmQmQmQmQmQmQmx';
const REASON = 'The card is not accepted';
/** A screen opened by a fresh page load: the app starts, logs in and loads (slow on a busy machine). */
const LOAD = { timeout: 20_000 };

let shop: RunningShop;
let browser: Browser;

const server = <T>(name: EndpointName, opts: { token: string; body?: unknown }) =>
  callEndpoint<T>(shop.url, name, opts);

beforeAll(async () => {
  browser = await workerChromium();
  shop = await workerShop();
});

afterAll(async () => {
  await releaseChromium(browser);
});

const cutTexts = (page: Page) => cutTextsOnScreen(page);

/** The screen's text and its inputs' values: where a card number could be shown back. */
const shownText = (page: Page) =>
  screenNow(page).evaluate((root) =>
    [root.textContent ?? '', ...[...root.querySelectorAll('input')].map((i) => i.value)].join('\n'),
  );

// One full journey per flow, the variants spread over the journey files (light English here and
// there, dark German, Russian or Thai elsewhere); every main screen in each language and theme is
// in the screen tour of tests/e2e/shopper.test.ts.
const VARIANTS: [ThemeName, Lang][] = [['light', 'en-US']];
const newShopper = journeyShoppers(() => ({ browser, shop }), TG_USER.id + 1500);

describe.each(VARIANTS)('withdrawing inside Telegram (%s, %s)', (theme, lang) => {
  const { text, money, name } = journeyVariant('withdraw', theme, lang);

  it('to a new bank card, refused by the operator, the money back in the balance and the bill', async () => {
    const tg = await newShopper(lang, theme);
    const { page, user } = tg;
    try {
      await page.goto(tg.launchUrl(paths.profile.href()));
      await expect.poll(() => page.getByTestId('balance').textContent(), LOAD).toBe(money('0.00'));
      const stored = { token: await sessionToken(page) };
      const token = stored.token;
      const credit = await admin(shop, ['credit', `tg:${user.id}`, '300', '--reason', 'e2e']);
      expect(credit.out).toContain('Credited $300.00');
      await server('user.resetPay', {
        token,
        body: { newpassword: PAY_PASSWORD, init_data: signInitData(E2E_BOT_TOKEN, user) },
      });

      // The bill shows the credit; its Withdraw button opens the screen.
      await page.goto(tg.launchUrl(paths.bill.href()));
      await expect.poll(() => page.getByTestId('bill-balance').textContent(), LOAD).toBe(money('300.00'));
      await screenNow(page).getByRole('button', { name: text.walletScreens.withdraw }).click();
      await waitForPath(page, paths.withDraw.href());
      await expect.poll(() => page.getByTestId('withdraw-balance').textContent(), LOAD).toBe(money('300.00'));

      // A new card: the fee, what arrives and what leaves the balance, before anything is sent.
      const form = screenNow(page);
      await form.locator('input[name="bankName"]').fill('Kasikorn Bank');
      await form.locator('input[name="holder"]').fill(lang === 'th-TH' ? 'สมชาย ใจดี' : 'Anna Telegram');
      await form.locator('input[name="cardNumber"]').fill(CARD);
      await form.locator('input[name="amount"]').fill('120');
      const fee = withdrawalFee(12_000, { rateBps: 100, min: 100 });
      await expect.poll(() => page.getByTestId('withdraw-fee').textContent()).toBe(money(toAmount(fee)));
      expect(await page.getByTestId('withdraw-total').textContent()).toBe(money(toAmount(12_000 + fee)));
      await page.mouse.move(0, 0);
      expect(await cutTexts(page), 'bank').toEqual([]);
      await screenshot(page, name('bank'));

      await pressMain(page, text.withdraw.continue);
      await expect
        .poll(() => page.getByTestId('confirm-destination').textContent())
        .toBe('Kasikorn Bank •••• 4242');
      await page.getByTestId('pay-pad').waitFor();
      expect(await shownText(page)).not.toMatch(/4242[\s-]?4242[\s-]?4242/);
      expect(await cutTexts(page), 'confirm').toEqual([]);
      await screenshot(page, name('confirm'));
      await typeOnPad(page, PAY_PASSWORD);
      await page.getByTestId('withdraw-done').waitFor();
      expect(await page.getByTestId('done-balance').textContent()).toBe(
        money(toAmount(30_000 - 12_000 - fee)),
      );
      expect(await shownText(page)).not.toMatch(/4242[\s-]?4242[\s-]?4242/);
      expect(await cutTexts(page), 'done').toEqual([]);
      await screenshot(page, name('done'));

      // Its record, marked, waiting for review.
      await page.getByTestId('done-record').click();
      await waitForPath(page, paths.depositRecord.href());
      const id = new URL(page.url()).searchParams.get('id') ?? '';
      expect(id).toMatch(/^\d+$/);
      await expect
        .poll(() => screenNow(page).getByTestId('record-focus').getByTestId('record-status').textContent())
        .toBe(text.walletScreens.records.status.auditing);

      // Back on the screen: the card is saved, shown as its last four digits; and the chain form.
      await page.goto(tg.launchUrl(paths.withDraw.href()));
      await expect
        .poll(() => page.getByTestId('withdraw-balance').textContent(), LOAD)
        .toBe(money(toAmount(30_000 - 12_000 - fee)));
      await expect
        .poll(() => screenNow(page).getByTestId('payout-label').textContent())
        .toBe('Kasikorn Bank •••• 4242');
      expect(await shownText(page)).not.toMatch(/4242[\s-]?4242[\s-]?4242/);
      expect(await cutTexts(page), 'saved').toEqual([]);
      await screenshot(page, name('saved'));
      await page.getByTestId('withdraw-type-chain').click();
      await page.getByTestId('network-select').selectOption({ label: 'USDT-TRC20' });
      // An address of another network scanned says so and fills nothing; the right one fills it.
      await scanQr(page, screenNow(page).getByTestId('scan-address'), `0x${'7f'.repeat(20)}`);
      await expect
        .poll(() => screenNow(page).getByTestId('scan-problem-address').textContent())
        .toBe(
          text.scan.otherNetwork.replaceAll('{{network}}', 'USDT-ERC20').replace('{{chosen}}', 'USDT-TRC20'),
        );
      expect(await cutTexts(page), 'scan problem').toEqual([]);
      await screenshot(page, name('scan-problem'));
      await scanQr(page, screenNow(page).getByTestId('scan-address'), TRC20);
      await expect.poll(() => screenNow(page).locator('input[name="address"]').inputValue()).toBe(TRC20);
      expect(await screenNow(page).getByTestId('scan-problem-address').count()).toBe(0);
      await screenNow(page).locator('input[name="amount"]').fill('50');
      await expect.poll(() => page.getByTestId('withdraw-fee').textContent()).toBe(money('1.00'));
      await page.mouse.move(0, 0);
      expect(await cutTexts(page), 'chain').toEqual([]);
      await screenshot(page, name('chain'));

      // The operator refuses it: amount + fee return to the balance.
      const refused = await admin(shop, ['withdraw', 'refuse', id, '--reason', REASON]);
      expect(refused.out).toContain(`Withdrawal ${id} refused`);
      await page.goto(tg.launchUrl(paths.bill.href()));
      await expect.poll(() => page.getByTestId('bill-balance').textContent(), LOAD).toBe(money('300.00'));
      await expect.poll(() => page.getByTestId('bill-frozen').textContent()).toBe(money('0.00'));
      const kinds = await screenNow(page).getByTestId('bill-kind').allTextContents();
      expect(kinds).toContain(text.walletScreens.kind.withdraw_return);
      expect(kinds).toContain(text.walletScreens.kind.withdraw_hold);

      await page.goto(tg.launchUrl(`${paths.depositRecord.href()}?id=${id}`));
      const record = screenNow(page).getByTestId('record-focus');
      await expect
        .poll(() => record.getByTestId('record-status').textContent(), LOAD)
        .toBe(text.walletScreens.records.status.refused);
      expect(await record.getByTestId('record-reason').textContent()).toContain(REASON);
      expect(await shownText(page)).not.toMatch(/4242[\s-]?4242[\s-]?4242/);
      const info = await server<{ balance: string; frozen: string }>('wallet.extractInfo', { token });
      expect(info).toMatchObject({ balance: '300.00', frozen: '0.00' });
      expect(tg.errors).toEqual([]);
    } finally {
      await tg.close();
    }
  }, 300_000);
});
