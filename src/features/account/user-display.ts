import type { Lang } from '@common/languages';
import type { UserInfo } from '@common/schemas/user';

/** Languages that write the family name first. */
const FAMILY_FIRST: readonly Lang[] = ['zh-CN', 'ja-JP', 'ko-KR'];

/**
 * The name a shopper sees: the Telegram name for Telegram users, else their own names in the
 * order their language writes them, else the account name.
 */
export function displayName(
  info: Pick<UserInfo, 'account' | 'familyName' | 'givenName' | 'telegramName'>,
  lang: string,
  telegramName = '',
): string {
  if (info.telegramName) return info.telegramName;
  if (telegramName) return telegramName;
  const familyFirst = FAMILY_FIRST.includes(lang as Lang);
  const parts = familyFirst ? [info.familyName, info.givenName] : [info.givenName, info.familyName];
  const joined = parts
    .filter(Boolean)
    .join(familyFirst ? '' : ' ')
    .trim();
  return joined || info.account;
}

/** One or two letters for an avatar without a picture ("Anna Schmidt" -> "AS", "王小明" -> "王"). */
export function acronym(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = (word: string) => Array.from(word)[0] ?? '';
  const letters = words.length > 1 ? first(words[0]) + first(words[words.length - 1]) : first(words[0] ?? '');
  return letters.toLocaleUpperCase() || '?';
}

/** The language's own name in the interface language ("Deutsch" -> "German"), or '' when unknown. */
export function languageNameIn(code: string, uiLang: string): string {
  try {
    return new Intl.DisplayNames([uiLang], { type: 'language' }).of(code.split('-')[0]) ?? '';
  } catch {
    return '';
  }
}
