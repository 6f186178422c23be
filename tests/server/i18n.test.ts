import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../../common/api/routes';
import { LANGS } from '../../common/languages';
import { hasKey, translate } from '../../server/lib/i18n';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The foundation's server code and shared schemas (each feature module owns its own check). */
const SOURCES = [
  'server/app.ts',
  'server/web/static-app.ts',
  'server/lib',
  'server/modules/user',
  'server/modules/upload',
  'common/schemas/fields.ts',
  'common/schemas/user.ts',
];

/** Every 'section.key' literal the foundation hands to translate(). */
function messageKeysInSource(): Set<string> {
  const keys = new Set<string>();
  const read = (file: string) => {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/['"`]((?:errors|user|common)\.[a-zA-Z]+)['"`]/g))
      // Endpoint names of the contract ('user.setLanguage') look like keys but are not.
      if (!(m[1] in apiRoutes)) keys.add(m[1]);
  };
  for (const source of SOURCES) {
    const full = path.join(ROOT, source);
    if (source.endsWith('.ts')) read(full);
    else for (const name of readdirSync(full).filter((n) => n.endsWith('.ts'))) read(path.join(full, name));
  }
  return keys;
}

describe('server messages: every key the foundation uses exists in en-US', () => {
  it('each errors.*, user.* and common.* key in its code has English text', () => {
    const keys = [...messageKeysInSource()];
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.filter((k) => !hasKey(k))).toEqual([]);
  });

  it('every language answers each of those keys with some text', () => {
    for (const key of messageKeysInSource()) {
      for (const lang of LANGS) expect(translate(lang, key), `${lang} ${key}`).not.toBe(key);
    }
  });
});

describe('translate: messages in the request language', () => {
  it('fills {{placeholders}} with the given values', () => {
    const text = translate('en-US', 'errors.payPasswordWrong', { left: 3 });
    expect(text).toContain('3');
    expect(text).not.toContain('{{');
  });

  it('a key unknown everywhere answers the key itself rather than nothing', () => {
    expect(translate('de-DE', 'errors.noSuchKeyAnywhere')).toBe('errors.noSuchKeyAnywhere');
    expect(hasKey('errors.noSuchKeyAnywhere')).toBe(false);
    expect(hasKey('errors')).toBe(false);
  });
});
