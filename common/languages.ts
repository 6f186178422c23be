/** The eight interface languages, and the one mapping from any language tag onto them. */
export const LANGS = ['en-US', 'zh-CN', 'ja-JP', 'ko-KR', 'th-TH', 'de-DE', 'ru-RU', 'tr-TR'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en-US';

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
 * The language to show, the first one present: the user's saved language > the stored choice >
 * Telegram's language_code > en-US.
 */
export function pickLang(sources: {
  saved?: string | null;
  stored?: string | null;
  telegram?: string | null;
}): Lang {
  return matchLang(sources.saved) ?? matchLang(sources.stored) ?? matchLang(sources.telegram) ?? DEFAULT_LANG;
}
