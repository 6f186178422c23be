/**
 * Where a Thai label may wrap. Thai puts no spaces between words, so browsers break it where their
 * ICU dictionary says a word ends, and that dictionary cuts common compounds and loanwords apart:
 * "เสื้อผ้า|ผู้|หญิง" (women's clothing), "โทรศัพท์|มือ|ถือ" (mobile phone), "ดาร์|กช็|อก|โก|แลต" (dark chocolate).
 * A narrow label then reads "เสื้อผ้าผู้ / หญิง". wordBreaks segments the text itself (Intl.Segmenter,
 * the same dictionary) and writes the decision into it: U+200B (zero-width space, a break) between
 * words, U+2060 (word joiner, no break) inside them.
 *
 * The rule: a piece of at most three letters (with their marks) is rarely a word of its own in a
 * label. Short pieces side by side are one word (มือถือ, a loanword's syllables); a lone short
 * piece leans on the word after it (ใช้|ไฟฟ้า), or, last in the run, on the word before it
 * (กลาง|แจ้ง); a piece that starts with a silent letter (ส์) ends the word before it.
 *
 * Japanese and Chinese too: browsers break them between any two characters (or, for Japanese, at
 * phrases, which a long product name in a narrow tile outgrows, so that "ランタン" broke as
 * "ラン|タン"). Here the words come from the same segmenter, with U+200B between them and U+2060
 * between the characters of each, so a name wraps between words only. A piece of one character
 * leans on the word before it (タイ産, 北海道の; 便携式 in Chinese) or, first in its run, on the
 * one after it (待付款); katakana pieces of one or two characters side by side are one loanword
 * (オー|ガ|ニック: オーガニック). Korean wraps at its spaces (word-break: keep-all, src/styles.css).
 *
 * A text without Thai, Japanese or Chinese letters is returned as it is. For display only: the
 * marks must not reach a search box or the server.
 */
const BREAK = '\u200b';
const JOIN = '\u2060';
const THAI = /[\u0e00-\u0e7f]/;
const THAI_ONLY = /^[\u0e00-\u0e7f]+$/;
/** Thanthakhat: the letter under it is silent, so it never starts a word. */
const SILENT = '\u0e4c';
const SHORT = 3;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Han, kana and the marks that belong to them (ー, 々). */
const CJK_ONLY = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc\u3005]+$/u;
const KATAKANA_ONLY = /^[\p{Script=Katakana}\u30fc]+$/u;

/**
 * The segmenters, made at the first text that needs them: making one loads its language's
 * dictionary (Thai, Japanese, Chinese), which took about 100 ms at 4x CPU on a screen that shows
 * no such text.
 */
let made: Segmenters | null | undefined;
function segmenters(): Segmenters | null {
  made ??=
    typeof Intl.Segmenter === 'function'
      ? {
          word: new Intl.Segmenter('th', { granularity: 'word' }),
          letter: new Intl.Segmenter('th', { granularity: 'grapheme' }),
          ja: new Intl.Segmenter('ja', { granularity: 'word' }),
          zh: new Intl.Segmenter('zh', { granularity: 'word' }),
        }
      : null;
  return made;
}

export function wordBreaks(text: string): string {
  const thai = THAI.test(text);
  if (!thai && !CJK.test(text)) return text;
  const all = segmenters();
  if (!all) return text;
  return thai ? thaiBreaks(text, all) : cjkBreaks(text, all);
}

function cjkBreaks(text: string, { ja, zh }: Segmenters): string {
  const pieces = [...(KANA.test(text) ? ja : zh).segment(text)].map((s) => s.segment);
  const chars = pieces.map((p) => (CJK_ONLY.test(p) ? [...p] : null));
  const cjk = (at: number) => chars[at] != null;
  const single = (at: number) => chars[at]?.length === 1;
  const kanaPair = (a: number, b: number) =>
    KATAKANA_ONLY.test(pieces[a]) &&
    KATAKANA_ONLY.test(pieces[b]) &&
    Math.min(chars[a]?.length ?? 0, chars[b]?.length ?? 0) <= 2;

  let out = '';
  for (let i = 0; i < pieces.length; i += 1) {
    if (i > 0 && cjk(i - 1) && cjk(i)) {
      const joined = single(i) || (single(i - 1) && !cjk(i - 2)) || kanaPair(i - 1, i);
      out += joined ? JOIN : BREAK;
    }
    out += chars[i]?.join(JOIN) ?? pieces[i];
  }
  return out;
}

type Segmenters = Record<'word' | 'letter' | 'ja' | 'zh', Intl.Segmenter>;

function thaiBreaks(text: string, { word, letter }: Segmenters): string {
  const pieces = [...word.segment(text)].map((s) => s.segment);
  const letters = pieces.map((p) =>
    THAI_ONLY.test(p) ? [...letter.segment(p)].map((l) => l.segment) : null,
  );
  const thai = (at: number) => letters[at] != null;
  const short = (at: number) => (letters[at]?.length ?? Infinity) <= SHORT;
  const lone = (at: number) => short(at) && !short(at - 1) && !short(at + 1);

  let out = pieces[0] ?? '';
  for (let i = 1; i < pieces.length; i += 1) {
    if (thai(i - 1) && thai(i)) {
      const joined =
        (short(i - 1) && short(i)) ||
        lone(i - 1) ||
        (lone(i) && !thai(i + 1)) ||
        (letters[i]?.[0] ?? '').includes(SILENT);
      out += joined ? JOIN : BREAK;
    }
    out += pieces[i];
  }
  return out;
}
