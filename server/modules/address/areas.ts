import { iso1A2Code } from '@rapideditor/country-coder';
import type { Lang } from '@common/languages';
import type { AreaItem } from '@common/schemas/address';
import cn from './regions/cn.json' with { type: 'json' };
import de from './regions/de.json' with { type: 'json' };
import jp from './regions/jp.json' with { type: 'json' };
import kr from './regions/kr.json' with { type: 'json' };
import ru from './regions/ru.json' with { type: 'json' };
import th from './regions/th.json' with { type: 'json' };
import tr from './regions/tr.json' with { type: 'json' };
import us from './regions/us.json' with { type: 'json' };

/**
 * Countries and regions for shipping addresses. Countries are every ISO 3166-1 alpha-2 code, named
 * by ICU (Intl.DisplayNames) in each interface language and sorted in that language's order.
 * Regions are ISO 3166-2 lists kept as data (./regions/*.json) for the countries that have one
 * here, named in the country's own language and in English. A region is named in the interface
 * language where the list has that language (the country's own, or English), and otherwise in the
 * country's own language: a German address reads "Bayern" in German, Russian or Japanese alike,
 * as its street and town do and as the post that delivers it reads it; "Bavaria" only in English.
 * In the region picker, a name in a script other than Latin also carries its English name for a
 * shopper who reads neither ("Москва (Moscow)" in Thai). Every other country takes its region as
 * free text. All answers are computed once per language and country, then kept.
 */
const ISO_COUNTRIES =
  `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ
BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE
EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR
HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS
LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL
NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI
SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY
UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`.split(/\s+/);

export const COUNTRY_CODES: ReadonlySet<string> = new Set(ISO_COUNTRIES);

interface RegionList {
  country: string;
  /** The country's own interface language: its shoppers read the local names. */
  lang: string;
  /** "list": the data's own (customary) order; "name": by name in the shopper's language. */
  order: string;
  /** [ISO 3166-2 code, local name, English name] */
  regions: string[][];
}

const REGION_LISTS = new Map<string, RegionList>(
  [cn, de, jp, kr, ru, th, tr, us].map((list) => [list.country, list as RegionList]),
);

const displayNames = new Map<Lang, Intl.DisplayNames>();
const collators = new Map<Lang, Intl.Collator>();
const regionNames = new Map<string, Map<string, string>>();
const answers = new Map<string, AreaItem[]>();

function countryNamer(lang: Lang): Intl.DisplayNames {
  let namer = displayNames.get(lang);
  if (!namer) {
    namer = new Intl.DisplayNames(lang, { type: 'region', fallback: 'code' });
    displayNames.set(lang, namer);
  }
  return namer;
}

function collator(lang: Lang): Intl.Collator {
  let c = collators.get(lang);
  if (!c) {
    c = new Intl.Collator(lang, { sensitivity: 'base' });
    collators.set(lang, c);
  }
  return c;
}

export const isCountry = (code: string) => COUNTRY_CODES.has(code);

export const hasRegionList = (country: string) => REGION_LISTS.has(country);

/** The country's name in `lang` ("Deutschland" in de-DE). */
export function countryName(code: string, lang: Lang): string {
  try {
    return countryNamer(lang).of(code) ?? code;
  } catch {
    // Not a region code the runtime can read: shown as stored.
    return code;
  }
}

/** Names in Latin letters (with digits, spaces and punctuation): readable to every shopper here. */
const LATIN = /^[\p{Script=Latin}\p{N}\p{P}\p{Zs}]*$/u;

/**
 * Region code -> name as `lang` reads it, for a country with a list: English in English, else the
 * country's own name; `picker`: a non-Latin own name followed by the English one for a shopper
 * whose language is neither.
 */
function regionNamesOf(country: string, lang: Lang, picker = false): Map<string, string> | undefined {
  const list = REGION_LISTS.get(country);
  if (!list) return undefined;
  const english = lang === 'en-US' && list.lang !== lang;
  const hinted = picker && !english && list.lang !== lang;
  const key = `${country}|${english ? 'en' : hinted ? 'hinted' : 'local'}`;
  let names = regionNames.get(key);
  if (!names) {
    names = new Map(
      list.regions.map(([code, local, inEnglish]) => [
        code,
        english ? inEnglish : hinted && !LATIN.test(local) ? `${local} (${inEnglish})` : local,
      ]),
    );
    regionNames.set(key, names);
  }
  return names;
}

/** Whether `region` is a code of the country's list (always true where the country has none). */
export function isRegionOf(country: string, region: string): boolean {
  const names = regionNamesOf(country, 'en-US');
  return names ? names.has(region) : true;
}

/** The region as `lang` reads it: a listed code's name, or the free text itself. */
export const regionName = (country: string, region: string, lang: Lang): string =>
  regionNamesOf(country, lang)?.get(region) ?? region;

/** GET /api/user/area without a country: every country, by name in `lang`. */
export function countryList(lang: Lang): AreaItem[] {
  const key = `*|${lang}`;
  let list = answers.get(key);
  if (!list) {
    const sort = collator(lang);
    list = ISO_COUNTRIES.map((code) => ({
      code,
      name: countryName(code, lang),
      hasRegions: REGION_LISTS.has(code),
    })).sort((a, b) => sort.compare(a.name, b.name));
    answers.set(key, list);
  }
  return list;
}

/** GET /api/user/area?country=XX: the country's regions (an empty list: the region is free text). */
export function regionList(country: string, lang: Lang): AreaItem[] {
  const names = regionNamesOf(country, lang, true);
  if (!names) return [];
  const key = `${country}|${lang}`;
  let list = answers.get(key);
  if (!list) {
    list = [...names].map(([code, name]) => ({ code, name, hasRegions: false }));
    if (REGION_LISTS.get(country)?.order === 'name') {
      const sort = collator(lang);
      list.sort((a, b) => sort.compare(a.name, b.name));
    }
    answers.set(key, list);
  }
  return list;
}

/**
 * The country at a point (GET /api/user/area_at, the address form's "Use my location"), from the
 * borders of @rapideditor/country-coder kept in this repository's dependencies: no third party is
 * asked. Null at sea or where no ISO country is; regions are left to the shopper (no subdivision
 * borders are kept here).
 */
export function countryAt(latitude: number, longitude: number): string | null {
  const code = iso1A2Code([longitude, latitude]);
  return code && COUNTRY_CODES.has(code) ? code : null;
}
