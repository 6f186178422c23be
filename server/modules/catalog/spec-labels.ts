import type { Lang } from '@common/languages';
import type { ProductSpec, SpecGroup } from '@common/schemas/catalog-answers';
import { hasKey, translate } from '../../lib/i18n';

/**
 * Names of spec dimensions and of their values, from the locale files (`specs.groups.*`,
 * `specs.values.*`). Specs are stored as keys ({ colour: "red", size: "M" }) so one row serves
 * every language; a key without a name there is shown as it is (sizes such as "M" or "128GB" read
 * the same everywhere).
 */
const named = (kind: 'groups' | 'values', key: string, lang: Lang) =>
  hasKey(`specs.${kind}.${key}`) ? translate(lang, `specs.${kind}.${key}`) : key;
const groupName = (key: string, lang: Lang) => named('groups', key, lang);
const valueName = (value: string, lang: Lang) => named('values', value, lang);

/** Dimensions in a fixed order (jsonb keeps no key order): known ones first, then by name. */
const KNOWN = ['colour', 'size', 'storage'];
const rank = (key: string) => (KNOWN.includes(key) ? KNOWN.indexOf(key) : KNOWN.length);
const orderedEntries = (options: Record<string, string>) =>
  Object.entries(options).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));

/** "Red / M" */
export function specLabel(options: Record<string, string>, lang: Lang): string {
  return orderedEntries(options)
    .map(([, v]) => valueName(v, lang))
    .join(' / ');
}

/** The picker's dimensions, in the order the specs first use them. */
export function specGroups(specs: Pick<ProductSpec, 'options'>[], lang: Lang): SpecGroup[] {
  const groups = new Map<string, SpecGroup>();
  for (const spec of specs) {
    for (const [key, value] of orderedEntries(spec.options)) {
      let group = groups.get(key);
      if (!group) {
        group = { key, name: groupName(key, lang), values: [] };
        groups.set(key, group);
      }
      if (!group.values.some((v) => v.value === value)) {
        group.values.push({ value, label: valueName(value, lang) });
      }
    }
  }
  return [...groups.values()];
}
