/**
 * The pure rules of the API layer (time-out, GET parameters, transport messages, the duplicate-submit
 * guard), kept apart from axios so they read plainly and are tested on their own.
 */
export const TIMEOUT_MS = 10_000;
export const REPEAT_WINDOW_MS = 1000;

/** Which transport message (a key of "net") a failed request shows, and its parameters. */
export function transportMessage(
  message: string,
): { key: 'network' | 'timeout' | 'status'; code?: string } | null {
  if (message === 'Network Error') return { key: 'network' };
  if (message.includes('timeout')) return { key: 'timeout' };
  if (message.includes('Request failed with status code')) return { key: 'status', code: message.slice(-3) };
  return null;
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
