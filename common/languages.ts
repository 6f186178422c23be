/** The eight interface languages, and the one mapping from any language tag onto them. */
export const LANGS = ['en-US', 'zh-CN', 'ja-JP', 'ko-KR', 'th-TH', 'de-DE', 'ru-RU', 'tr-TR'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en-US';

export interface LanguageInfo {
  language_name: string;
  chinese_name: string;
  file_name: Lang;
  is_default: boolean;
}

/** The language list the spec names; Chinese is marked default there, English is the fallback. */
export const LANGUAGE_LIST: readonly LanguageInfo[] = [
  { language_name: 'English', chinese_name: '英语', file_name: 'en-US', is_default: false },
  { language_name: '简体中文', chinese_name: '简体中文', file_name: 'zh-CN', is_default: true },
  { language_name: '日本語', chinese_name: '日语', file_name: 'ja-JP', is_default: false },
  { language_name: '한국어', chinese_name: '韩语', file_name: 'ko-KR', is_default: false },
  { language_name: 'ไทย', chinese_name: '泰语', file_name: 'th-TH', is_default: false },
  { language_name: 'Deutsch', chinese_name: '德语', file_name: 'de-DE', is_default: false },
  { language_name: 'Русский', chinese_name: '俄语', file_name: 'ru-RU', is_default: false },
  { language_name: 'Türkçe', chinese_name: '土耳其语', file_name: 'tr-TR', is_default: false },
];

const BY_PRIMARY: Record<string, Lang> = {
  en: 'en-US',
  zh: 'zh-CN',
  ja: 'ja-JP',
  ko: 'ko-KR',
  th: 'th-TH',
  de: 'de-DE',
  ru: 'ru-RU',
  tr: 'tr-TR',
};

/**
 * Maps a language tag (Telegram's `language_code`, a header, a stored value: "de", "zh-hans",
 * "zh-cn", "pt-br") onto one of the eight, or undefined when none fits.
 */
export function matchLang(tag: string | null | undefined): Lang | undefined {
  if (!tag) return undefined;
  const clean = tag.trim().replace('_', '-').toLowerCase();
  const exact = LANGS.find((l) => l.toLowerCase() === clean);
  if (exact) return exact;
  return BY_PRIMARY[clean.split('-')[0]];
}

/** Like matchLang, but always answers one of the eight (English when nothing fits). */
export function toLang(tag: string | null | undefined): Lang {
  return matchLang(tag) ?? DEFAULT_LANG;
}

/**
 * DESIGN section 6 precedence: the user's saved language > the stored choice > Telegram's
 * language_code > en-US.
 */
export function pickLang(sources: {
  saved?: string | null;
  stored?: string | null;
  telegram?: string | null;
}): Lang {
  return matchLang(sources.saved) ?? matchLang(sources.stored) ?? matchLang(sources.telegram) ?? DEFAULT_LANG;
}
