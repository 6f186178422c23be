import { randomUUID } from 'node:crypto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en-US.json';
import { orders, payDevices, users } from '../../server/db/schema';
import { moveMoney } from '../../server/modules/wallet/ledger';
import { TEST_ADDRESS_BODY } from '../support/address';
import { TEST_BOT_TOKEN } from '../support/app';
import { makeProduct, makeShop } from '../server/support/orders-fixture';
import { useRealServer } from './support/server';
import { startApp } from './support/start-app';
import { fakeTelegram, type FakeTelegramOptions, sdkOfEachTest } from './support/telegram-client';

const sdk = sdkOfEachTest();

/**
 * Paying with Face ID or a fingerprint inside a (mocked) Telegram client against the real server:
 * offered once after a payment with the password, then asked for as the payment screen opens; a
 * credential the server refuses is forgotten and the keypad pays; a phone without biometrics never
 * sees any of it; /security lists the device and removes it.
 */
const server = useRealServer();
const db = () => server.api.database.db;
const PAY_PASSWORD = '135790';
let nextTgId = 7_400_000_000;

async function shopper(biometry?: FakeTelegramOptions['biometry']) {
  const tg = fakeTelegram({
    botToken: TEST_BOT_TOKEN,
    user: { id: nextTgId++, first_name: 'Ada', language_code: 'en' },
    ...(biometry ? { biometry } : {}),
  });
  const login = await server.api.endpoint<{ userinfo: { token: string; id: number } }>('user.tgLogin', {
    body: { init_data: tg.initData },
  });
  const { token, id: userId } = login.data.userinfo;
  await db().transaction((tx) =>
    moveMoney(tx, { userId, type: 'adjustment', balance: 100_000, uniqueKey: `bio-credit:${userId}` }),
  );
  const set = await server.api.endpoint('user.resetPay', {
    token,
    body: { newpassword: PAY_PASSWORD, init_data: tg.initData },
  });
  expect(set.code).toBe(1);
  const shop = await makeShop(db(), `Bio Shop ${userId}`);
  const product = await makeProduct(db(), shop, { title: 'Tea', price: 1500, stock: 100 });
  const address = await server.api.endpoint('address.save', { token, body: TEST_ADDRESS_BODY });
  expect(address.code).toBe(1);
  /** A new unpaid order of one tea: its checkout number. */
  const order = async () => {
    const added = await server.api.endpoint('cart.add', {
      token,
      body: { product_id: product.id, num: 1 },
    });
    expect(added.code).toBe(1);
    const res = (
      await server.api.app.inject({
        method: 'POST',
        url: '/api/order/merSubmit',
        payload: {},
        headers: { token, 'idempotency-key': randomUUID() },
      })
    ).json<{ code: number; data: { outTradeNo: string } }>();
    expect(res.code).toBe(1);
    return res.data.outTradeNo;
  };
  const paid = async (outTradeNo: string) =>
    (
      await db().select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.outTradeNo, outTradeNo))
    ).every((o) => o.paidAt !== null);
  return { tg, token, userId, order, paid };
}

async function typePassword(digits: string) {
  const pad = within(await screen.findByTestId('pay-pad'));
  for (const digit of digits) fireEvent.click(pad.getByRole('button', { name: digit }));
}

/** A payment with the password whose offer of biometrics the shopper takes; the screen is closed after. */
async function payAndTakeOffer(s: Awaited<ReturnType<typeof shopper>>) {
  const first = await s.order();
  await startApp(`/payment?out_trade_no=${first}`);
  await typePassword(PAY_PASSWORD);
  await waitFor(() => expect(s.tg.callsOf('web_app_open_popup')).toHaveLength(1));
  await act(async () => sdk.emitEvent('popup_closed', { button_id: 'confirm' }));
  await waitFor(() => expect(s.tg.biometricToken()).not.toBe(''));
  cleanup();
}

const devicesOf = (userId: number) => db().select().from(payDevices).where(eq(payDevices.userId, userId));

describe('paying with biometrics', () => {
  it('offers Face ID once after a payment with the password; the next payment asks for it and pays with no digits', async () => {
    const s = await shopper({ type: 'face' });
    const first = await s.order();
    await startApp(`/payment?out_trade_no=${first}`);
    await typePassword(PAY_PASSWORD);
    await waitFor(async () => expect(await s.paid(first)).toBe(true));
    // "Pay with Face ID next time?", as Telegram's popup; yes.
    await waitFor(() => expect(s.tg.callsOf('web_app_open_popup')).toHaveLength(1));
    const asked = s.tg.callsOf('web_app_open_popup')[0] as { message: string };
    expect(asked.message).toBe(en.payment.bioOffer.replace('{{kind}}', en.payment.bioKind.face));
    await act(async () => sdk.emitEvent('popup_closed', { button_id: 'confirm' }));
    await waitFor(() => expect(s.tg.biometricToken()).not.toBe(''));
    expect(s.tg.callsOf('web_app_biometry_request_access')).toHaveLength(1);
    const [device] = await devicesOf(s.userId);
    expect(device).toMatchObject({ deviceId: 'fake-phone-device', label: 'face android' });
    await screen.findByText(en.payment.bioOn.replace('{{kind}}', en.payment.bioKind.face));

    // The next payment: Face ID is asked as the screen opens, and what it releases pays.
    cleanup();
    const second = await s.order();
    await startApp(`/payment?out_trade_no=${second}`);
    await waitFor(async () => expect(await s.paid(second)).toBe(true));
    expect(s.tg.callsOf('web_app_biometry_request_auth')).toHaveLength(1);
    // Asked once only.
    expect(s.tg.callsOf('web_app_open_popup')).toHaveLength(1);
    const [used] = await devicesOf(s.userId);
    expect(used.lastUsedAt).not.toBeNull();
  });

  it('a credential the server no longer takes is forgotten, says why, and the keypad pays', async () => {
    const s = await shopper({ type: 'finger' });
    await payAndTakeOffer(s);

    // A new payment password ends every device's biometric payments.
    const changed = await server.api.endpoint('user.resetPay', {
      token: s.token,
      body: { oldpassword: PAY_PASSWORD, newpassword: '246802' },
    });
    expect(changed.code).toBe(1);
    const second = await s.order();
    await startApp(`/payment?out_trade_no=${second}`);
    await screen.findByText(en.errors.payCredentialWrong.replace('{{left}}', '4'));
    await waitFor(() => expect(s.tg.biometricToken()).toBe(''));
    expect(await s.paid(second)).toBe(false);
    expect(screen.queryByTestId('pay-bio')).toBeNull();
    await typePassword('246802');
    await waitFor(async () => expect(await s.paid(second)).toBe(true));
    const [user] = await db().select({ fails: users.payFailCount }).from(users).where(eq(users.id, s.userId));
    expect(user.fails).toBe(0);
  });

  it('a finger not recognised leaves the keypad and a button to try again; nothing is counted', async () => {
    const s = await shopper({ type: 'finger', auth: 'failed' });
    // Turned on at an earlier payment.
    const added = await server.api.endpoint<{ credential: string }>('user.addPayDevice', {
      token: s.token,
      body: { password_pay: PAY_PASSWORD, device_id: 'fake-phone-device', label: 'finger android' },
    });
    s.tg.keepBiometricToken(added.data.credential);

    const second = await s.order();
    await startApp(`/payment?out_trade_no=${second}`);
    const again = await screen.findByTestId('pay-bio');
    expect(again.textContent).toBe(en.payment.bioPay.replace('{{kind}}', en.payment.bioKind.finger));
    await waitFor(() => expect(s.tg.callsOf('web_app_biometry_request_auth')).toHaveLength(1));
    fireEvent.click(again);
    await waitFor(() => expect(s.tg.callsOf('web_app_biometry_request_auth')).toHaveLength(2));
    expect(screen.getByTestId('pay-pad')).toBeTruthy();
    expect(await s.paid(second)).toBe(false);
    const [user] = await db().select({ fails: users.payFailCount }).from(users).where(eq(users.id, s.userId));
    expect(user.fails).toBe(0);
    expect(s.tg.biometricToken()).not.toBe('');
  });

  it('a phone without biometrics is never offered them and shows no biometric button', async () => {
    const s = await shopper();
    const trade = await s.order();
    await startApp(`/payment?out_trade_no=${trade}`);
    await screen.findByTestId('pay-pad');
    expect(screen.queryByTestId('pay-bio')).toBeNull();
    await typePassword(PAY_PASSWORD);
    await waitFor(async () => expect(await s.paid(trade)).toBe(true));
    await new Promise((r) => setTimeout(r, 300));
    expect(s.tg.callsOf('web_app_open_popup')).toEqual([]);
    expect(s.tg.callsOf('web_app_biometry_request_access')).toEqual([]);
    expect(await devicesOf(s.userId)).toEqual([]);
  });

  it('/security lists the device and removes it; this phone forgets its credential', async () => {
    const s = await shopper({ type: 'face' });
    await payAndTakeOffer(s);

    await startApp('/security');
    const list = within(await screen.findByTestId('pay-devices'));
    expect(list.getByText('Face ID · Android')).toBeTruthy();
    expect(list.getByText(en.security.bioNotUsed)).toBeTruthy();
    const [device] = await devicesOf(s.userId);
    fireEvent.click(list.getByTestId(`pay-device-remove-${device.id}`));
    await waitFor(() => expect(s.tg.callsOf('web_app_open_popup')).toHaveLength(2));
    await act(async () => sdk.emitEvent('popup_closed', { button_id: 'confirm' }));
    await waitFor(() => expect(screen.queryByTestId('pay-devices')).toBeNull());
    expect(await devicesOf(s.userId)).toEqual([]);
    expect(s.tg.biometricToken()).toBe('');
  });
});
