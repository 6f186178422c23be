import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router-dom';
import { SCREENS, screenTitle, type RouteKey, type ScreenDef } from '../../common/screens';
import { askFirstAnswers, type FirstAnswers } from '../api/first-answers';
import { loadLaterTexts } from '../i18n';
import { session } from '../stores/session';
import { tgEnv } from '../telegram/env';

/** A screen of the route table (common/screens.ts) with its lazily loaded component. */
export interface RouteDef extends ScreenDef {
  screen: LazyExoticComponent<ComponentType>;
}

/**
 * A screen's code and, for a screen beyond the tab roots, the rest of the language's texts load
 * together (src/i18n/later-sections.ts), so it never renders a key. Texts that fail to load
 * (offline) do not hold the screen back; the next screen asks again.
 */
const withLaterTexts = (code: Promise<PageModule>) =>
  Promise.all([code, loadLaterTexts().catch(() => undefined)]).then(([m]) => m);

/** A page module: its screen, and what its first view asks the server (src/api/first-answers.ts). */
interface PageModule {
  default: ComponentType;
  firstAnswers?: FirstAnswers;
}

/** A screen loading ahead: `ready` once its code (and texts) are there, `code` the module alone. */
interface Started {
  ready: () => Promise<void>;
  code: Promise<PageModule>;
}

/** How start-up loads each screen ahead when a page opens on it (startFirstScreen). */
const starters = new WeakMap<ComponentType, () => Started>();

/**
 * A lazy screen that start-up can load ahead when a page opens on it (main.tsx): its code is asked
 * for beside Telegram's login instead of after the first render, and once loaded React gets it
 * from an already-settled thenable and renders it in the same pass, without a Suspense fallback
 * and a second render first. `texts`: it needs the later texts too.
 */
function screen(load: () => Promise<PageModule>, { texts = false } = {}) {
  let loaded: PageModule | undefined;
  const withTexts = (code: Promise<PageModule>) => (texts ? withLaterTexts(code) : code);
  const component = lazy(() =>
    loaded
      ? ({ then: (done: (m: { default: ComponentType }) => void) => done(loaded!) } as Promise<{
          default: ComponentType;
        }>)
      : withTexts(load()),
  );
  /** Starts loading the code now; `ready` waits for it and, once the language is set, the texts. */
  starters.set(component, () => {
    const code = load();
    // A failure is the lazy screen's to show (it loads again); ready() reports it too.
    code.catch(() => undefined);
    return { ready: () => withTexts(code).then((m) => void (loaded = m)), code };
  });
  return component;
}

/** Every page module (src/features/<feature>/pages/<Page>.tsx), each its own chunk. */
const PAGES = import.meta.glob<PageModule>('../features/*/pages/*Page.tsx');

/** One component per page, shared by the paths that show it (so it stays mounted between them). */
const components = new Map<string, LazyExoticComponent<ComponentType>>();
function pageScreen({ page, tab }: ScreenDef): LazyExoticComponent<ComponentType> {
  let component = components.get(page);
  if (!component) {
    const [feature, name] = page.split('/');
    const load = PAGES[`../features/${feature}/pages/${name}.tsx`];
    if (!load) throw new Error(`No page module for ${page}`);
    // A screen beyond the tab roots needs the rest of the language's texts too.
    component = screen(load, { texts: !tab });
    components.set(page, component);
  }
  return component;
}

/** The one route table (common/screens.ts), each path with its screen. */
export const ROUTES: RouteDef[] = SCREENS.map((def) => ({ ...def, screen: pageScreen(def) }));

/** The title key of `route` opened with query string `search`. */
export const routeTitle = (route: RouteDef, search: string): RouteKey => screenTitle(route, search);

/** Whether `pathname` opens a screen. */
export function hasScreen(pathname: string): boolean {
  return findRoute(pathname) !== null;
}

export function findRoute(
  pathname: string,
): { route: RouteDef; params: Record<string, string | undefined> } | null {
  for (const route of ROUTES) {
    const m = matchPath({ path: route.path, end: true }, pathname);
    if (m) return { route, params: m.params };
  }
  return null;
}

/**
 * The first screen's code, loaded ahead of the first render beside start-up (Telegram's login, the
 * language): whichever screen the page opens on. The server preloads the opened screen's code with
 * the page itself (server/web/boot.ts). `askAnswers`: once the code is there, asks for the answers
 * its first view shows (the page module's `firstAnswers`) in interface language `lang`, when
 * there is a session or Telegram's login is under way (a visitor's screen is the login form).
 */
export function startFirstScreen(
  pathname: string,
  search = '',
): { ready: () => Promise<void>; askAnswers: (lang: string) => Promise<void> } | undefined {
  const found = findRoute(pathname === '/' ? '/home' : pathname);
  const started = found && starters.get(found.route.screen)?.();
  if (!started) return undefined;
  return {
    ready: started.ready,
    askAnswers: async (lang) => {
      if (!tgEnv.inTelegram && !session.token) return;
      await started.code
        .then((m) => {
          const answers = m.firstAnswers?.({ params: found.params, search });
          if (answers) askFirstAnswers(answers, lang);
        })
        .catch(() => undefined);
    },
  };
}
