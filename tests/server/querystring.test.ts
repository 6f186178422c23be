import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../server/lib/querystring';

/** Compares as plain data: the parser answers objects without a prototype. */
const plain = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

describe('query string: key=value pairs', () => {
  it.each([
    ['a=1&b=two', { a: '1', b: 'two' }],
    ['q=red+shoes&x=%E4%B8%AD%E6%96%87', { q: 'red shoes', x: '中文' }],
    ['flag&empty=', { flag: '', empty: '' }],
    ['a=1&a=2', { a: '2' }],
    ['&&a=1&', { a: '1' }],
    ['a=x%3Dy%26z', { a: 'x=y&z' }],
    ['', {}],
  ])('%j', (text, expected) => {
    expect(plain(parseQuery(text))).toEqual(expected);
  });

  it('a pair with broken percent-encoding is skipped, the rest kept', () => {
    expect(plain(parseQuery('bad=%E4%B8&good=1&%zz=2'))).toEqual({ good: '1' });
  });
});

describe('query string: nested key[sub] parameters', () => {
  it.each([
    ['price[min]=10&price[max]=20', { price: { min: '10', max: '20' } }],
    ['filter%5Bcolor%5D=red', { filter: { color: 'red' } }],
    ['a=1&a[b]=2', { a: { b: '2' } }],
    ['sort[]=x', { sort: { '': 'x' } }],
    ['a[b][c]=1', { 'a[b][c]': '1' }],
  ])('%j', (text, expected) => {
    expect(plain(parseQuery(text))).toEqual(expected);
  });

  it('__proto__, constructor and prototype cannot pollute objects', () => {
    const out = parseQuery('__proto__[polluted]=1&constructor[prototype]=2&prototype[x]=3&__proto__=4');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(out['__proto__[polluted]']).toBe('1');
  });

  it('a nested value converts like any object (Number gives NaN, never a throw)', () => {
    for (const text of ['page[]=1', 'w[x]=1', 'limit[__proto__]=1', 'p[toString]=1&p[valueOf]=2']) {
      const value = Object.values(parseQuery(text))[0];
      expect(() => Number(value)).not.toThrow();
      expect(Number.isNaN(Number(value))).toBe(true);
    }
    const nested = parseQuery('a[__proto__]=x&a[valueOf]=y&a[min]=1').a as Record<string, unknown>;
    expect(Object.getPrototypeOf(nested)).toBe(Object.prototype);
    expect(Object.keys(nested)).toEqual(['min']);
  });

  it('any key and value survive encoding (property test)', () => {
    const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/);
    fc.assert(
      fc.property(key, key, fc.string({ unit: 'grapheme', maxLength: 40 }), (name, sub, value) => {
        const text = `${name}[${encodeURIComponent(sub)}]=${encodeURIComponent(value)}`;
        expect(plain(parseQuery(text))).toEqual({ [name]: { [sub]: value } });
        const flat = new URLSearchParams({ [name]: value }).toString();
        expect(plain(parseQuery(flat))).toEqual({ [name]: value });
      }),
    );
  });
});
