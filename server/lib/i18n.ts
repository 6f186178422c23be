import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANG, LANGS, type Lang } from '../../common/languages';
import { ROOT } from './root';

/**
 * Server-side translation from the same locale files the Mini App uses, so a message reads the
 * same wherever it is shown. Interpolation uses i18next's {{name}} syntax.
 */
type Tree = { [key: string]: string | Tree };

const LOCALES_DIR = path.join(ROOT, 'locales');

const catalogs = new Map<Lang, Tree>(
  LANGS.map((lang) => [
    lang,
    JSON.parse(readFileSync(path.join(LOCALES_DIR, `${lang}.json`), 'utf8')) as Tree,
  ]),
);

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    // Own keys only: a key built from data ('specs.values.constructor') must not reach Object's.
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function translate(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const text = lookup(catalogs.get(lang), key) ?? lookup(catalogs.get(DEFAULT_LANG), key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export function hasKey(key: string): boolean {
  return lookup(catalogs.get(DEFAULT_LANG), key) !== undefined;
}
