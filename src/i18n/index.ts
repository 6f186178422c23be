import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, type Lang } from '../../common/languages';

/**
 * Each locale file is its own chunk: the first screen loads only the language it shows, and only
 * the sections the tab roots read; the rest of the language (`?later`, src/i18n/later-sections.ts)
 * follows when a screen needs it.
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*.json', {
  query: '?first',
});
const laterLoaders = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*.json', {
  query: '?later',
});
const laterLoads = new Map<Lang, Promise<void>>();

const firstTexts = async (lang: Lang) => (await loaders[`../../locales/${lang}.json`]()).default;

async function loadBundle(lang: Lang): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  addSections(lang, await firstTexts(lang));
}

/** A language file's sections beside those already there (the two files of a language share none). */
function addSections(lang: Lang, texts: Record<string, unknown>): void {
  i18next.addResourceBundle(lang, 'translation', texts, false, true);
}

function loadLater(lang: Lang): Promise<void> {
  let loading = laterLoads.get(lang);
  if (!loading) {
    loading = laterLoaders[`../../locales/${lang}.json`]().then((mod) => addSections(lang, mod.default));
    // A failed fetch (offline) is tried again by the next screen that asks.
    loading.catch(() => laterLoads.delete(lang));
    laterLoads.set(lang, loading);
  }
  return loading;
}

/**
 * The texts of the screens beyond the tab roots, in the current language (and the fallback):
 * such a screen waits for them before it renders, so it never shows a key.
 */
export function loadLaterTexts(): Promise<void> {
  const lang = currentLang();
  return Promise.all([loadLater(lang), lang === DEFAULT_LANG ? undefined : loadLater(DEFAULT_LANG)]).then(
    () => undefined,
  );
}

/** Starts i18next in `lang`, with that language's first texts (and the fallback's, in the background). */
export async function initI18n(lang: Lang): Promise<void> {
  const texts = await firstTexts(lang);
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    resources: { [lang]: { translation: texts } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // init() starts a new store: texts loaded into the one before are not there any more.
  laterLoads.clear();
  if (lang !== DEFAULT_LANG) void loadBundle(DEFAULT_LANG);
  document.documentElement.lang = lang;
}

/** Switches the interface language in place (no reload); React re-renders through react-i18next. */
export async function applyLanguage(lang: Lang): Promise<void> {
  await Promise.all([loadBundle(lang), laterLoads.size ? loadLater(lang) : undefined]);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export const currentLang = () => (i18next.language || DEFAULT_LANG) as Lang;
export const t = i18next.t.bind(i18next);
export { i18next };
