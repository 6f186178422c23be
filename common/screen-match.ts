import { paths } from './paths';
import { SCREENS, type ScreenDef } from './screens';

/*
 * The server's lookup of the screen a path opens (the app has its router): apart from the route
 * table so the app's first scripts do not carry it.
 */

/** A pattern's segments as a regular expression: `:name` one segment, `:name?` an optional one. */
const patternRegex = (pattern: string) =>
  new RegExp(
    '^' +
      pattern
        .split('/')
        .filter(Boolean)
        .map((part) => {
          if (!part.startsWith(':')) return `/${part}`;
          return part.endsWith('?') ? '(?:/([^/]+))?' : '/([^/]+)';
        })
        .join('') +
      '/?$',
    'i',
  );

const MATCHERS = SCREENS.map((screen) => ({ screen, regex: patternRegex(screen.path) }));

/**
 * The screen a path opens ('/' is home), matched as the app's router matches (without case, a
 * trailing slash allowed): for the server, which has no router.
 */
export function findScreen(pathname: string): ScreenDef | undefined {
  const path = pathname === '/' ? paths.home.pattern : pathname;
  return MATCHERS.find(({ regex }) => regex.test(path))?.screen;
}
