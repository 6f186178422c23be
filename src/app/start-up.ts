/**
 * The app's start-up chain (Telegram's silent login, the first navigation), run once per page by
 * the Layout. The public tab screens show before it ends, so an action there that needs a session
 * waits for `finished` rather than taking a Telegram shopper for a visitor.
 */
let finish: () => void = () => {};
export const startUp = {
  done: false,
  finished: new Promise<void>((resolve) => {
    finish = resolve;
  }),
};

export function startUpDone(): void {
  startUp.done = true;
  finish();
}
