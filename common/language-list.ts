import type { Lang } from './languages';

/*
 * The language list GET /api/user/language_list answers and the language screens show. Apart from
 * common/languages.ts, which the first screen's script carries: only those screens need the names.
 */

export interface LanguageInfo {
  language_name: string;
  chinese_name: string;
  file_name: Lang;
  is_default: boolean;
}

/** The eight interface languages; Chinese is marked default in the list, English is the fallback. */
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
