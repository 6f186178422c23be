import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { walletSecret } from '../config';

/**
 * The wallet's secrets, all derived from WALLET_KEY (HKDF-SHA256, one purpose each): the AES-256-GCM
 * key of bank card numbers, the key of their fingerprints (so a saved card is found again without
 * storing its number in clear) and the key that signs links to payment evidence pictures.
 *
 * Payment passwords take their key from it too (server/lib/pay-pins.ts).
 *
 * Production refuses to start without WALLET_KEY (server/config.ts). Everywhere else an unset key
 * falls back to a development key (walletSecret, server/config.ts), derived from a public sentence:
 * anyone can compute it, so data encrypted under it is protected by nothing. It exists so a laptop
 * and the test suites run without setting up a secret.
 */

interface Keys {
  cards: Buffer;
  fingerprints: Buffer;
  links: Buffer;
  insecure: boolean;
}

function keysOf(value: string | undefined): Keys {
  return {
    cards: walletSecret(value, 'card numbers'),
    fingerprints: walletSecret(value, 'fingerprints'),
    links: walletSecret(value, 'evidence links'),
    insecure: value === undefined,
  };
}

let keys = keysOf(undefined);

/** Called once at start (buildApp, the admin command line) with the configured WALLET_KEY. */
export function configureWalletKey(value: string | undefined): void {
  keys = keysOf(value);
}

/** True while the public development key is in use (no WALLET_KEY). */
export const usingDevelopmentKey = (): boolean => keys.insecure;

const VERSION = 'v1';

/** A card number encrypted for storage: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encryptCard(digits: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.cards, iv);
  const body = Buffer.concat([cipher.update(digits, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The card number back (the operator's payout); throws when the text was not made with this key. */
export function decryptCard(stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined)
    throw new Error('not an encrypted card number');
  const decipher = createDecipheriv('aes-256-gcm', keys.cards, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** A keyed hash naming a destination (a card number, a network and address) without revealing it. */
export const fingerprint = (text: string): string =>
  createHmac('sha256', keys.fingerprints).update(text).digest('base64url');

/** The signature of a link to `path` valid until `expires` (seconds since the epoch). */
export const linkSignature = (path: string, expires: number): string =>
  createHmac('sha256', keys.links).update(`${path}\n${expires}`).digest('base64url');
