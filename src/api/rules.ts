/**
 * The pure rules of the API layer (time-out, transport messages, the duplicate-submit guard), kept
 * apart from the transport so they read plainly and are tested on their own.
 */
export const TIMEOUT_MS = 10_000;
export const REPEAT_WINDOW_MS = 1000;

/** How a call failed below the API's envelope (src/api/transport.ts). */
export type TransportFailure =
  { kind: 'network' } | { kind: 'timeout' } | { kind: 'canceled' } | { kind: 'status'; status: number };

/** A call that did not end in a 2xx answer: no answer, too late, called off, or the answer's status. */
export class TransportError extends Error {
  constructor(
    readonly failure: TransportFailure,
    /** The answer's body, parsed when it is JSON (a refusal's envelope), for a `status` failure. */
    readonly body?: unknown,
  ) {
    super(failure.kind === 'status' ? `HTTP ${failure.status}` : failure.kind);
  }
}

/**
 * Which transport message (a key of "net") a failed call shows, and its parameters; null for a call
 * the app called off itself, which shows nothing of its own.
 */
export function transportMessage(
  failure: TransportFailure,
): { key: 'network' | 'timeout' | 'status'; code?: string } | null {
  if (failure.kind === 'status') return { key: 'status', code: String(failure.status) };
  return failure.kind === 'canceled' ? null : { key: failure.kind };
}

/**
 * The duplicate-submit guard: a POST or PUT with the same URL and body as the previous one within
 * 1000 ms is refused. Answers true when the request must be refused.
 */
export function createRepeatGuard(now: () => number = Date.now) {
  let last: { url: string; body: string; time: number } | undefined;
  return (url: string, body: unknown): boolean => {
    const text = typeof body === 'string' ? body : JSON.stringify(body ?? null);
    const time = now();
    if (last && last.url === url && last.body === text && time - last.time < REPEAT_WINDOW_MS) return true;
    last = { url, body: text, time };
    return false;
  };
}
