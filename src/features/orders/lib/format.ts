import { useTranslation } from 'react-i18next';

const formats = new Map<string, Intl.DateTimeFormat>();

/** A moment (ISO string) as the interface language writes date and time; '' when there is none. */
export function formatDateTime(iso: string | null | undefined, lang: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let format = formats.get(lang);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
    } catch {
      format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    }
    formats.set(lang, format);
  }
  return format.format(date);
}

/** formatDateTime in the interface language. */
export function useDateTime(): (iso: string | null | undefined) => string {
  const { i18n } = useTranslation();
  return (iso) => formatDateTime(iso, i18n.language);
}
