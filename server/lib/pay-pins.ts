import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { walletSecret } from '../config';
import { verifyPassword } from './passwords';

/**
 * Payment passwords (six digits) stored as a keyed hash: HMAC-SHA-256 of the shopper's id and the
 * password under a key derived from WALLET_KEY (HKDF-SHA256, purpose "payment passwords"), kept as
 * `hmac$v1$<base64url>`.
 *
 * A six-digit password has a million values, so a slow hash cannot protect it from someone who
 * holds the database: a million guesses take minutes even at scrypt's cost. What protects it is the
 * key, which is not in the database (someone with the database alone can test no guess at all), and
 * against everyone else the lock after five wrong tries (server/modules/user/pay-password.ts). The
 * check then costs microseconds instead of a 128 MiB scrypt per payment. The shopper's id in the
 * message makes the same password a different hash for every shopper, so two shoppers' hashes
 * cannot be compared or copied between rows.
 *
 * Hashes made earlier with scrypt (server/lib/passwords.ts) still verify, and are replaced by this
 * form at the next right entry (`isPayPinHash` tells them apart). Login passwords stay on scrypt:
 * people reuse them elsewhere, and there the slow hash is the protection.
 *
 * Production refuses to start without WALLET_KEY (server/config.ts); elsewhere the same public
 * development key as the wallet's stands in (walletSecret).
 */
const PREFIX = 'hmac$v1$';

let key = walletSecret(undefined, 'payment passwords');
let deviceKey = walletSecret(undefined, 'biometric payment credentials');

/** Called once at start (buildApp, the admin command line) with the configured WALLET_KEY. */
export function configurePayPins(walletKey: string | undefined): void {
  key = walletSecret(walletKey, 'payment passwords');
  deviceKey = walletSecret(walletKey, 'biometric payment credentials');
}

const digest = (userId: number, pin: string): Buffer =>
  createHmac('sha256', key)
    .update(`${userId}\n${pin.normalize('NFKC')}`)
    .digest();

/** The stored form of shopper `userId`'s payment password `pin`. */
export const hashPayPin = (userId: number, pin: string): string =>
  PREFIX + digest(userId, pin).toString('base64url');

/** Whether `stored` is this keyed form (not an earlier scrypt hash, to be replaced). */
export const isPayPinHash = (stored: string): boolean => stored.startsWith(PREFIX);

/** Whether `pin` is shopper `userId`'s payment password, whichever form `stored` has. */
export async function verifyPayPin(userId: number, pin: string, stored: string | null): Promise<boolean> {
  if (stored === null) return false;
  if (!isPayPinHash(stored)) return verifyPassword(pin, stored);
  const expected = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  const actual = digest(userId, pin);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * A credential for paying with biometrics (server/modules/user/pay-devices.ts): 32 random bytes the
 * device keeps behind Face ID or a fingerprint. It has all the entropy a hash needs, so the stored
 * form is a keyed hash only to be useless to someone holding the database without the key.
 */
export const newPayCredential = (): string => randomBytes(32).toString('base64url');

/** The stored form of a biometric payment credential (looked up by equality: a unique index holds it). */
export const hashPayCredential = (credential: string): string =>
  createHmac('sha256', deviceKey).update(credential).digest('base64url');
