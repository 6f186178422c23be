import '@telegram-apps/telegram-ui/dist/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ROOT_ELEMENT_ID } from '../common/boot';
import { paths } from '../common/paths';
import { startParamToPath } from '../common/start-param';
import { loadHttpClient } from './api/client';
import { App } from './app/App';
import { hasScreen, startFirstScreen } from './app/routes';
import { startUp } from './app/start-up';
import { initI18n, loadLaterTexts } from './i18n';
import { restoreSession, telegramLogin } from './stores/session';
import { tgEnv } from './telegram/env';
import { finishTelegram, initTelegram } from './telegram/init';

/**
 * Start-up in three steps: read the launch parameters and initialise the SDK once (before the
 * router touches the URL), restore the session and language, then render.
 */
/** The latest the rest of Telegram's start-up waits for a first frame (finishTelegram). */
const FINISH_TELEGRAM_LATEST_MS = 1000;
/** After the first screen's paint and its pictures' first requests. */
const LATER_TEXTS_DELAY_MS = 1500;

/** A start-up step as a user-timing mark ('shop:…'): `npm run lcp` prints them beside the paint. */
const mark = (step: string) => performance.mark(`shop:${step}`);

async function start() {
  // The app restores kept-alive screens' positions itself.
  history.scrollRestoration = 'manual';
  mark('start');
  if (import.meta.env.DEV && import.meta.env.VITE_TG_MOCK) {
    const { mockTelegram } = await import('./telegram/mock-env');
    await mockTelegram();
  }
  // '/' and a path that opens no screen open home, as the server's first page does (server/web/boot.ts;
  // its script opens home for a Telegram launch on /login, where the login is silent).
  if (!hasScreen(location.pathname))
    history.replaceState(null, '', paths.home.href() + location.search + location.hash);
  // The first screen's code loads beside start-up, so its first render needs no Suspense pass.
  const first = startFirstScreen(location.pathname, location.search);
  await initTelegram();
  mark('telegram');
  // Inside Telegram the silent login is the first call: its client loads while start-up goes on.
  if (tgEnv.inTelegram) loadHttpClient();
  const lang = await restoreSession();
  mark('session');
  await initI18n(lang);
  mark('i18n');
  // Telegram's silent login goes out now, beside the first screen's code, not after the first render.
  startUp.login = telegramLogin();
  // The first screen's answers go out beside it (with the login's proof), not after the first render.
  void first?.askAnswers(lang);
  await first?.ready().catch(() => undefined);
  mark('screen');
  // A deep link (startapp=...) opens its route once per launch, not again on reload.
  if (tgEnv.startParam && !sessionStorage.getItem('shop/startParamUsed')) {
    sessionStorage.setItem('shop/startParamUsed', '1');
    const to = startParamToPath(tgEnv.startParam);
    if (location.pathname === '/home') history.replaceState(null, '', to);
  }
  createRoot(document.getElementById(ROOT_ELEMENT_ID) as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  mark('render');
  // After the first screen's paint (the frame after React's render task): the rest of the SDK; a
  // page that paints no frame (hidden) gets it a second later all the same.
  requestAnimationFrame(() => setTimeout(finishTelegram, 0));
  setTimeout(finishTelegram, FINISH_TELEGRAM_LATEST_MS);
  // The other screens' texts follow once the first screen is up, so opening one waits for nothing.
  setTimeout(() => void loadLaterTexts().catch(() => undefined), LATER_TEXTS_DELAY_MS);
}

void start();
