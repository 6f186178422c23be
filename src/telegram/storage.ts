import { cloudStorage } from '@telegram-apps/sdk-react';
import { SESSION_MS } from '../../common/envelope';
import { tgEnv } from './env';
import { secureGet, secureSet, secureStorageOffered } from './secure-storage';

/**
 * Values kept as long as a session (SESSION_DAYS, common/envelope.ts): in Telegram CloudStorage as
 * JSON {<key>, expiresAt}, e.g. the session as {token, expiresAt} (an expired one is deleted and
 * treated as absent), or in a cookie of the same lifetime where CloudStorage is unavailable.
 *
 * The session token goes to the phone's keychain instead where the client has SecureStorage (Mini
 * Apps 9.0 on iOS and Android), in the same JSON. A token kept in CloudStorage before moves there
 * when it is read, and a client whose keychain fails keeps it in CloudStorage as before: moving
 * from one to the other never ends the session.
 */
const TTL_MS = SESSION_MS;

/** The keys kept in the keychain where there is one (it holds 10 values per shopper). */
const SECURE_KEYS: ReadonlySet<string> = new Set(['token']);

function readCookie(key: string): string {
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${key}=`));
  return found ? decodeURIComponent(found.slice(key.length + 1)) : '';
}

function writeCookie(key: string, value: string, expiresAt: number) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${key}=${encodeURIComponent(value)}; expires=${new Date(expiresAt).toUTCString()}; path=/; SameSite=Lax${secure}`;
}

const cloudAvailable = () => tgEnv.inTelegram && tgEnv.cloudStorage && cloudStorage.getItem.isAvailable();

/** The value of a kept {<key>, expiresAt}; undefined when it is not ours or has expired. */
function unexpired(key: string, raw: string): string | undefined {
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const value = parsed[key];
    if (typeof value !== 'string' || typeof parsed.expiresAt !== 'number' || parsed.expiresAt <= Date.now())
      return undefined;
    return value;
  } catch {
    return undefined;
  }
}

async function getCloud(key: string): Promise<{ value: string; raw: string }> {
  try {
    const raw = await cloudStorage.getItem(key);
    if (!raw) return { value: '', raw: '' };
    const value = unexpired(key, raw);
    if (value !== undefined) return { value, raw };
  } catch {
    // Out of reach: nothing kept.
  }
  // Expired or not our JSON: treated as absent and removed.
  await cloudStorage.deleteItem(key).catch(() => undefined);
  return { value: '', raw: '' };
}

async function getSecure(key: string): Promise<string | undefined> {
  const raw = await secureGet(key);
  if (raw === undefined) return undefined;
  if (raw) {
    const value = unexpired(key, raw);
    if (value !== undefined) return value;
    await secureSet(key, null);
  }
  // Nothing in the keychain: a value kept in CloudStorage before moves in.
  const cloud = await getCloud(key);
  if (cloud.value && (await secureSet(key, cloud.raw)))
    await cloudStorage.deleteItem(key).catch(() => undefined);
  return cloud.value;
}

export async function getStored(key: string): Promise<string> {
  if (!cloudAvailable()) return readCookie(key);
  if (SECURE_KEYS.has(key) && secureStorageOffered()) {
    const value = await getSecure(key);
    if (value !== undefined) return value;
  }
  return (await getCloud(key)).value;
}

export async function setStored(key: string, value: string, expiresAt = Date.now() + TTL_MS): Promise<void> {
  if (!cloudAvailable()) return writeCookie(key, value, expiresAt);
  const kept = JSON.stringify({ [key]: value, expiresAt });
  if (SECURE_KEYS.has(key) && (await secureSet(key, kept))) {
    // Not left behind in the less safe place.
    await cloudStorage.deleteItem(key).catch(() => undefined);
    return;
  }
  try {
    await cloudStorage.setItem(key, kept);
  } catch {
    writeCookie(key, value, expiresAt);
  }
}

export async function deleteStored(key: string): Promise<void> {
  writeCookie(key, '', 0);
  if (!cloudAvailable()) return;
  if (SECURE_KEYS.has(key)) await secureSet(key, null);
  try {
    await cloudStorage.deleteItem(key);
  } catch {
    // Nothing to delete is fine.
  }
}
