import { sendFailure } from './bot-api';

/*
 * When a message Telegram did not take is tried again, for every worker that sends to Telegram:
 * after the `retry_after` of a 429 when Telegram says one, else after a pause that doubles with
 * each failed try, from `base` seconds up to `cap`.
 */

/** Seconds before the next try after `tries` failed ones: base, 2 × base, 4 × base … at most cap. */
export function backoffSeconds(tries: number, base: number, cap: number): number {
  return Math.min(base * 2 ** Math.max(tries - 1, 0), cap);
}

/** The seconds a 429 asks to wait (whole seconds), or undefined when the failure is not one or says none. */
export function retryAfterSeconds(err: unknown): number | undefined {
  const failure = sendFailure(err);
  if (failure.kind !== 'slowDown') return undefined;
  const after = failure.retryAfter;
  return typeof after === 'number' && after > 0 ? Math.ceil(after) : undefined;
}
