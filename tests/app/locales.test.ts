import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../common/languages';

/** Every interface language holds every key, with the same placeholders, and the app uses no missing key. */
const root = path.resolve(import.meta.dirname, '../..');
type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flatten(v, `${prefix}${k}.`)),
    ),
  );
const load = (lang: string) =>
  flatten(JSON.parse(readFileSync(path.join(root, 'locales', `${lang}.json`), 'utf8')) as Tree);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const source = load('en-US');

describe('locale files', () => {
  it('there is one file per interface language and no other', () => {
    const files = readdirSync(path.join(root, 'locales')).filter((f) => f.endsWith('.json'));
    expect(files.map((f) => f.replace('.json', '')).sort()).toEqual([...LANGS].sort());
  });

  it.each(LANGS.filter((l) => l !== 'en-US'))(
    '%s has exactly the keys of en-US, none empty, same placeholders',
    (lang) => {
      const file = load(lang);
      expect(Object.keys(file).filter((k) => !(k in source))).toEqual([]);
      expect(Object.keys(source).filter((k) => !(k in file))).toEqual([]);
      for (const [key, text] of Object.entries(file)) {
        expect(text.trim(), `${lang} ${key}`).not.toBe('');
        expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(source[key]));
      }
    },
  );

  it.each(LANGS.filter((l) => l !== 'en-US'))(
    '%s is really translated (most texts differ from English)',
    (lang) => {
      const file = load(lang);
      const same = Object.keys(source).filter((k) => file[k] === source[k] && /[a-z]{4,}/i.test(source[k]));
      expect(same.length / Object.keys(source).length).toBeLessThan(0.05);
    },
  );

  it('zh-CN carries the transport and duplicate-submit texts of the specification exactly', () => {
    const zh = load('zh-CN');
    expect(zh['net.network']).toBe('后端接口连接异常');
    expect(zh['net.timeout']).toBe('系统接口请求超时');
    expect(zh['net.status']).toBe('系统接口{{code}}异常');
    expect(zh['net.repeat']).toBe('数据正在处理，请勿重复提交');
  });

  it('every literal key the Mini App translates exists in en-US', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|tsx)$/.test(entry.name)) files.push(full);
      }
    };
    walk(path.join(root, 'src'));
    const used = new Set<string>();
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+\.[\w.]+)'/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !(k in source))).toEqual([]);
  });
});
