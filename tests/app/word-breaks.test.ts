import { describe, expect, it } from 'vitest';
import vocabulary from '../../server/demo/vocabulary.json';
import { wordBreaks } from '../../src/i18n/word-breaks';

/** The pieces a label may be broken into: split at the zero-width spaces, joiners dropped. */
const pieces = (text: string) => wordBreaks(text).replaceAll('\u2060', '').split('\u200b');
const visible = (text: string) => text.replace(/[\u200b\u2060]/g, '');

const thaiNames = (vocabulary as { categories: { names: Record<string, string>; nouns: { th: string }[] }[] })
  .categories;

describe('wordBreaks: Thai labels wrap between words only', () => {
  it('a compound the dictionary cuts apart stays whole: women, mobile phone, appliances', () => {
    expect(pieces('เสื้อผ้าผู้หญิง')).toEqual(['เสื้อผ้า', 'ผู้หญิง']);
    expect(pieces('โทรศัพท์มือถือ')).toEqual(['โทรศัพท์', 'มือถือ']);
    expect(pieces('เครื่องใช้ไฟฟ้า')).toEqual(['เครื่อง', 'ใช้ไฟฟ้า']);
    expect(pieces('กิจกรรมกลางแจ้ง')).toEqual(['กิจกรรม', 'กลางแจ้ง']);
  });

  it('a loanword cut into syllables stays whole (jeans, smartphone), and may wrap after it', () => {
    expect(pieces('กางเกงยีนส์')).toEqual(['กางเกงยีนส์']);
    expect(pieces('สมาร์ทโฟน')).toEqual(['สมาร์ทโฟน']);
    expect(pieces('ดาร์กช็อกโกแลตธรรมชาติ')).toEqual(['ดาร์กช็อกโกแลต', 'ธรรมชาติ']);
    expect(pieces('สายรัดข้อมือฟิตเนส')).toEqual(['สายรัดข้อมือ', 'ฟิตเนส']);
  });

  it('every boundary between two Thai words is marked: a break or a joiner', () => {
    expect(wordBreaks('เสื้อผ้าผู้หญิง')).toBe('เสื้อผ้า\u200bผู้\u2060หญิง');
  });

  it('spaces and other scripts in a Thai text are left to the browser', () => {
    expect(wordBreaks('เสื้อยืด Cotton 128GB')).toBe('เสื้อ\u2060ยืด Cotton 128GB');
  });

  it('only adds invisible marks: every name of the demo catalogue reads the same', () => {
    for (const category of thaiNames) {
      for (const text of [category.names['th-TH'], ...category.nouns.map((n) => n.th)]) {
        expect(visible(wordBreaks(text))).toBe(text);
      }
    }
  });
});

describe('wordBreaks: other languages are left as they are', () => {
  it.each(['en-US', 'zh-CN', 'ja-JP', 'ko-KR', 'de-DE', 'ru-RU', 'tr-TR'])('%s', (lang) => {
    for (const category of thaiNames) {
      expect(wordBreaks(category.names[lang])).toBe(category.names[lang]);
    }
  });
});
