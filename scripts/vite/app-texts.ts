import type { Plugin } from 'vite';
import { LATER_SECTIONS } from '../../src/i18n/later-sections.ts';
import { SERVER_ONLY_SECTIONS } from '../../src/i18n/server-only.ts';

const serverOnly = (section: string) => (SERVER_ONLY_SECTIONS as readonly string[]).includes(section);
const later = (section: string) => (LATER_SECTIONS as readonly string[]).includes(section);

/**
 * The app's two language files per language (src/i18n/index.ts): `<lang>.json?first` holds the
 * sections the first screen reads, `<lang>.json?later` the sections of src/i18n/later-sections.ts;
 * neither holds the sections only the server reads (src/i18n/server-only.ts). A locale file
 * imported without a query (the tests' expectations) stays whole. Used by the build and by the
 * app's test suite, so the tests see what a browser gets.
 */
export function appTexts(): Plugin {
  return {
    name: 'shop-app-texts',
    enforce: 'pre',
    transform(code, id) {
      const match = /[\\/]locales[\\/][\w-]+\.json\?(?:[\w&]*&)?(first|later)$/.exec(id);
      if (!match) return undefined;
      const wantLater = match[1] === 'later';
      const texts = JSON.parse(code) as Record<string, unknown>;
      const kept = Object.fromEntries(
        Object.entries(texts).filter(([section]) => !serverOnly(section) && later(section) === wantLater),
      );
      // A module of its own: Vite's JSON plugin does not take a locale file with a query.
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(kept))});`, map: null };
    },
  };
}
