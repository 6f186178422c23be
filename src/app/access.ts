import { paths } from '../../common/paths';

/** A route's fixed part: `/shop/:id?` -> `/shop`. */
const base = (route: { pattern: string }) => route.pattern.split('/:')[0];

/**
 * Route access: these prefixes are open without login (sub-paths too); every other path needs a
 * token. A visitor is sent to /login; a logged-in user opening /login goes to /. /reviews, a
 * product's whole list of reviews, is as public as the product page that links to it.
 */
export const PUBLIC_PREFIXES: readonly string[] = [
  paths.login,
  paths.register,
  paths.home,
  paths.shop,
  paths.explore,
  paths.detail,
  paths.reviews,
  paths.search,
  paths.forgotPassword,
  paths.changePassword,
].map(base);

export type Access = { allow: true } | { allow: false; redirect: string; reason?: 'loginFirst' };

export function isPublicPath(path: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export function checkAccess(path: string, hasToken: boolean): Access {
  if (path === paths.root.href() || path === '') return { allow: false, redirect: paths.home.href() };
  if (hasToken && path.startsWith(paths.login.href())) return { allow: false, redirect: paths.root.href() };
  if (!hasToken && !isPublicPath(path))
    return { allow: false, redirect: paths.login.href(), reason: 'loginFirst' };
  return { allow: true };
}

export interface ChainDeps {
  hasToken: () => boolean;
  hasUserInfo: () => boolean;
  loadUserInfo: () => Promise<unknown>;
  logout: () => Promise<unknown>;
  clearSession: () => Promise<unknown>;
}

/**
 * The first-navigation chain: with a token but no user info, load user info; if that fails, try to
 * log out and go to /login; if logout fails too, clear the token and go to /. Answers where to go,
 * or undefined to stay.
 */
export async function firstNavigation(deps: ChainDeps): Promise<string | undefined> {
  if (!deps.hasToken() || deps.hasUserInfo()) return undefined;
  try {
    await deps.loadUserInfo();
    return undefined;
  } catch {
    try {
      await deps.logout();
      return paths.login.href();
    } catch {
      await deps.clearSession();
      return paths.root.href();
    }
  }
}
