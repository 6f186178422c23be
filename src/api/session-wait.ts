/**
 * Telegram's silent login while it runs (src/stores/session.ts, telegramLogin). A call that needs a
 * session and is made meanwhile (a screen that shows before the start-up ends) waits for it, then
 * goes with the new token: without the wait it went without one and came back 401.
 */
let pending: Promise<unknown> | null = null;

/** Registers the login under way; the waits end when it does, however it ends. */
export function loginUnderWay(login: Promise<unknown>): void {
  const settled = login.then(
    () => undefined,
    () => undefined,
  );
  pending = settled;
  void settled.then(() => {
    if (pending === settled) pending = null;
  });
}

/** Resolves once no login is under way (at once when none is). */
export function loginSettled(): Promise<void> {
  return pending ? pending.then(() => undefined) : Promise.resolve();
}

/** Whether a login is under way now. */
export const loginPending = (): boolean => pending !== null;
