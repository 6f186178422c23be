import { ApiError } from './client';

/**
 * Idempotency keys for the calls that make orders or move money (checkout.submit, payGroup,
 * payOrder). One key stands for one intent of the shopper: it is made when they press Submit or
 * confirm their payment password, sent again when the same request is retried after the answer was
 * lost (a time-out, a dropped connection, a server fault), and dropped once the server has answered
 * for certain, so the next attempt (another password, another order) is a new intent.
 */

/** 32 hex characters from the platform's secure random source (it works on plain-HTTP pages too). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether a failed call got a definite answer: the server said what happened (a refusal, a wrong
 * password). A transport failure (code -1: no answer, or not even sent) and a server fault may or
 * may not have done the work: only the same key may try again.
 */
export const answeredForCertain = (e: unknown): boolean =>
  e instanceof ApiError && e.code !== -1 && e.error !== 'errors.server';

export interface Intent {
  /**
   * Sends `body` with this intent's key: the pending one when the same body is being retried after
   * an uncertain failure, else a new one.
   */
  run<T>(body: unknown, send: (key: string) => Promise<T>): Promise<T>;
  /** The key the next run of the same body would send (undefined when none is pending). */
  readonly pendingKey: string | undefined;
}

export function createIntent(makeKey: () => string = newIdempotencyKey): Intent {
  let pending: { key: string; body: string } | undefined;
  return {
    async run(body, send) {
      const text = JSON.stringify(body ?? null);
      if (!pending || pending.body !== text) pending = { key: makeKey(), body: text };
      const { key } = pending;
      try {
        const answer = await send(key);
        pending = undefined;
        return answer;
      } catch (e) {
        if (answeredForCertain(e) && pending?.key === key) pending = undefined;
        throw e;
      }
    },
    get pendingKey() {
      return pending?.key;
    },
  };
}
