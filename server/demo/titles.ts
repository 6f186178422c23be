import type { Lang } from '../../common/languages';
import { DESCRIPTIONS, type Adjective, type CategoryVocab, type Gender, type Noun } from './vocabulary';

/**
 * How each language puts the vocabulary's words together: German and Russian adjectives agree with
 * the noun's gender; Thai puts the adjective after the noun; Chinese, Japanese and Thai use no spaces.
 */
const GENDER_INDEX: Record<Gender, number> = { m: 0, f: 1, n: 2, p: 3 };
const DE_ENDING: Record<Gender, string> = { m: 'er', f: 'e', n: 'es', p: 'e' };

const capital = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

function german(a: Adjective, n: Noun): string {
  if (a.de.endsWith('-')) return capital(a.de + n.de);
  return capital(`${a.de}${DE_ENDING[n.deG]} ${n.de}`);
}

function russian(a: Adjective, n: Noun): string {
  if (a.ru.endsWith('-')) return capital(a.ru + n.ru);
  return capital(`${a.ru.split('/')[GENDER_INDEX[n.ruG]]} ${n.ru}`);
}

/** "Wireless Mouse" in every language: 无线鼠标, ワイヤレスマウス, 무선 마우스, เมาส์ไร้สาย, Kabellose Maus... */
export function productTitles(a: Adjective, n: Noun): Record<Lang, string> {
  return {
    'en-US': `${a.en} ${n.en}`,
    'zh-CN': `${a.zh}${n.zh}`,
    'ja-JP': `${a.ja}${n.ja}`,
    'ko-KR': `${a.ko} ${n.ko}`,
    'th-TH': `${n.th}${a.th}`,
    'de-DE': german(a, n),
    'ru-RU': russian(a, n),
    'tr-TR': `${a.tr} ${n.tr}`,
  };
}

/** Every sensible adjective-noun pair of a category, nouns first so neighbours differ. */
export function combinations(c: CategoryVocab): { adjective: Adjective; noun: Noun }[] {
  const out: { adjective: Adjective; noun: Noun }[] = [];
  for (const adjective of c.adjectives) {
    for (const n of c.nouns) {
      if (!adjective.only || adjective.only.includes(n.en)) out.push({ adjective, noun: n });
    }
  }
  return out;
}

/** The product description: the title and a line about checking and returns. */
export const description = (lang: Lang, title: string): string =>
  DESCRIPTIONS[lang].replace('{title}', () => title);
