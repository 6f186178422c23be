import { BOOT_ELEMENT_ID, type BootData } from '../../common/boot';
import type { Lang } from '../../common/languages';
import { currentLang } from '../i18n';

let boot: BootData | null | undefined;

function read(): BootData | null {
  if (boot !== undefined) return boot;
  boot = null;
  const el = typeof document === 'undefined' ? null : document.getElementById(BOOT_ELEMENT_ID);
  if (el?.textContent) {
    try {
      boot = JSON.parse(el.textContent) as BootData;
    } catch {
      boot = null;
    }
  }
  return boot;
}

/**
 * An answer the server wrote into the home page (server/boot.ts), once: handed out to the first
 * caller in the same language, then forgotten, so a reload or pull-to-refresh asks the API.
 */
export function takeBootAnswer<K extends Exclude<keyof BootData, 'lang'>>(
  name: K,
  lang: Lang,
): BootData[K] | undefined {
  const data = read();
  if (!data || data.lang !== lang) return undefined;
  const answer = data[name];
  delete data[name];
  return answer;
}

/** A public answer the server wrote into the page under `name` (the first time, in the interface language), else `load`'s. */
export function bootAnswerOr<K extends Exclude<keyof BootData, 'lang' | 'product' | 'search'>>(
  name: K,
  load: () => Promise<NonNullable<BootData[K]>>,
): Promise<NonNullable<BootData[K]>> {
  const answer = takeBootAnswer(name, currentLang());
  return answer === undefined ? load() : Promise.resolve(answer as NonNullable<BootData[K]>);
}
