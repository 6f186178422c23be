/**
 * The app's start-up chain (Telegram's silent login, the first navigation), run once per page by
 * the Layout. The public tab screens show before it ends, so an action there that needs a session
 * waits for `finished` rather than taking a Telegram shopper for a visitor. `login`: Telegram's
 * silent login, begun by start-up before the first render (main.tsx).
 */
let finish: () => void = () => {};
export const startUp: { done: boolean; finished: Promise<void>; login?: Promise<boolean> } = {
  done: false,
  finished: new Promise<void>((resolve) => {
    finish = resolve;
  }),
};

export function startUpDone(): void {
  startUp.done = true;
  finish();
}
