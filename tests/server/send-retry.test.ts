import { GrammyError, HttpError } from 'grammy';
import { describe, expect, it } from 'vitest';
import { backoffSeconds, retryAfterSeconds } from '../../server/telegram/send-retry';

const telegramError = (error_code: number, parameters: { retry_after?: number } = {}) =>
  new GrammyError(
    'Call to sendMessage failed',
    { ok: false, error_code, description: 'refused', parameters },
    'sendMessage',
    {},
  );

describe('send retry: a failed send waits longer each time', () => {
  it('the pause doubles with each failed try, from the base up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((tries) => backoffSeconds(tries, 5, 60))).toEqual([5, 10, 20, 40, 60]);
    expect(backoffSeconds(30, 5, 3600)).toBe(3600);
    // No try failed yet counts as the first.
    expect(backoffSeconds(0, 5, 60)).toBe(5);
  });
});

describe("send retry: Telegram's 429 is honoured", () => {
  it('a 429 waits its retry_after, rounded up to whole seconds', () => {
    expect(retryAfterSeconds(telegramError(429, { retry_after: 7 }))).toBe(7);
    expect(retryAfterSeconds(telegramError(429, { retry_after: 1.2 }))).toBe(2);
  });

  it('a 429 without retry_after, another refusal or a network error says no wait of its own', () => {
    expect(retryAfterSeconds(telegramError(429))).toBeUndefined();
    expect(retryAfterSeconds(telegramError(500, { retry_after: 7 }))).toBeUndefined();
    expect(
      retryAfterSeconds(new HttpError('Network request failed', new Error('ECONNRESET'))),
    ).toBeUndefined();
  });
});
