import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../server/config';
import { createTestApp, type TestApp } from './app';

/**
 * The file's app as `make` makes it, made before its tests and closed after them. What it answers
 * is filled in when the file's tests start.
 */
export function useApp(make: () => Promise<TestApp>): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await make());
  });
  afterAll(() => t.close());
  return t;
}

/** The file's test app (with `overrides`), made before its tests and closed after them. */
export const useTestApp = (overrides: Partial<Config> = {}) => useApp(() => createTestApp(overrides));
