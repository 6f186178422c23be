import { DEFAULT_LANG, type Lang } from '@common/languages';
import type { HelpSupportAnswer, LawAnswer } from '@common/schemas/content';
import { deDE } from './texts/de-DE';
import { enUS } from './texts/en-US';
import { jaJP } from './texts/ja-JP';
import { koKR } from './texts/ko-KR';
import { ruRU } from './texts/ru-RU';
import { thTH } from './texts/th-TH';
import { trTR } from './texts/tr-TR';
import { zhCN } from './texts/zh-CN';
import { HELP_IDS, LAW_UPDATED_AT, PRIVACY_IDS, TERMS_IDS, type ContentPack, type Section } from './types';

/**
 * Help and legal texts: one file per language under texts/, typed so that each holds every entry.
 * They live in code rather than the database: they change with the product, through review.
 */
export const CONTENT: Record<Lang, ContentPack> = {
  'en-US': enUS,
  'zh-CN': zhCN,
  'ja-JP': jaJP,
  'ko-KR': koKR,
  'th-TH': thTH,
  'de-DE': deDE,
  'ru-RU': ruRU,
  'tr-TR': trTR,
};

const packFor = (lang: Lang): ContentPack => CONTENT[lang] ?? CONTENT[DEFAULT_LANG];

export function helpSupport(lang: Lang): HelpSupportAnswer {
  const { help } = packFor(lang);
  return { list: HELP_IDS.map((id) => ({ id, ...help[id] })) };
}

const sections = <K extends string>(ids: readonly K[], texts: Record<K, Section>) =>
  ids.map((id) => ({ id, heading: texts[id].heading, paragraphs: [...texts[id].paragraphs] }));

export function law(lang: Lang): LawAnswer {
  const { terms, privacy } = packFor(lang);
  return {
    updatedAt: LAW_UPDATED_AT,
    documents: [
      { id: 'terms', title: terms.title, sections: sections(TERMS_IDS, terms.sections) },
      { id: 'privacy', title: privacy.title, sections: sections(PRIVACY_IDS, privacy.sections) },
    ],
  };
}
