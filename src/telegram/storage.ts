import { cloudStorage } from '@telegram-apps/sdk-react';
import { SESSION_MS } from '../../common/envelope';
import { tgEnv } from './env';

/**
 * Values kept as long as a session (SESSION_DAYS, common/envelope.ts): in Telegram CloudStorage as JSON {<key>, expiresAt}, e.g. the session as
 * {token, expiresAt} (an expired one is
 * deleted and treated as absent), or in a cookie of the same lifetime where CloudStorage is unavailable.
 */
const TTL_MS = SESSION_MS;

function readCookie(key: string): string {
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${key}=`));
  return found ? decodeURIComponent(found.slice(key.length + 1)) : '';
}

function writeCookie(key: string, value: string, expiresAt: number) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${key}=${encodeURIComponent(value)}; expires=${new Date(expiresAt).toUTCString()}; path=/; SameSite=Lax${secure}`;
}

const cloudAvailable = () => tgEnv.inTelegram && tgEnv.cloudStorage && cloudStorage.getItem.isAvailable();

export async function getStored(key: string): Promise<string> {
  if (!cloudAvailable()) return readCookie(key);
  try {
    const raw = await cloudStorage.getItem(key);
    if (!raw) return '';
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const value = parsed[key];
    if (typeof value !== 'string' || typeof parsed.expiresAt !== 'number' || parsed.expiresAt <= Date.now()) {
      await cloudStorage.deleteItem(key);
      return '';
    }
    return value;
  } catch {
    // Not our JSON: treat as absent and remove it.
    await cloudStorage.deleteItem(key).catch(() => undefined);
    return '';
  }
}

export async function setStored(key: string, value: string, expiresAt = Date.now() + TTL_MS): Promise<void> {
  if (!cloudAvailable()) return writeCookie(key, value, expiresAt);
  try {
    await cloudStorage.setItem(key, JSON.stringify({ [key]: value, expiresAt }));
  } catch {
    writeCookie(key, value, expiresAt);
  }
}

export async function deleteStored(key: string): Promise<void> {
  writeCookie(key, '', 0);
  if (!cloudAvailable()) return;
  try {
    await cloudStorage.deleteItem(key);
  } catch {
    // Nothing to delete is fine.
  }
}
