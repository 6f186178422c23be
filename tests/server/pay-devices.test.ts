import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PayAnswer, SubmitAnswer } from '../../common/schemas/order';
import type { PayDevice } from '../../common/schemas/user';
import { payDevices, users } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { hashPayCredential } from '../../server/lib/pay-pins';
import {
  checkoutApp,
  makeProduct,
  makeShop,
  PAY,
  putInCart,
  shopper,
  type Reply,
  type Shopper,
} from './checkout-fixture';
import { useApp } from '../support/use-app';

/**
 * Paying with biometrics: a device gets a credential for the payment password, keeps it behind
 * Face ID, and pays with it; the shopper lists and removes devices; a new payment password or "log
 * out everywhere" ends them all; a refused credential counts as a wrong password.
 */
const t = useApp(() => checkoutApp());
let lamp: number;

beforeAll(async () => {
  lamp = (await makeProduct(t, { shopId: await makeShop(t), price: 1000, stock: 1000 })).id;
});

const addDevice = (s: Shopper, body: Record<string, unknown>) =>
  t.endpoint<{ credential: string }>('user.addPayDevice', { body, token: s.token });
const devicesOf = (s: Shopper) => t.endpoint<PayDevice[]>('user.payDevices', { token: s.token });
const removeDevice = (s: Shopper, id: unknown) =>
  t.endpoint<PayDevice[]>('user.removePayDevice', { body: { id }, token: s.token });

/** One order of a lamp, submitted; answers its checkout number. */
async function order(s: Shopper): Promise<string> {
  await putInCart(t, s.id, lamp, 1);
  const res = await t.endpoint<SubmitAnswer>('checkout.submit', { body: {}, token: s.token });
  expect(res.code).toBe(1);
  return res.data.outTradeNo;
}
const payWith = (s: Shopper, outTradeNo: string, proof: Record<string, unknown>) =>
  t.endpoint<PayAnswer>('checkout.payGroup', {
    body: { out_trade_no: outTradeNo, ...proof },
    token: s.token,
  });

const failsOf = async (s: Shopper) =>
  (await t.database.db.select({ fails: users.payFailCount }).from(users).where(eq(users.id, s.id)))[0].fails;

const refused = (res: Reply<unknown>, key: string, params: Record<string, number> = {}) =>
  expect(res).toMatchObject({ code: 0, error: key, msg: translate('en-US', key, params), data: null });

describe('paying with biometrics', () => {
  it('issues a credential for the payment password, stores only its keyed hash, and pays with it', async () => {
    const s = await shopper(t, { balance: 10_000 });
    const added = await addDevice(s, { password_pay: PAY, device_id: 'phone-1', label: 'Face ID · iOS' });
    expect(added.code).toBe(1);
    expect(added.msg).toBe(translate('en-US', 'security.biometricOn'));
    const { credential } = added.data;
    expect(credential).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(payDevices).where(eq(payDevices.userId, s.id));
    expect(row.credentialHash).toBe(hashPayCredential(credential));
    expect(JSON.stringify(row)).not.toContain(credential);

    const paid = await payWith(s, await order(s), { pay_credential: credential });
    expect(paid.code).toBe(1);
    const [listed] = await devicesOf(s).then((r) => r.data as PayDevice[]);
    expect(listed).toMatchObject({ label: 'Face ID · iOS', id: row.id });
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('asks the payment password before issuing one: a wrong one counts as a try and issues nothing', async () => {
    const s = await shopper(t);
    refused(
      await addDevice(s, { password_pay: '000000', device_id: 'phone', label: 'Touch ID' }),
      'errors.payPasswordWrong',
      {
        left: 4,
      },
    );
    expect(await failsOf(s)).toBe(1);
    expect((await devicesOf(s)).data).toEqual([]);
    const bad = await addDevice(s, { password_pay: PAY, device_id: '', label: 'x' });
    expect(bad).toMatchObject({ code: 0, error: 'errors.badRequest' });
  });

  it('a device asking again gets a new credential; the old one stops paying', async () => {
    const s = await shopper(t, { balance: 10_000 });
    const first = (await addDevice(s, { password_pay: PAY, device_id: 'phone', label: 'Face ID' })).data
      .credential;
    const second = (await addDevice(s, { password_pay: PAY, device_id: 'phone', label: 'Face ID' })).data
      .credential;
    expect(second).not.toBe(first);
    expect((await devicesOf(s)).data).toHaveLength(1);
    refused(await payWith(s, await order(s), { pay_credential: first }), 'errors.payCredentialWrong', {
      left: 4,
    });
    expect((await payWith(s, await order(s), { pay_credential: second })).code).toBe(1);
  });

  it('a forged credential, or another shopper’s, is refused as a wrong password and pays nothing; five lock payment', async () => {
    const owner = await shopper(t, { balance: 10_000 });
    const theirs = (await addDevice(owner, { password_pay: PAY, device_id: 'p', label: 'Face ID' })).data
      .credential;
    const s = await shopper(t, { balance: 10_000 });
    const trade = await order(s);
    refused(await payWith(s, trade, { pay_credential: theirs }), 'errors.payCredentialWrong', { left: 4 });
    for (let left = 3; left >= 1; left--)
      refused(await payWith(s, trade, { pay_credential: 'A'.repeat(43) }), 'errors.payCredentialWrong', {
        left,
      });
    refused(await payWith(s, trade, { pay_credential: 'B'.repeat(43) }), 'errors.payLocked', { minutes: 15 });
    // Locked: the right password is refused too, and nothing was paid.
    refused(await payWith(s, trade, { password_pay: PAY }), 'errors.payLocked', { minutes: 15 });
    const [user] = await t.database.db
      .select({ balance: users.balance })
      .from(users)
      .where(eq(users.id, s.id));
    expect(user.balance).toBe(10_000);
    // The owner's device still pays.
    expect((await payWith(owner, await order(owner), { pay_credential: theirs })).code).toBe(1);
  });

  it('a payment carries the password or a credential: neither is refused, a malformed credential too', async () => {
    const s = await shopper(t, { balance: 10_000 });
    const trade = await order(s);
    refused(await payWith(s, trade, {}), 'errors.payPasswordRequired');
    expect(await payWith(s, trade, { pay_credential: 'not a credential!' })).toMatchObject({
      code: 0,
      error: 'errors.payCredentialRefused',
    });
    expect(await failsOf(s)).toBe(0);
  });

  it('lists only the shopper’s own devices, newest first; removing one needs it to be theirs', async () => {
    const s = await shopper(t);
    const other = await shopper(t);
    await addDevice(s, { password_pay: PAY, device_id: 'a', label: 'Touch ID · macOS' });
    await addDevice(s, { password_pay: PAY, device_id: 'b', label: 'Fingerprint · Android' });
    await addDevice(other, { password_pay: PAY, device_id: 'a', label: 'Face ID · iOS' });
    const listed = (await devicesOf(s)).data as PayDevice[];
    expect(listed.map((d) => d.label)).toEqual(['Fingerprint · Android', 'Touch ID · macOS']);
    const othersId = ((await devicesOf(other)).data as PayDevice[])[0].id;
    refused(await removeDevice(s, othersId), 'errors.notFound');
    expect((await devicesOf(other)).data).toHaveLength(1);
    const after = await removeDevice(s, listed[0].id);
    expect(after).toMatchObject({ code: 1, msg: translate('en-US', 'security.biometricRemoved') });
    expect(after.data.map((d) => d.label)).toEqual(['Touch ID · macOS']);
  });

  it('a new payment password ends every device’s biometric payments', async () => {
    const s = await shopper(t, { balance: 10_000 });
    const credential = (await addDevice(s, { password_pay: PAY, device_id: 'p', label: 'Face ID' })).data
      .credential;
    const changed = await t.endpoint('user.resetPay', {
      body: { oldpassword: PAY, newpassword: '135790' },
      token: s.token,
    });
    expect(changed.code).toBe(1);
    expect((await devicesOf(s)).data).toEqual([]);
    refused(await payWith(s, await order(s), { pay_credential: credential }), 'errors.payCredentialWrong', {
      left: 4,
    });
  });

  it('"log out everywhere" ends them too', async () => {
    const s = await shopper(t);
    await addDevice(s, { password_pay: PAY, device_id: 'p', label: 'Face ID' });
    expect((await t.endpoint('user.logoutAll', { body: {}, token: s.token })).code).toBe(1);
    const rows = await t.database.db.select().from(payDevices).where(eq(payDevices.userId, s.id));
    expect(rows).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await t.endpoint('user.payDevices');
    expect(res).toMatchObject({ code: 401, data: null });
  });
});
