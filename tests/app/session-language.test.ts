import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { fakeTelegram } from './support/telegram-client';
import { useRealServer } from './support/server';

/**
 * The language shown is the user's saved one > the stored choice > Telegram's language_code >
 * en-US; user info carrying another language switches the interface.
 */
const server = useRealServer();
const DAY = 24 * 60 * 60 * 1000;

async function launch(cloud: Record<string, string> = {}) {
  fakeTelegram({ cloud }); // the Telegram user speaks "de"
  const { initTelegram } = await import('../../src/telegram/init');
  await initTelegram();
}

describe('language at start-up (restoreSession)', () => {
  it("inside Telegram with no stored choice, Telegram's language_code decides", async () => {
    await launch();
    const { restoreSession, session } = await import('../../src/stores/session');
    expect(await restoreSession()).toBe('de-DE');
    expect(session.setting.lang).toBe('de-DE');
  });

  it("the stored choice wins over Telegram's language_code", async () => {
    await launch({ lang: JSON.stringify({ lang: 'ja-JP', expiresAt: Date.now() + DAY }) });
    const { restoreSession } = await import('../../src/stores/session');
    expect(await restoreSession()).toBe('ja-JP');
  });

  it("an expired stored choice no longer counts: Telegram's decides", async () => {
    await launch({ lang: JSON.stringify({ lang: 'ja-JP', expiresAt: Date.now() - 1 }) });
    const { restoreSession } = await import('../../src/stores/session');
    expect(await restoreSession()).toBe('de-DE');
  });

  it('in a plain browser the language cookie decides, else en-US', async () => {
    const { restoreSession } = await import('../../src/stores/session');
    expect(await restoreSession()).toBe('en-US');
    document.cookie = 'lang=ko-KR; path=/';
    expect(await restoreSession()).toBe('ko-KR');
  });
});

describe('language from user info (the saved language wins)', () => {
  async function loggedIn(account: string, saved: string) {
    const { token } = await server.api.register(account);
    await server.api.endpoint('user.setLanguage', { token, query: { lang: saved } });
    const store = await import('../../src/stores/session');
    const { configureClient } = await import('../../src/api/client');
    configureClient({ getToken: () => store.session.token, onUnauthorized: () => undefined });
    // Start-up as main.tsx does it: restore the session and language, show that language.
    const { initI18n } = await import('../../src/i18n');
    await initI18n(await store.restoreSession());
    store.session.token = token;
    return store;
  }

  it('loading user info with another language switches the interface to it', async () => {
    const { loadUserInfo, session } = await loggedIn('lang_ru', 'ru-RU');
    expect(i18next.language).toBe('en-US');
    await loadUserInfo();
    expect(i18next.language).toBe('ru-RU');
    expect(document.documentElement.lang).toBe('ru-RU');
    expect(session.setting.lang).toBe('ru-RU');
  });

  it('the saved language replaces the stored choice, and is remembered as the new choice', async () => {
    document.cookie = 'lang=ja-JP; path=/';
    const { loadUserInfo } = await loggedIn('lang_tr', 'tr-TR');
    const { getStored } = await import('../../src/telegram/storage');
    expect(i18next.language).toBe('ja-JP');
    await loadUserInfo();
    expect(i18next.language).toBe('tr-TR');
    expect(await getStored('lang')).toBe('tr-TR');
  });

  it('user info in the current language changes nothing', async () => {
    document.cookie = 'lang=th-TH; path=/';
    const { loadUserInfo } = await loggedIn('lang_th', 'th-TH');
    document.cookie = 'lang=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const { getStored } = await import('../../src/telegram/storage');
    await loadUserInfo();
    expect(i18next.language).toBe('th-TH');
    expect(await getStored('lang')).toBe('');
  });
});
