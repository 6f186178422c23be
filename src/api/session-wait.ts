/**
 * Telegram's silent login while it runs (src/stores/session.ts, telegramLogin). A call that needs a
 * session and is made meanwhile (a screen that shows before the start-up ends) goes at once with
 * the launch's signed init data (src/api/call.ts: the server answers as the shopper it names):
 * without it the call went without a token and came back 401. A logout waits for the login to end.
 */
let pending: Promise<unknown> | null = null;
let pendingProof: string | undefined;

/** Registers the login under way, with the init data it sends; the waits end when it does, however it ends. */
export function loginUnderWay(login: Promise<unknown>, initData: string): void {
  const settled = login.then(
    () => undefined,
    () => undefined,
  );
  pending = settled;
  pendingProof = initData;
  void settled.then(() => {
    if (pending !== settled) return;
    pending = null;
    pendingProof = undefined;
  });
}

/** The init data of Telegram's silent login while it is under way. */
export const loginProof = (): string | undefined => pendingProof;

/** Resolves once no login is under way (at once when none is). */
export function loginSettled(): Promise<void> {
  return pending ? pending.then(() => undefined) : Promise.resolve();
}
