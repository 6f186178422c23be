import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EndpointName } from '../../common/api/routes';
import { formatMoney, toAmount } from '../../common/money';
import { paths } from '../../common/paths';
import de from '../../locales/de-DE.json';
import { addresses, botChats, idempotencyKeys, orders, recharges, users } from '../../server/db/schema';
import { createPromo } from '../../server/modules/checkout/promo';
import { moveMoney } from '../../server/modules/wallet/ledger';
import { cardPayments } from '../../server/telegram/bot-host';
import { formatDateTime } from '../../src/features/orders/lib/format';
import { TEST_ADDRESS_BODY } from '../support/address';
import { TEST_BOT_TOKEN } from '../support/app';
import type { TelegramTestUser } from '../support/telegram';
import { fakeBotApi } from '../server/support/fake-bot-api';
import { makeProduct, makeShop, type TestProduct } from '../server/support/orders-fixture';
import { at } from './support/page';
import { useRealServer } from './support/server';
import { startApp } from './support/start-app';
import { fakeTelegram, type FakeTelegram, sdkOfEachTest } from './support/telegram-client';

const sdk = sdkOfEachTest();

/**
 * Checkout and payment inside a (mocked) Telegram client against the real server: the
 * preview by shop with its totals, Telegram's main button submitting with an Idempotency-Key, the
 * six-digit pad paying with a wrong then the right password, and the failures with their way on
 * (top up by the shortfall, set the payment password), and back from a payment left unpaid going to
 * the orders it made. The shopper speaks German.
 */
const botApi = await fakeBotApi();
// A payment provider (its invoices made by a stand-in Bot API): the payment screen offers cards too.
const server = useRealServer({
  PAYMENT_PROVIDER_TOKEN: '284685063:TEST:fake',
  TELEGRAM_API_ROOT: botApi.url,
});
afterAll(() => botApi.close());
const db = () => server.api.database.db;
const money = (cents: number) => formatMoney(toAmount(cents), 'de-DE');
const PAY_PASSWORD = '135790';

let kettle: TestProduct;
let lamp: TestProduct;
beforeAll(async () => {
  kettle = await makeProduct(db(), await makeShop(db(), 'Kettle Shop'), {
    title: 'Blue kettle',
    price: 2500,
    stock: 500,
  });
  lamp = await makeProduct(db(), await makeShop(db(), 'Lamp Shop'), {
    title: 'Desk lamp',
    price: 4000,
    stock: 500,
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

let nextTgId = 7_300_000_000;

interface Shopper {
  tg: FakeTelegram;
  token: string;
  userId: number;
  telegramId: number;
}

/**
 * A Telegram shopper (German) with a session of its own for arranging things through the API:
 * `funds` in cents credited by an operator adjustment, a payment password, a default address,
 * and the bag holding one kettle and two lamps (two shops), all selected.
 */
async function shopper(
  opts: {
    funds?: number;
    payPassword?: boolean;
    address?: boolean;
    bag?: boolean;
    directLink?: boolean;
    /** How a card invoice closes (`invoice_closed`'s status). */
    invoice?: string;
  } = {},
): Promise<Shopper> {
  const { funds = 0, payPassword = true, address = true, bag = true, directLink = false, invoice } = opts;
  const user: TelegramTestUser = { id: nextTgId++, first_name: 'Greta', language_code: 'de' };
  // `directLink`: came by a direct link, never started the bot (which may not write first), and
  // allows it when asked.
  const tg = directLink
    ? fakeTelegram({
        botToken: TEST_BOT_TOKEN,
        user: { ...user, allows_write_to_pm: false },
        writeAccess: 'allowed',
      })
    : fakeTelegram({ botToken: TEST_BOT_TOKEN, user, ...(invoice ? { invoice: () => invoice } : {}) });
  const login = await server.api.endpoint<{ userinfo: { token: string; id: number } }>('user.tgLogin', {
    body: { init_data: tg.initData },
  });
  const { token, id: userId } = login.data.userinfo;
  const ok = async (name: EndpointName, body: unknown) => {
    const res = await server.api.endpoint(name, { token, body });
    if (res.code !== 1) throw new Error(`${name}: ${res.msg}`);
  };
  if (funds > 0) {
    await db().transaction((tx) =>
      moveMoney(tx, { userId, type: 'adjustment', balance: funds, uniqueKey: `test-credit:${userId}` }),
    );
  }
  if (payPassword) await ok('user.resetPay', { newpassword: PAY_PASSWORD, init_data: tg.initData });
  if (address) {
    await ok('address.save', TEST_ADDRESS_BODY);
  }
  if (bag) {
    await ok('cart.add', { product_id: kettle.id, num: 1 });
    await ok('cart.add', { product_id: lamp.id, num: 2 });
  }
  return { tg, token, userId, telegramId: user.id };
}

const balanceOf = async (userId: number) =>
  (await db().select({ balance: users.balance }).from(users).where(eq(users.id, userId)))[0].balance;
const ordersOf = (userId: number) => db().select().from(orders).where(eq(orders.userId, userId));
/** Every Idempotency-Key the page sends from now on, in order. */
function sentKeys(): string[] {
  const keys: string[] = [];
  const original = XMLHttpRequest.prototype.setRequestHeader;
  vi.spyOn(XMLHttpRequest.prototype, 'setRequestHeader').mockImplementation(function (
    this: XMLHttpRequest,
    name: string,
    value: string,
  ) {
    if (name.toLowerCase() === 'idempotency-key') keys.push(value);
    return original.call(this, name, value);
  });
  return keys;
}

const pressMain = () => act(async () => sdk.emitEvent('main_button_pressed'));

/** Presses the pad's digits one by one, as a thumb would. */
async function typePassword(digits: string) {
  const pad = within(await screen.findByTestId('pay-pad'));
  for (const digit of digits) fireEvent.click(pad.getByRole('button', { name: digit }));
}

/** Submits the bag from /checkout and lands on /payment (answers the out_trade_no). */
async function checkOut(): Promise<string> {
  await startApp('/checkout');
  await screen.findAllByTestId('checkout-group');
  await waitFor(() => expect(sdk.mainButton.isEnabled()).toBe(true));
  await pressMain();
  await at('/payment');
  return new URLSearchParams(window.location.search).get('out_trade_no') ?? '';
}

describe('checkout', () => {
  it('shows the lines grouped by shop, freight per shop, the totals and the balance', async () => {
    const { token } = await shopper({ funds: 50_000 });
    const preview = await server.api.endpoint<{ total: string; groups: { freight: string }[] }>(
      'checkout.preview',
      { token, body: {}, lang: 'de-DE' },
    );
    await startApp('/checkout');
    const groups = await screen.findAllByTestId('checkout-group');
    expect(groups).toHaveLength(2);
    const texts = groups.map((g) => g.textContent ?? '');
    expect(texts.some((t) => t.includes('Kettle Shop') && t.includes('Blue kettle'))).toBe(true);
    expect(texts.some((t) => t.includes('Lamp Shop') && t.includes('Desk lamp'))).toBe(true);
    expect(screen.getByTestId('goods').textContent).toBe(money(2500 + 2 * 4000));
    expect(screen.getByTestId('total').textContent).toBe(formatMoney(preview.data.total, 'de-DE'));
    expect(screen.getByTestId('balance').textContent).toBe(money(50_000));
    expect(screen.getByTestId('address').textContent).toContain('Greta Muster');
    expect(screen.getByTestId('page-title').textContent).toBe(de.routes.checkout);
  });

  it('Telegram main button "Submit order", closing confirmation on while the form is open', async () => {
    const { tg } = await shopper();
    await startApp('/checkout');
    await screen.findAllByTestId('checkout-group');
    await waitFor(() => expect(sdk.mainButton.isEnabled()).toBe(true));
    expect(sdk.mainButton.text()).toBe(de.checkoutPage.submit);
    expect(tg.callsOf('web_app_setup_closing_behavior').at(-1)).toEqual({ need_confirmation: true });
  });

  it('submit makes the orders with an Idempotency-Key and goes on to pay them', async () => {
    const { userId } = await shopper({ funds: 50_000 });
    const sent = sentKeys();
    const outTradeNo = await checkOut();
    expect(sent).toHaveLength(1);
    expect(outTradeNo).toMatch(/^[A-Z0-9]{8,40}$/);
    const made = await ordersOf(userId);
    expect(made).toHaveLength(2);
    expect(made.every((o) => o.outTradeNo === outTradeNo && o.status === 0)).toBe(true);
    // The server only makes orders for a request carrying the header, and keeps the key it got.
    const keys = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
    expect(keys.map((k) => [k.scope, k.key])).toEqual([['checkout.submit', sent[0]]]);
    expect(sent[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByTestId('pay-amount')).toBeTruthy();
  });

  it('without any address, "Add address" opens the form; saved, the checkout comes back with it chosen', async () => {
    const { userId } = await shopper({ address: false });
    await startApp(`/checkout?product_id=${kettle.id}&number=2`);
    fireEvent.click(await screen.findByTestId('add-address'));
    // No empty list to add from: the form itself, picking for this very checkout (its query kept).
    await at('/addressForm');
    expect(new URLSearchParams(window.location.search).get('pick')).toBe(
      `/checkout?product_id=${kettle.id}&number=2`,
    );
    await screen.findByTestId('address-country');
    const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    fireEvent.change(field('addressee'), { target: { value: 'Greta Muster' } });
    fireEvent.change(field('mobile'), { target: { value: '+49 30 7654321' } });
    // The German shopper's form starts in Germany, with its regions.
    const region = await screen.findByTestId('address-region-select');
    await waitFor(() => expect(within(region).getByText('Berlin')).toBeTruthy());
    fireEvent.change(region, { target: { value: 'DE-BE' } });
    fireEvent.change(document.querySelector('[name="detail"]')!, { target: { value: 'Alexanderplatz 1' } });
    await waitFor(() => expect(sdk.mainButton.text()).toBe(de.common.save));
    await pressMain();

    await at('/checkout');
    const [row] = await db().select().from(addresses).where(eq(addresses.userId, userId));
    const query = new URLSearchParams(window.location.search);
    expect(query.get('address_id')).toBe(String(row.id));
    expect(query.get('number')).toBe('2');
    await waitFor(() => expect(screen.getByTestId('address').textContent).toContain('Greta Muster'));
    expect(screen.getByTestId('goods').textContent).toBe(money(2 * 2500));
    await waitFor(() => expect(sdk.mainButton.isEnabled()).toBe(true));
    expect(sdk.mainButton.text()).toBe(de.checkoutPage.submit);
  });

  it('a promo code: the reason it does not apply, or its discount in the totals and the orders', async () => {
    const { userId } = await shopper({ funds: 50_000 });
    await createPromo(db(), { code: 'SAVE5', kind: 'amount', value: 500 });
    await startApp('/checkout');
    const before = (await screen.findByTestId('total')).textContent;
    const field = screen.getByLabelText(de.checkoutPage.promo);
    fireEvent.change(field, { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('promo-apply'));
    expect((await screen.findByTestId('promo-error')).textContent).toBe(
      de.checkout.promoUnknown.replace('{{code}}', 'NOPE'),
    );
    expect(screen.getByTestId('total').textContent).toBe(before);

    fireEvent.change(field, { target: { value: 'save5' } });
    fireEvent.click(screen.getByTestId('promo-apply'));
    expect((await screen.findByTestId('promo-applied')).textContent).toBe(
      de.checkoutPage.promoApplied.replace('{{code}}', 'SAVE5').replace('{{amount}}', money(500)),
    );
    expect(screen.getByTestId('discount').textContent).toBe(`−${money(500)}`);
    await waitFor(() => expect(sdk.mainButton.isEnabled()).toBe(true));
    await pressMain();
    await at('/payment');
    const made = await ordersOf(userId);
    expect(made.reduce((n, o) => n + o.discount, 0)).toBe(500);
  });

  it('tapping the address picks another one from the list and comes back to the same checkout', async () => {
    const { token } = await shopper();
    const other = await server.api.endpoint<{ id: number }>('address.save', {
      token,
      body: {
        addressee: 'Otto Normal',
        mobile: '+49 40 1111111',
        country: 'DE',
        region: 'DE-HH',
        detail: 'Jungfernstieg 7',
        tag: 'company',
      },
    });
    await startApp(`/checkout?product_id=${kettle.id}&number=3`);
    fireEvent.click(await screen.findByTestId('pick-address'));
    await at('/address');
    fireEvent.click(await screen.findByTestId(`address-${other.data.id}-pick`));
    await at('/checkout');
    expect(new URLSearchParams(window.location.search).get('address_id')).toBe(String(other.data.id));
    expect(new URLSearchParams(window.location.search).get('number')).toBe('3');
    await waitFor(() => expect(screen.getByTestId('address').textContent).toContain('Otto Normal'));
    // Still the same purchase: three kettles, bought now.
    expect(screen.getByTestId('goods').textContent).toBe(money(3 * 2500));
  });

  it('keeps the main button disabled without an address', async () => {
    await shopper({ address: false });
    await startApp('/checkout');
    await screen.findByTestId('no-address');
    expect(sdk.mainButton.isEnabled()).toBe(false);
  });
});

describe('payment', () => {
  it('a wrong password fails with the tries left; the right one pays both orders', async () => {
    const { tg, userId } = await shopper({ funds: 50_000 });
    const sent = sentKeys();
    const outTradeNo = await checkOut();
    const total = (await ordersOf(userId)).reduce((n, o) => n + o.total, 0);
    expect((await screen.findByTestId('pay-amount')).textContent).toBe(money(total));
    expect(tg.callsOf('web_app_setup_closing_behavior').at(-1)).toEqual({ need_confirmation: true });

    await typePassword('000000');
    const failure = await screen.findByTestId('pay-failure');
    expect(failure.dataset.error).toBe('errors.payPasswordWrong');
    expect(failure.textContent).toContain(de.errors.payPasswordWrong.replace('{{left}}', '4'));
    expect(tg.callsOf('web_app_trigger_haptic_feedback').at(-1)).toMatchObject({
      type: 'notification',
      notification_type: 'error',
    });
    expect(await balanceOf(userId)).toBe(50_000);

    await typePassword(PAY_PASSWORD);
    await screen.findByTestId('pay-success');
    expect(tg.callsOf('web_app_trigger_haptic_feedback').at(-1)).toMatchObject({
      type: 'notification',
      notification_type: 'success',
    });
    expect(screen.getByTestId('paid').textContent).toBe(money(total));
    expect(screen.getByTestId('balance-left').textContent).toBe(money(50_000 - total));
    expect(await balanceOf(userId)).toBe(50_000 - total);
    const paid = await ordersOf(userId);
    expect(paid.every((o) => o.status === 1 && o.outTradeNo === outTradeNo)).toBe(true);
    // Three intents, three keys: the submit, the wrong password (released by the server, which
    // counted the try), the right one.
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(3);
    const keys = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
    expect(keys.map((k) => [k.scope, k.key]).sort()).toEqual(
      [
        ['checkout.payGroup', sent[2]],
        ['checkout.submit', sent[0]],
      ].sort(),
    );
    expect(tg.callsOf('web_app_setup_closing_behavior').at(-1)).toEqual({ need_confirmation: false });

    // Both orders are linked by their shop; the main button opens them under "awaiting shipment".
    expect(screen.getAllByTestId('paid-order')).toHaveLength(2);
    await pressMain();
    await at('/myPurchases/1');
  });

  it('the pay button shines (Telegram 7.10); the checkout’s and the success screen’s do not', async () => {
    const { tg } = await shopper({ funds: 50_000 });
    await startApp('/checkout');
    await screen.findAllByTestId('checkout-group');
    await waitFor(() => expect(sdk.mainButton.isEnabled()).toBe(true));
    expect(sdk.mainButton.hasShineEffect()).toBe(false);
    await pressMain();
    await at('/payment');
    await screen.findByTestId('pay-amount');
    await waitFor(() => expect(sdk.mainButton.hasShineEffect()).toBe(true));
    expect(tg.callsOf('web_app_setup_main_button').at(-1)).toMatchObject({ has_shine_effect: true });
    await typePassword(PAY_PASSWORD);
    await screen.findByTestId('pay-success');
    await waitFor(() => expect(sdk.mainButton.hasShineEffect()).toBe(false));
    // A shopper the bot may write to (the launch said so) is not asked.
    expect(tg.callsOf('web_app_request_write_access')).toEqual([]);
  });

  it('after the payment, a shopper the bot may not write to is asked once whether it may (their "yes" reaches the server); others are not', async () => {
    const { tg, userId } = await shopper({ funds: 50_000, directLink: true });
    await startApp('/checkout');
    await screen.findAllByTestId('checkout-group');
    await waitFor(() => expect(sdk.mainButton.isEnabled()).toBe(true));
    expect(tg.callsOf('web_app_request_write_access')).toEqual([]);
    await pressMain();
    await at('/payment');
    await screen.findByTestId('pay-amount');
    await typePassword(PAY_PASSWORD);
    await screen.findByTestId('pay-success');
    await waitFor(() => expect(tg.callsOf('web_app_request_write_access')).toHaveLength(1));
    await waitFor(async () => {
      const [chat] = await db().select().from(botChats).where(eq(botChats.userId, userId));
      expect(chat?.mayWrite).toBe(true);
    });
  });

  it('the pad names its six digit fields and its backspace key, which takes the last digit back', async () => {
    await shopper({ funds: 50_000 });
    await checkOut();
    const pad = within(await screen.findByTestId('pay-pad'));
    expect(pad.getAllByRole('spinbutton').map((field) => field.getAttribute('aria-label'))).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) =>
        de.payment.padDigit.replace('{{index}}', String(n)).replace('{{total}}', '6'),
      ),
    );
    // Four right digits and a wrong fifth, taken back with the named key: the right password pays.
    await typePassword(`${PAY_PASSWORD.slice(0, 4)}2`);
    fireEvent.click(pad.getByRole('button', { name: de.payment.padDelete }));
    await typePassword(PAY_PASSWORD.slice(4));
    await screen.findByTestId('pay-success');
  });

  it('pays one order from the order screens with its order id', async () => {
    const { userId } = await shopper({ funds: 50_000 });
    await checkOut();
    const [first] = await ordersOf(userId);
    cleanup();
    await startApp(`/payment?order_id=${first.id}`);
    expect((await screen.findByTestId('pay-amount')).textContent).toBe(money(first.total));
    await typePassword(PAY_PASSWORD);
    await screen.findByTestId('pay-success');
    const after = await ordersOf(userId);
    expect(after.find((o) => o.id === first.id)?.status).toBe(1);
    expect(after.find((o) => o.id !== first.id)?.status).toBe(0);
  });

  it('insufficient balance says by how much, with a "Top up" link', async () => {
    const { tg, userId } = await shopper({ funds: 1000 });
    await checkOut();
    const total = (await ordersOf(userId)).reduce((n, o) => n + o.total, 0);
    await typePassword(PAY_PASSWORD);
    const failure = await screen.findByTestId('pay-failure');
    expect(failure.dataset.error).toBe('errors.balanceShort');
    await waitFor(() =>
      expect(failure.textContent).toContain(de.payment.shortfall.replace('{{amount}}', money(total - 1000))),
    );
    expect(tg.callsOf('web_app_trigger_haptic_feedback').at(-1)).toMatchObject({
      notification_type: 'error',
    });
    expect(await balanceOf(userId)).toBe(1000);
    fireEvent.click(within(failure).getByTestId('top-up'));
    await waitFor(() => expect(window.location.pathname).not.toBe('/payment'));
  });

  it('without a payment password it says so and links to set one', async () => {
    await shopper({ funds: 50_000, payPassword: false });
    await checkOut();
    const failure = await screen.findByTestId('pay-failure');
    expect(failure.textContent).toContain(de.payment.noPasswordTitle);
    expect(screen.queryByTestId('pay-pad')).toBeNull();
    fireEvent.click(within(failure).getByTestId('set-pay-password'));
    await at('/changePayPwd');
  });

  it('back from an unpaid payment: the order, waiting for payment until its deadline; never the checkout again', async () => {
    const { userId } = await shopper({ funds: 50_000, bag: false });
    await startApp(paths.detail.href(kettle.id));
    // Telegram's main button on the product page: "Buy now".
    await screen.findByTestId('detail-num-value');
    await waitFor(() => expect(sdk.mainButton.isEnabled()).toBe(true));
    await pressMain();
    await at('/checkout');
    await screen.findAllByTestId('checkout-group');
    await waitFor(() => expect(sdk.mainButton.isEnabled()).toBe(true));
    await pressMain();
    await at('/payment');
    await screen.findByTestId('pay-pad');

    await act(async () => sdk.emitEvent('back_button_pressed'));
    const [order] = await ordersOf(userId);
    await at(paths.orderInfo.href(order.id));
    const header = await screen.findByTestId('status-header');
    expect(within(header).getByTestId('order-status').textContent).toBe(de.orderList.status.waitingPay);
    const deadline = formatDateTime(order.payBefore.toISOString(), 'de-DE');
    expect(deadline).not.toBe('');
    expect(header.textContent).toContain(de.orderInfo.payBefore.replace('{{time}}', deadline));
    expect(order.status).toBe(0);

    // The payment took the checkout's place, and the order the payment's: back is the product.
    await act(async () => sdk.emitEvent('back_button_pressed'));
    await at(paths.detail.href(kettle.id));
  });

  it('back from the unpaid payment of several orders: their "awaiting payment" tab, each with its deadline', async () => {
    const { userId } = await shopper({ funds: 50_000 });
    await checkOut();
    await screen.findByTestId('pay-pad');
    await act(async () => sdk.emitEvent('back_button_pressed'));
    await at(paths.myPurchases.href(0));
    const made = await ordersOf(userId);
    await waitFor(() => expect(screen.getAllByTestId('order-card')).toHaveLength(2));
    for (const card of screen.getAllByTestId('order-card')) {
      const order = made.find((o) => o.id === Number(card.dataset.orderId))!;
      const deadline = formatDateTime(order.payBefore.toISOString(), 'de-DE');
      expect(within(card).getByTestId('card-pay-by').textContent).toBe(
        de.orderList.payBy.replace('{{time}}', deadline),
      );
    }
  });

  it('back once they are paid: the orders awaiting shipment', async () => {
    await shopper({ funds: 50_000 });
    await checkOut();
    await typePassword(PAY_PASSWORD);
    await screen.findByTestId('pay-success');
    await act(async () => sdk.emitEvent('back_button_pressed'));
    await at(paths.myPurchases.href(1));
  });

  it('an order that is already paid has nothing left to pay', async () => {
    const { userId } = await shopper({ funds: 50_000 });
    const outTradeNo = await checkOut();
    await typePassword(PAY_PASSWORD);
    await screen.findByTestId('pay-success');
    const [first] = await ordersOf(userId);
    cleanup();
    await startApp(`/payment?out_trade_no=${outTradeNo}`);
    await screen.findByTestId('nothing-to-pay');
    cleanup();
    await startApp(`/payment?order_id=${first.id}`);
    await screen.findByTestId('nothing-to-pay');
  });
});

describe('payment by card in one step', () => {
  /** Telegram's successful payment of the card invoice reaching the bot, as the bot hands it on. */
  async function telegramPays(s: Shopper) {
    const [row] = await db().select().from(recharges).where(eq(recharges.userId, s.userId));
    const bot = cardPayments(server.api.database, pino({ level: 'silent' }));
    const done = await bot.paid({
      telegramUserId: s.telegramId,
      payload: `recharge:${row.id}`,
      currency: 'USD',
      totalAmount: row.amount,
      chargeId: `tg-charge-${row.id}`,
      providerChargeId: `provider-${row.id}`,
    });
    expect(done?.credited).toBe(true);
    return row;
  }

  it('beside the keypad: one invoice for the whole checkout; once Telegram reports it, both orders are paid', async () => {
    const s = await shopper({ invoice: 'paid' });
    await checkOut();
    const due = (await ordersOf(s.userId)).reduce((sum, o) => sum + o.total, 0);
    const card = await screen.findByTestId('pay-card');
    expect(card.textContent).toBe(de.payment.card.pay.replace('{{amount}}', money(due)));
    fireEvent.click(card);
    await screen.findByTestId('card-settling');
    expect(s.tg.callsOf('web_app_open_invoice')).toHaveLength(1);
    const row = await telegramPays(s);
    expect(row.amount).toBe(due);
    await screen.findByTestId('pay-success', {}, { timeout: 10_000 });
    expect(screen.getByTestId('paid').textContent).toBe(money(due));
    expect(screen.getByTestId('balance-left').textContent).toBe(money(0));
    expect((await ordersOf(s.userId)).map((o) => o.status)).toEqual([1, 1]);
    expect(await balanceOf(s.userId)).toBe(0);
  });

  it('a cancelled invoice says nothing was charged, and the keypad stays', async () => {
    const s = await shopper({ invoice: 'cancelled' });
    await checkOut();
    fireEvent.click(await screen.findByTestId('pay-card'));
    await waitFor(() =>
      expect(screen.getByTestId('card-outcome').textContent).toBe(de.payment.card.cancelled),
    );
    expect(screen.getByTestId('pay-pad')).toBeTruthy();
    expect((await ordersOf(s.userId)).map((o) => o.status)).toEqual([0, 0]);
  });

  it('orders that ran out of time before the payment arrived: the money is on the balance, and the screen says why', async () => {
    const s = await shopper({ invoice: 'paid' });
    await checkOut();
    fireEvent.click(await screen.findByTestId('pay-card'));
    await screen.findByTestId('card-settling');
    await db()
      .update(orders)
      .set({ payBefore: new Date(Date.now() - 1000) })
      .where(eq(orders.userId, s.userId));
    const row = await telegramPays(s);
    const told = await screen.findByTestId('card-to-balance', {}, { timeout: 10_000 });
    expect(told.textContent).toContain(de.checkout.orderExpired);
    expect(told.textContent).toContain(de.payment.card.toBalance.replace('{{balance}}', money(row.amount)));
    await waitFor(() => expect(sdk.mainButton.text()).toBe(de.payment.card.toWallet));
    expect(await balanceOf(s.userId)).toBe(row.amount);
  });
});
