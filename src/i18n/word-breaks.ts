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
 * (กลาง|แจ้ง); a piece that starts with a silent letter (ส์) ends the word before it. A text without
 * Thai letters is returned as it is. For display only: the marks must not reach a search box or
 * the server.
 */
const BREAK = '\u200b';
const JOIN = '\u2060';
const THAI = /[\u0e00-\u0e7f]/;
const THAI_ONLY = /^[\u0e00-\u0e7f]+$/;
/** Thanthakhat: the letter under it is silent, so it never starts a word. */
const SILENT = '\u0e4c';
const SHORT = 3;

const segmenters =
  typeof Intl.Segmenter === 'function'
    ? {
        word: new Intl.Segmenter('th', { granularity: 'word' }),
        letter: new Intl.Segmenter('th', { granularity: 'grapheme' }),
      }
    : null;

export function wordBreaks(text: string): string {
  if (!segmenters || !THAI.test(text)) return text;
  const pieces = [...segmenters.word.segment(text)].map((s) => s.segment);
  const letters = pieces.map((p) =>
    THAI_ONLY.test(p) ? [...segmenters.letter.segment(p)].map((l) => l.segment) : null,
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
