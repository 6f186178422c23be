import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTelegram, type FakeTelegramOptions } from './support/telegram-client';

/**
 * The token is kept in Telegram CloudStorage as { token, expiresAt } for 3 days (an expired one is
 * deleted and treated as absent); without CloudStorage, in a 3-day cookie.
 */
const DAY = 24 * 60 * 60 * 1000;

/** The app started inside the mocked Telegram client `options` describes. */
async function launch(options: FakeTelegramOptions) {
  const client = fakeTelegram(options);
  const { initTelegram } = await import('../../src/telegram/init');
  await initTelegram();
  return client;
}

const launchInTelegram = (cloud: Record<string, string> = {}) => launch({ cloud });

const modules = async () => ({
  ...(await import('../../src/telegram/storage')),
  ...(await import('../../src/stores/session')),
});

const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** Stores `token`: `store` then keeps it as JSON { token, expiresAt }, expiring 3 days ahead. */
async function expectKeptFor3Days(store: Map<string, string>, token: string) {
  const { setStored } = await modules();
  const before = Date.now();
  await setStored('token', token);
  const saved = JSON.parse(store.get('token') ?? '{}') as { token: string; expiresAt: number };
  expect(saved.token).toBe(token);
  expect(saved.expiresAt).toBeGreaterThanOrEqual(before + 3 * DAY);
  expect(saved.expiresAt).toBeLessThanOrEqual(Date.now() + 3 * DAY);
}

describe('token storage: inside Telegram, in CloudStorage', () => {
  it('stores the token as JSON { token, expiresAt } 3 days ahead, and no cookie', async () => {
    const client = await launchInTelegram();
    await expectKeptFor3Days(client.cloud, 'tok-1');
    expect(cookie('token')).toBeUndefined();
  });

  it('restores a stored token that has not expired', async () => {
    await launchInTelegram({ token: JSON.stringify({ token: 'tok-2', expiresAt: Date.now() + DAY }) });
    const { restoreSession, session } = await modules();
    await restoreSession();
    expect(session.token).toBe('tok-2');
  });

  it('deletes an expired token and treats it as absent', async () => {
    const client = await launchInTelegram({
      token: JSON.stringify({ token: 'tok-old', expiresAt: Date.now() - 1 }),
    });
    const { restoreSession, session } = await modules();
    await restoreSession();
    expect(session.token).toBe('');
    expect(client.cloud.has('token')).toBe(false);
  });

  it('deletes a stored value without an expiry', async () => {
    const client = await launchInTelegram({ token: JSON.stringify({ token: 'tok-forever' }) });
    const { getStored } = await modules();
    expect(await getStored('token')).toBe('');
    expect(client.cloud.has('token')).toBe(false);
  });

  it('reads a value that is not JSON as absent', async () => {
    await launchInTelegram({ token: 'not-json' });
    const { getStored } = await modules();
    expect(await getStored('token')).toBe('');
  });

  it('logging out (clearSession) deletes the stored token', async () => {
    const client = await launchInTelegram({
      token: JSON.stringify({ token: 'tok-3', expiresAt: Date.now() + DAY }),
    });
    const { restoreSession, clearSession, session } = await modules();
    await restoreSession();
    await clearSession();
    expect(session.token).toBe('');
    expect(client.cloud.has('token')).toBe(false);
  });

  it('keeps the language choice the same way, as { lang, expiresAt }', async () => {
    const client = await launchInTelegram();
    const { changeLanguage } = await modules();
    await changeLanguage('ja-JP', { save: false });
    const saved = JSON.parse(client.cloud.get('lang') ?? '{}') as { lang: string; expiresAt: number };
    expect(saved.lang).toBe('ja-JP');
    expect(saved.expiresAt - Date.now()).toBeGreaterThan(3 * DAY - 60_000);
  });
});

/** A 9.0 client: a phone with its keychain (`secure`; one without answers it failed), or a desktop. */
const launchOn9 = (opts: Pick<FakeTelegramOptions, 'secure' | 'cloud' | 'platform'>) =>
  launch({ version: '9.0', platform: 'ios', ...opts });

const kept = (token: string, expiresAt = Date.now() + DAY) => JSON.stringify({ token, expiresAt });

describe('token storage: in the phone’s keychain where the client has SecureStorage (Mini Apps 9.0)', () => {
  it('keeps the token as { token, expiresAt } in the keychain, not in CloudStorage, and restores it', async () => {
    const client = await launchOn9({ secure: {} });
    await expectKeptFor3Days(client.secure, 'tok-s1');
    expect(client.cloud.has('token')).toBe(false);
    const { restoreSession, session } = await modules();
    await restoreSession();
    expect(session.token).toBe('tok-s1');
  });

  it('a token kept in CloudStorage before moves into the keychain on the next start, still signed in', async () => {
    const client = await launchOn9({ secure: {}, cloud: { token: kept('tok-s2') } });
    const { restoreSession, session } = await modules();
    await restoreSession();
    expect(session.token).toBe('tok-s2');
    expect(JSON.parse(client.secure.get('token') ?? '{}')).toMatchObject({ token: 'tok-s2' });
    expect(client.cloud.has('token')).toBe(false);
  });

  it('an expired token in the keychain is removed and counts as absent', async () => {
    const client = await launchOn9({ secure: { token: kept('tok-old', Date.now() - 1) } });
    const { restoreSession, session } = await modules();
    await restoreSession();
    expect(session.token).toBe('');
    expect(client.secure.has('token')).toBe(false);
  });

  it('logging out removes the token from the keychain and from CloudStorage', async () => {
    const client = await launchOn9({ secure: { token: kept('tok-s3') } });
    client.cloud.set('token', kept('tok-s3'));
    const { restoreSession, clearSession, session } = await modules();
    await restoreSession();
    await clearSession();
    expect(session.token).toBe('');
    expect(client.secure.has('token')).toBe(false);
    expect(client.cloud.has('token')).toBe(false);
  });

  it('a desktop client is not asked, and keeps the token in CloudStorage', async () => {
    const client = await launchOn9({ platform: 'tdesktop', secure: {}, cloud: { token: kept('tok-s8') } });
    const { restoreSession, session, setStored } = await modules();
    await restoreSession();
    expect(session.token).toBe('tok-s8');
    await setStored('token', 'tok-s9');
    expect(JSON.parse(client.cloud.get('token') ?? '{}')).toMatchObject({ token: 'tok-s9' });
    expect(client.calls.some((c) => c.method.startsWith('web_app_secure_storage_'))).toBe(false);
  });

  it('a phone whose keychain fails keeps the token in CloudStorage and asks the keychain once', async () => {
    const client = await launchOn9({ platform: 'android', cloud: { token: kept('tok-s4') } });
    const { restoreSession, session, setStored } = await modules();
    await restoreSession();
    expect(session.token).toBe('tok-s4');
    await setStored('token', 'tok-s5');
    expect(JSON.parse(client.cloud.get('token') ?? '{}')).toMatchObject({ token: 'tok-s5' });
    expect(client.calls.filter((c) => c.method.startsWith('web_app_secure_storage_'))).toHaveLength(1);
  });

  it('only the token goes to the keychain: the language stays in CloudStorage', async () => {
    const client = await launchOn9({ secure: {} });
    const { changeLanguage } = await modules();
    await changeLanguage('de-DE', { save: false });
    expect(client.cloud.has('lang')).toBe(true);
    expect(client.secure.size).toBe(0);
  });

  it('a client older than 9.0 is never asked for SecureStorage', async () => {
    const client = await launchInTelegram({ token: kept('tok-s6') });
    const { restoreSession, session, setStored } = await modules();
    await restoreSession();
    await setStored('token', 'tok-s7');
    expect(session.token).toBe('tok-s6');
    expect(client.calls.some((c) => c.method.startsWith('web_app_secure_storage_'))).toBe(false);
    expect(JSON.parse(client.cloud.get('token') ?? '{}')).toMatchObject({ token: 'tok-s7' });
  });
});

describe('token storage: in a plain browser, in a 3-day cookie', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the token to a cookie and reads it back', async () => {
    const { restoreSession, session, setStored } = await modules();
    await setStored('token', 'tok-4');
    expect(cookie('token')).toBe('tok-4');
    await restoreSession();
    expect(session.token).toBe('tok-4');
  });

  it('the cookie lasts 3 days and not longer', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T10:00:00Z') });
    const { getStored, setStored } = await modules();
    await setStored('token', 'tok-5');
    vi.setSystemTime(new Date('2026-03-04T09:59:00Z'));
    expect(await getStored('token')).toBe('tok-5');
    vi.setSystemTime(new Date('2026-03-04T10:01:00Z'));
    expect(await getStored('token')).toBe('');
  });

  it('clearSession removes the cookie', async () => {
    const { clearSession, restoreSession, session, setStored } = await modules();
    await setStored('token', 'tok-6');
    await restoreSession();
    await clearSession();
    expect(session.token).toBe('');
    expect(cookie('token')).toBeUndefined();
  });
});
