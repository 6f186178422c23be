import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../server/config';
import { createTestApp, type TestApp } from './app';

/** The file's test app (with `overrides`), made before its tests and closed after them. */
export function useTestApp(overrides: Partial<Config> = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(overrides));
  });
  afterAll(() => t.close());
  return t;
}
