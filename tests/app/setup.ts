import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { DEFAULT_LANG } from '../../common/languages';
import { initI18n } from '../../src/i18n';

/**
 * Isolation for the Mini App suite. Our modules (valtio stores, the client's duplicate guard) are
 * re-imported fresh by every test (`vi.resetModules()`, tests import src dynamically); the
 * Telegram SDK and i18next live in node_modules and keep their state for the whole file, so
 * what they persist (sessionStorage, language) is reset here.
 */
// Screens wait on the real server: give findBy/waitFor room on a busy machine.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  // A file's own start: what its beforeAll imports is not what the worker's previous file loaded.
  vi.resetModules();
  await initI18n(DEFAULT_LANG);
});

beforeEach(() => {
  vi.resetModules();
  sessionStorage.clear();
  localStorage.clear();
  for (const cookie of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${cookie.split('=')[0]}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  delete (window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy;
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  // A silent login the test left under way would land in the next test: store its token and switch
  // the language the next test reads (i18next outlives vi.resetModules). Its end is awaited here,
  // in this test's module graph (the registry is reset only before the next test).
  const { loginSettled } = await import('../../src/api/session-wait');
  await loginSettled();
  // The test's queries and mutations end with it: a retry after the file's server has closed would
  // otherwise go on into the worker's next file (whose spies count the calls).
  const { queryClient } = await import('../../src/api/query-client');
  queryClient.clear();
  if (i18next.language !== DEFAULT_LANG) await i18next.changeLanguage(DEFAULT_LANG);
});

// jsdom has no layout: scrolling is a no-op here instead of a "not implemented" error.
window.scrollTo = () => undefined;
