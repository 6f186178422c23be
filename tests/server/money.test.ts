import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../common/languages';
import { formatMoney, MAX_AMOUNT, parseAmount, toAmount } from '../../common/money';

const MAX_CENTS = MAX_AMOUNT;
const cents = fc.integer({ min: 0, max: MAX_CENTS });

describe('money: amounts on the wire are decimal strings of whole cents', () => {
  it.each([
    ['19.90', 1990],
    ['19.9', 1990],
    ['19', 1900],
    ['0.01', 1],
    ['0', 0],
    [' 5.5 ', 550],
    ['007.50', 750],
    ['10000000.00', MAX_CENTS],
  ])('parseAmount(%j) is %i cents', (text, expected) => {
    expect(parseAmount(text)).toBe(expected);
  });

  it.each([
    '-1',
    '-0.01',
    '1.234',
    '0.001',
    '.5',
    '5.',
    '',
    ' ',
    'abc',
    '1,000',
    '1 000',
    '1e3',
    '0x10',
    'NaN',
    'Infinity',
    '+5',
    '١٢',
    '1000000000000',
    '10000000.01',
    '21474837',
    '999999999999.99',
  ])('parseAmount refuses %j', (text) => {
    expect(parseAmount(text)).toBeUndefined();
  });

  it.each([
    [1990, '19.90'],
    [5, '0.05'],
    [0, '0.00'],
    [100, '1.00'],
    [-5, '-0.05'],
    [-1990, '-19.90'],
  ])('toAmount(%i) is %j', (value, text) => {
    expect(toAmount(value)).toBe(text);
  });

  it.each([0.1, 19.9, Number.NaN, Infinity, 2 ** 53])('toAmount refuses %d (not whole cents)', (value) => {
    expect(() => toAmount(value)).toThrow(RangeError);
  });

  it('formatMoney shows dollars, with the sign before the symbol', () => {
    expect(formatMoney(1990)).toBe('$19.90');
    expect(formatMoney(-5)).toBe('-$0.05');
    expect(formatMoney('3.00')).toBe('$3.00');
    expect(formatMoney('19.9')).toBe('$19.90');
  });

  // Intl writes a no-break space (U+00A0) or narrow one (U+202F) between amount and symbol.
  const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
  it.each([
    ['en-US', 1990, '$19.90'],
    ['de-DE', 1990, '19,90 $'],
    ['de-DE', 123456789, '1.234.567,89 $'],
    ['ru-RU', 123456789, '1 234 567,89 $'],
    ['tr-TR', 1990, '$19,90'],
    ['ja-JP', 1990, '$19.90'],
    ['zh-CN', 1990, '$19.90'],
    ['ko-KR', 1990, '$19.90'],
    ['th-TH', 1990, '$19.90'],
    ['de-DE', -5, '-0,05 $'],
  ])('formatMoney in %s writes %i cents as %j', (locale, cents, text) => {
    expect(nbsp(formatMoney(cents, locale))).toBe(text);
    expect(nbsp(formatMoney(toAmount(cents), locale))).toBe(text);
  });

  it('one currency sign in every interface language: "$", never "US$" or another', () => {
    for (const lang of LANGS) {
      for (const cents of [0, 5, 1990, -1990, 123456789]) {
        const text = formatMoney(cents, lang);
        expect(text.replace(/[\d.,\s\u00a0\u202f\u2212-]/g, ''), `${lang} ${text}`).toBe('$');
      }
    }
  });

  it('formatMoney is exact for the largest amounts (no float on the way)', () => {
    expect(formatMoney('999999999999.99', 'en-US')).toBe('$999,999,999,999.99');
    expect(nbsp(formatMoney(99999999999999, 'de-DE'))).toBe('999.999.999.999,99 $');
  });

  it('formatMoney falls back to en-US for an unknown locale, and leaves a non-amount alone', () => {
    expect(formatMoney(1990, 'not a locale!')).toBe('$19.90');
    expect(formatMoney('abc', 'de-DE')).toBe('abc');
  });
});

describe('money: properties over any amount', () => {
  it('toAmount then parseAmount gives the same cents back', () => {
    fc.assert(fc.property(cents, (n) => parseAmount(toAmount(n)) === n));
  });

  it('every amount prints with exactly two decimals', () => {
    fc.assert(fc.property(cents, (n) => /^\d+\.\d{2}$/.test(toAmount(n))));
  });

  it('units and cents written out parse to units * 100 + cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_AMOUNT / 100 - 1 }),
        fc.integer({ min: 0, max: 99 }),
        (u, c) => {
          expect(parseAmount(`${u}.${String(c).padStart(2, '0')}`)).toBe(u * 100 + c);
        },
      ),
    );
  });

  it('negative amounts print but never parse back', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_CENTS, max: -1 }), (n) => parseAmount(toAmount(n)) === undefined),
    );
  });

  it('floats with a fraction are never taken as cents', () => {
    const fractional = fc
      .double({ noNaN: true, noDefaultInfinity: true })
      .filter((x) => !Number.isInteger(x));
    fc.assert(
      fc.property(fractional, (x) => {
        expect(() => toAmount(x)).toThrow(RangeError);
      }),
    );
  });

  it('a float written with more than two decimals is refused', () => {
    const text = fc
      .double({ min: 0, max: 1e6, noNaN: true })
      .map((x) => x.toFixed(3 + Math.floor((x * 7) % 4)));
    fc.assert(fc.property(text, (s) => parseAmount(s) === undefined));
  });

  it('any text either is refused or parses to safe, non-negative whole cents', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (s) => {
        const value = parseAmount(s);
        if (value === undefined) return true;
        return Number.isSafeInteger(value) && value >= 0 && /^\d{1,12}(\.\d{1,2})?$/.test(s.trim());
      }),
    );
  });
});
