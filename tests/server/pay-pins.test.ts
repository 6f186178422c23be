import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { configurePayPins, hashPayPin, isPayPinHash, verifyPayPin } from '../../server/lib/pay-pins';
import { useTestApp } from '../support/use-app';
import { readUser } from './helpers';

/**
 * Payment passwords as a keyed hash (server/lib/pay-pins.ts): HMAC of the shopper's id and the
 * password under a key derived from WALLET_KEY. Someone holding the database alone can test no
 * guess; hashes made earlier with scrypt still verify and are replaced at the next right entry.
 */
const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);

const t = useTestApp();
// Back to the development key the test app was built with.
afterEach(() => configurePayPins(undefined));

describe('the keyed hash', () => {
  it('holds no trace of the password, differs per shopper and per key, and verifies only its own', async () => {
    configurePayPins(KEY_A);
    const stored = hashPayPin(7, '135790');
    expect(stored).toMatch(/^hmac\$v1\$[\w-]{43}$/);
    expect(stored).not.toContain('135790');
    expect(isPayPinHash(stored)).toBe(true);
    expect(hashPayPin(7, '135790')).toBe(stored);
    // The same password of another shopper is another hash: rows cannot be compared or copied.
    expect(hashPayPin(8, '135790')).not.toBe(stored);
    expect(await verifyPayPin(7, '135790', stored)).toBe(true);
    expect(await verifyPayPin(7, '135791', stored)).toBe(false);
    expect(await verifyPayPin(8, '135790', stored)).toBe(false);
    expect(await verifyPayPin(7, '135790', null)).toBe(false);
    expect(await verifyPayPin(7, '135790', 'hmac$v1$short')).toBe(false);
    // Under another key (a database copied away from its WALLET_KEY) nothing verifies.
    configurePayPins(KEY_B);
    expect(hashPayPin(7, '135790')).not.toBe(stored);
    expect(await verifyPayPin(7, '135790', stored)).toBe(false);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => configurePayPins('short')).toThrow('WALLET_KEY must be 32 bytes');
  });
});

describe('paying with a payment password stored by scrypt before', () => {
  async function withScryptHash(account: string) {
    const user = await t.register(account);
    const scrypt = await hashPassword('246810');
    await t.database.db.update(users).set({ payPasswordHash: scrypt }).where(eq(users.id, user.id));
    return { user, scrypt };
  }
  const verify = (token: string, password_pay: string) =>
    t.endpoint('user.verifyPay', { token, body: { password_pay } });

  it('a wrong entry leaves the scrypt hash; the right one verifies and replaces it with the keyed form', async () => {
    const { user, scrypt } = await withScryptHash('pin_upgrade');
    expect(await verify(user.token, '111111')).toMatchObject({ code: 0 });
    expect((await readUser(t, user.id)).payPasswordHash).toBe(scrypt);

    expect(await verify(user.token, '246810')).toMatchObject({ code: 1, data: { verified: true } });
    const upgraded = (await readUser(t, user.id)).payPasswordHash;
    expect(upgraded).toBe(hashPayPin(user.id, '246810'));

    // And the keyed form keeps working, and refusing.
    expect(await verify(user.token, '246810')).toMatchObject({ code: 1, data: { verified: true } });
    expect(await verify(user.token, '246811')).toMatchObject({ code: 0 });
    expect((await readUser(t, user.id)).payPasswordHash).toBe(upgraded);
  });

  it('a new payment password is stored in the keyed form', async () => {
    const { user } = await withScryptHash('pin_change');
    const res = await t.endpoint('user.resetPay', {
      token: user.token,
      body: { oldpassword: '246810', newpassword: '975310' },
    });
    expect(res.code).toBe(1);
    expect((await readUser(t, user.id)).payPasswordHash).toBe(hashPayPin(user.id, '975310'));
  });
});
