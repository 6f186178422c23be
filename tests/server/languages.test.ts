import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_LIST } from '../../common/language-list';
import { LANGS, matchLang, pickLang, toLang } from '../../common/languages';

/**
 * Telegram's language_code (or any tag) maps onto the eight interface languages (en→en-US,
 * zh*→zh-CN, ja→ja-JP, ko→ko-KR, th→th-TH, de→de-DE, ru→ru-RU, tr→tr-TR), and the language to show
 * is: the user's saved one > the stored choice > Telegram's > en-US.
 */
describe('language: any tag maps onto one of the eight', () => {
  it.each([
    ['en', 'en-US'],
    ['en-GB', 'en-US'],
    ['zh', 'zh-CN'],
    ['zh-hans', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['zh_CN', 'zh-CN'],
    ['ja', 'ja-JP'],
    ['ko', 'ko-KR'],
    ['th', 'th-TH'],
    ['de', 'de-DE'],
    ['de-AT', 'de-DE'],
    ['ru', 'ru-RU'],
    ['tr', 'tr-TR'],
    ['DE', 'de-DE'],
    [' DE ', 'de-DE'],
    ['RU-ru', 'ru-RU'],
  ])('%j -> %s', (tag, lang) => {
    expect(matchLang(tag)).toBe(lang);
  });

  it('each of the eight maps to itself, in any letter case', () => {
    for (const lang of LANGS) {
      expect(matchLang(lang)).toBe(lang);
      expect(matchLang(lang.toLowerCase())).toBe(lang);
      expect(matchLang(lang.toUpperCase())).toBe(lang);
    }
  });

  it.each(['pt-br', 'fr', 'uk', 'english', 'xx-en', 'xx-YY', '', '-', null, undefined])(
    '%j matches none',
    (tag) => {
      expect(matchLang(tag)).toBeUndefined();
      expect(toLang(tag)).toBe('en-US');
    },
  );

  it('toLang always answers one of the eight (property test)', () => {
    fc.assert(fc.property(fc.string(), (tag) => (LANGS as readonly string[]).includes(toLang(tag))));
  });

  it('the language list offers exactly the eight', () => {
    expect(LANGUAGE_LIST.map((l) => l.file_name)).toEqual([...LANGS]);
  });
});

describe('language: precedence is saved > stored > telegram > en-US', () => {
  it.each([
    [{ saved: 'ja-JP', stored: 'ko-KR', telegram: 'de' }, 'ja-JP'],
    [{ saved: null, stored: 'ko-KR', telegram: 'de' }, 'ko-KR'],
    [{ saved: 'klingon', stored: 'ko-KR', telegram: 'de' }, 'ko-KR'],
    [{ stored: 'xx', telegram: 'tr' }, 'tr-TR'],
    [{ stored: '', telegram: 'de' }, 'de-DE'],
    [{ stored: 'fr-FR', telegram: 'ru' }, 'ru-RU'],
    [{ telegram: 'pt-br' }, 'en-US'],
    [{ saved: 'fr', stored: '', telegram: 'pt-br' }, 'en-US'],
    [{}, 'en-US'],
  ])('%j -> %s', (sources, lang) => {
    expect(pickLang(sources)).toBe(lang);
  });

  it('the first source that maps wins (property test)', () => {
    const source = fc.option(
      fc.oneof(fc.constantFrom(...LANGS, 'de', 'zh-hans', 'ru'), fc.string({ maxLength: 8 })),
    );
    fc.assert(
      fc.property(source, source, source, (saved, stored, telegram) => {
        const expected = matchLang(saved) ?? matchLang(stored) ?? matchLang(telegram) ?? 'en-US';
        expect(pickLang({ saved, stored, telegram })).toBe(expected);
      }),
    );
  });
});
