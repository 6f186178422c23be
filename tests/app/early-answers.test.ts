import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_GLOBAL, type EarlyAnswers } from '../../common/boot';
import { takeEarly } from '../../src/api/early';

/** The answers a private screen's page asked for itself (server/web/early-answers.ts), as the app takes them. */
const URL = '/api/user/order_list?page=1&limit=10';
const envelope = { code: 1, msg: 'ok', data: { list: [] } };

function pageAsked(early: Partial<EarlyAnswers>) {
  (window as unknown as Record<string, EarlyAnswers>)[EARLY_GLOBAL] = {
    lang: 'de',
    at: Date.now(),
    answers: { [URL]: Promise.resolve(envelope) },
    ...early,
  };
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[EARLY_GLOBAL];
  vi.useRealTimers();
});

describe('takeEarly', () => {
  it('answers a call of the same address in the language Telegram names, once', async () => {
    pageAsked({});
    expect(await takeEarly(URL, 'de-DE', '')).toEqual(envelope);
    expect(takeEarly(URL, 'de-DE', '')).toBeUndefined();
  });

  it('leaves other addresses, another language and a stale answer to the network', () => {
    pageAsked({});
    expect(takeEarly('/api/user/order_list?page=2&limit=10', 'de-DE', '')).toBeUndefined();
    expect(takeEarly(URL, 'ja-JP', '')).toBeUndefined();
    pageAsked({ at: Date.now() - 16_000 });
    expect(takeEarly(URL, 'de-DE', '')).toBeUndefined();
    // A language Telegram names that the shop lacks meant English for the page's calls too.
    pageAsked({ lang: 'pt-br' });
    expect(takeEarly(URL, 'en-US', '')).toBeDefined();
  });

  it('a call with a session takes it only when the launch’s silent login made that session', async () => {
    pageAsked({});
    expect(takeEarly(URL, 'de-DE', 'restored-token')).toBeUndefined();
    pageAsked({ token: 'launch-token' });
    expect(takeEarly(URL, 'de-DE', 'other-token')).toBeUndefined();
    pageAsked({ token: 'launch-token' });
    expect(await takeEarly(URL, 'de-DE', 'launch-token')).toEqual(envelope);
  });

  it('answers nothing where the page asked nothing', () => {
    expect(takeEarly(URL, 'en-US', '')).toBeUndefined();
  });
});
