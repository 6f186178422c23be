import { render } from '@testing-library/react';

/**
 * Starts the Mini App the way src/main.tsx does (Telegram first, then session and language, then
 * render, then the rest of Telegram's start-up) at `path`. App uses a BrowserRouter, so the path goes into the page's history.
 */
export async function startApp(path: string) {
  window.history.replaceState(null, '', path);
  const { finishTelegram, initTelegram } = await import('@app/telegram/init');
  const { restoreSession } = await import('@app/stores/session');
  const { initI18n } = await import('@app/i18n');
  const { App } = await import('@app/app/App');
  await initTelegram();
  await initI18n(await restoreSession());
  const view = render(<App />);
  finishTelegram();
  return view;
}

/** Stores a token the way a past login left it (a cookie in a plain browser). */
export async function storeToken(token: string) {
  const { setStored } = await import('@app/telegram/storage');
  await setStored('token', token);
}
