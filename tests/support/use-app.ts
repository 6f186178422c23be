import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../server/config';
import { createTestApp } from './app';

/**
 * The file's app (or a fixture around one) as `make` makes it, made before its tests and closed
 * after them. What it answers is filled in when the file's tests start.
 */
export function useApp<App extends { close(): Promise<void> }>(make: () => Promise<App>): App {
  const t = {} as App;
  beforeAll(async () => {
    Object.assign(t, await make());
  });
  afterAll(() => t.close());
  return t;
}

/** The file's test app (with `overrides`), made before its tests and closed after them. */
export const useTestApp = (overrides: Partial<Config> = {}) => useApp(() => createTestApp(overrides));
