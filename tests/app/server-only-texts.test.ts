import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../../common/api/routes';
import en from '../../locales/en-US.json';
import { SERVER_ONLY_SECTIONS } from '../../src/i18n/server-only';

/**
 * The app's build leaves the server's sections out of its language files (vite.config.ts), so no
 * app code may ask for one of their keys: it would show the key itself. Endpoint names that share
 * a section's word ('checkout.preview', 'notify.list') are not texts.
 */
const SRC = path.resolve(import.meta.dirname, '../../src');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
  });

describe('texts only the server reads', () => {
  it('are real sections of the locale files', () => {
    for (const section of SERVER_ONLY_SECTIONS) expect(Object.keys(en)).toContain(section);
  });

  it('are never asked for by the app', () => {
    const pattern = new RegExp(`['"\`](?:${SERVER_ONLY_SECTIONS.join('|')})\\.[\\w.]+['"\`]`, 'g');
    const used = files(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(pattern)]
        .map((m) => m[0].slice(1, -1))
        .filter((key) => !Object.hasOwn(apiRoutes, key))
        .map((key) => `${path.relative(SRC, file)}: ${key}`),
    );
    expect(used).toEqual([]);
  });
});
