import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { DEFAULT_LANG, type Lang } from '../../common/languages';

/**
 * Where a piece of stored content keeps its languages. Products and shops have a default (English)
 * column and a `translations` jsonb of `{ [lang]: { [field]: text } }`; category names and banner
 * titles are one jsonb of `{ [lang]: text }`.
 */
export type LocalisedSource =
  { translations: AnyColumn; field: string; fallback: AnyColumn } | { texts: AnyColumn };

/**
 * The one way services read translated content: a SQL expression for the text in `lang`, else
 * English (an empty translation counts as missing), else, for a jsonb of texts, any language there is.
 */
export function localised(source: LocalisedSource, lang: Lang): SQL<string> {
  if ('texts' in source) {
    const { texts } = source;
    return sql<string>`coalesce(nullif(${texts}->>${lang}, ''), nullif(${texts}->>${DEFAULT_LANG}, ''), (select value from jsonb_each_text(${texts}) limit 1), '')`;
  }
  const { translations, field, fallback } = source;
  return sql<string>`coalesce(nullif(${translations}->${lang}->>${field}, ''), ${fallback})`;
}
