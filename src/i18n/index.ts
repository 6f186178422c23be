import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, type Lang } from '../../common/languages';

/** Each locale file is its own chunk: the first screen loads only the language it shows. */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*.json');

async function loadBundle(lang: Lang): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  const load = loaders[`../../locales/${lang}.json`];
  const mod = await load();
  i18next.addResourceBundle(lang, 'translation', mod.default, true, true);
}

export async function initI18n(lang: Lang): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadBundle(lang);
  if (lang !== DEFAULT_LANG) void loadBundle(DEFAULT_LANG);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}

/** Switches the interface language in place (no reload); React re-renders through react-i18next. */
export async function applyLanguage(lang: Lang): Promise<void> {
  await loadBundle(lang);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export const currentLang = () => (i18next.language || DEFAULT_LANG) as Lang;
export const t = i18next.t.bind(i18next);
export { i18next };
