import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

describe('wordBreaks: Japanese and Chinese labels wrap between words, never inside one', () => {
  it('the profile’s order statuses: after the word, not inside it', () => {
    expect(pieces('キャンセル済み')).toEqual(['キャンセル', '済み']);
    expect(pieces('受け取り済み')).toEqual(['受け取り', '済み']);
    expect(pieces('支払い待ち')).toEqual(['支払い', '待ち']);
  });

  it('product names: between the words of a katakana compound, the loanwords whole', () => {
    expect(pieces('プレミアムキャンプランタン')).toEqual(['プレミアム', 'キャンプ', 'ランタン']);
    // The dictionary cuts オーガニック into オー|ガ|ニック: short katakana pieces are one word.
    expect(pieces('オーガニックミックスナッツ')).toEqual(['オーガニック', 'ミックス', 'ナッツ']);
  });

  it('a piece of one character leans on the word before it, or first in its run on the one after', () => {
    expect(pieces('タイ産ジャスミンライス')).toEqual(['タイ産', 'ジャスミン', 'ライス']);
    expect(pieces('北海道のチーズ')).toEqual(['北海道の', 'チーズ']);
    expect(pieces('便携式蓝牙音箱')).toEqual(['便携式', '蓝牙音箱']);
    expect(pieces('待付款')).toEqual(['待付款']);
  });

  it('inside a word every two characters are joined (the browser would break anywhere)', () => {
    expect(wordBreaks('キャンセル済み')).toBe('キ\u2060ャ\u2060ン\u2060セ\u2060ル\u200b済\u2060み');
  });

  it('spaces, Latin letters and digits in the text are left to the browser', () => {
    expect(visible(wordBreaks('USB充電器 2個'))).toBe('USB充電器 2個');
    expect(wordBreaks('USB充電器 2個').split(' ')).toHaveLength(2);
  });

  it.each(['zh-CN', 'ja-JP'])(
    'only adds invisible marks: every %s name of the demo catalogue reads the same',
    (lang) => {
      const key = lang.slice(0, 2) as 'zh' | 'ja';
      const nouns = vocabulary.categories as unknown as {
        names: Record<string, string>;
        nouns: Record<string, string>[];
      }[];
      for (const category of nouns) {
        for (const text of [category.names[lang], ...category.nouns.map((n) => n[key])]) {
          expect(visible(wordBreaks(text))).toBe(text);
        }
      }
    },
  );
});

describe('wordBreaks: other languages are left as they are', () => {
  it.each(['en-US', 'ko-KR', 'de-DE', 'ru-RU', 'tr-TR'])('%s', (lang) => {
    for (const category of thaiNames) {
      expect(wordBreaks(category.names[lang])).toBe(category.names[lang]);
    }
  });
});

/** Every style sheet of the Mini App: one rule per entry (selectors and declarations). */
const sheets = (() => {
  const root = path.resolve(import.meta.dirname, '../../src');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.css')) files.push(full);
    }
  };
  walk(root);
  return files.flatMap((file) =>
    [
      ...readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .matchAll(/([^{}]+)\{([^{}]*)\}/g),
    ].map((m) => ({ file: path.relative(root, file), selector: m[1].trim(), body: m[2] })),
  );
})();
const declared = (body: string, property: string) =>
  [...body.matchAll(new RegExp(`(?:^|;|\\s)${property}\\s*:\\s*([^;]+)`, 'g'))].map((m) => m[1].trim());

describe('the style sheets: labels wrap between words, identifiers never wrap', () => {
  it('found the style sheets', () => {
    expect(sheets.length).toBeGreaterThan(100);
  });

  it('no rule lets a label break inside a word: no overflow-wrap: anywhere, no word-break: break-all', () => {
    const breaking = sheets.filter(
      (r) =>
        declared(r.body, 'overflow-wrap').includes('anywhere') ||
        declared(r.body, 'word-wrap').includes('anywhere') ||
        declared(r.body, 'word-break').some((v) => v === 'break-all' || v === 'break-word'),
    );
    expect(breaking.map((r) => `${r.file}: ${r.selector}`)).toEqual([]);
  });

  it('identifiers stay on one line, scrolled sideways, never hyphenated', () => {
    const rule = sheets.find((r) => r.selector === '.identifier');
    expect(rule).toBeDefined();
    expect(declared(rule!.body, 'white-space')).toEqual(['nowrap']);
    expect(declared(rule!.body, 'overflow-x')).toEqual(['auto']);
    expect(declared(rule!.body, 'hyphens')).toEqual(['none']);
    const inline = sheets.find((r) => r.selector === '.identifier-inline');
    expect(declared(inline!.body, 'white-space')).toEqual(['nowrap']);
  });

  it('names and titles get the lines they need: no line clamp on them', () => {
    const clamped = sheets.filter(
      (r) => /(name|title)\b/.test(r.selector) && declared(r.body, '(?:-webkit-)?line-clamp').length > 0,
    );
    expect(clamped.map((r) => `${r.file}: ${r.selector}`)).toEqual([]);
  });

  it('nothing is set under 12 px', () => {
    const small = sheets.flatMap((r) =>
      declared(r.body, 'font-size')
        .filter((v) => /^\d+(\.\d+)?px$/.test(v) && parseFloat(v) < 12)
        .map((v) => `${r.file}: ${r.selector} (${v})`),
    );
    expect(small).toEqual([]);
  });

  it('the document says its language, so the browser hyphenates and breaks by its rules', () => {
    const i18n = readFileSync(path.resolve(import.meta.dirname, '../../src/i18n/index.ts'), 'utf8');
    expect(i18n).toMatch(/documentElement\.lang\s*=/);
  });
});
