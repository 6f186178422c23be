import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../common/languages';
import { specGroups, specLabel } from '../../server/modules/catalog/spec-labels';

const locale = (lang: string) =>
  (
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../locales', `${lang}.json`), 'utf8')) as {
      specs: { groups: Record<string, string>; values: Record<string, string> };
    }
  ).specs;

describe('spec names come from the locale files', () => {
  it.each(LANGS)('%s: every dimension and value named in its file is shown by that name', (lang) => {
    const { groups, values } = locale(lang);
    for (const [key, name] of Object.entries(groups)) {
      expect(specGroups([{ options: { [key]: 'x' } }], lang)[0].name).toBe(name);
    }
    for (const [key, name] of Object.entries(values)) {
      expect(specLabel({ colour: key }, lang)).toBe(name);
    }
  });

  it('a label lists the values by dimension, known dimensions first: "Rot / M"', () => {
    expect(specLabel({ size: 'M', colour: 'red' }, 'de-DE')).toBe('Rot / M');
    expect(specLabel({ finish: 'matte', storage: '128GB', colour: 'black' }, 'en-US')).toBe(
      'Black / 128GB / matte',
    );
  });

  it('a key without a name is shown as it is, also one that names an object property', () => {
    expect(specLabel({ size: 'XL' }, 'ja-JP')).toBe('XL');
    expect(specLabel({ colour: 'constructor' }, 'en-US')).toBe('constructor');
    expect(specLabel({ colour: 'constructor.name' }, 'en-US')).toBe('constructor.name');
    expect(specGroups([{ options: { toString: 'a' } }], 'ru-RU')[0].name).toBe('toString');
  });
});
