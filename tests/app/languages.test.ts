import { describe, expect, it } from 'vitest';
import { LANGS, matchLang, pickLang, toLang } from '../../common/languages';

/**
 * Telegram's language_code maps onto the eight interface languages (en→en-US, zh*→zh-CN, ja→ja-JP,
 * ko→ko-KR, th→th-TH, de→de-DE, ru→ru-RU, tr→tr-TR), and the language to show is: the user's saved
 * one > the stored choice > Telegram's > en-US.
 */
describe('language: mapping Telegram language codes', () => {
  it.each([
    ['en', 'en-US'],
    ['en-GB', 'en-US'],
    ['zh-hans', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['zh_CN', 'zh-CN'],
    ['ja', 'ja-JP'],
    ['ko', 'ko-KR'],
    ['th', 'th-TH'],
    ['de', 'de-DE'],
    ['ru', 'ru-RU'],
    ['tr', 'tr-TR'],
    ['DE', 'de-DE'],
  ])('%s maps to %s', (code, lang) => {
    expect(matchLang(code)).toBe(lang);
  });

  it('each of the eight languages maps onto itself, whatever its case', () => {
    for (const lang of LANGS) {
      expect(matchLang(lang)).toBe(lang);
      expect(matchLang(lang.toLowerCase())).toBe(lang);
    }
  });

  it.each(['pt-br', 'fr', 'uk', 'xx-en', ''])(
    '%j has no interface language: undefined, en-US when one is needed',
    (code) => {
      expect(matchLang(code)).toBeUndefined();
      expect(toLang(code)).toBe('en-US');
    },
  );

  it('a missing code is no language', () => {
    expect(matchLang(undefined)).toBeUndefined();
    expect(matchLang(null)).toBeUndefined();
    expect(toLang(undefined)).toBe('en-US');
  });
});

describe('language: precedence saved > stored > Telegram > en-US', () => {
  it('the saved language wins over everything', () => {
    expect(pickLang({ saved: 'ko-KR', stored: 'ja-JP', telegram: 'de' })).toBe('ko-KR');
  });

  it('without a saved language the stored choice wins over Telegram', () => {
    expect(pickLang({ stored: 'ja-JP', telegram: 'de' })).toBe('ja-JP');
  });

  it("without either, Telegram's language code decides", () => {
    expect(pickLang({ telegram: 'ru' })).toBe('ru-RU');
  });

  it('with nothing usable, en-US', () => {
    expect(pickLang({})).toBe('en-US');
    expect(pickLang({ saved: 'fr', stored: '', telegram: 'pt-br' })).toBe('en-US');
  });

  it('a source naming no interface language is skipped, not taken as en-US', () => {
    expect(pickLang({ saved: 'fr', stored: 'th-TH', telegram: 'de' })).toBe('th-TH');
    expect(pickLang({ stored: 'xx', telegram: 'tr' })).toBe('tr-TR');
  });
});
