import { CATALOG, type Noun } from '../vocabulary';
import type { PictogramKey } from './pictograms';

/**
 * Which pictogram a product's picture shows, read from what the product row already holds: the
 * kind of product named in its default (English) title ("Slim-fit Jeans B12" is jeans), looked up
 * among its category's nouns first and then among all others, the longest name first ("Polo Shirt"
 * before "Shirt", "Blood Pressure Monitor" before "Monitor"). A title that names no known kind
 * shows the category's pictogram. The demo titles are made of these very nouns
 * (demo/catalog-seed.ts), so every demo product gets its noun's pictogram.
 */
interface Matcher {
  icon: PictogramKey;
  test: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A noun's name as whole words, in any case: "Shirt" is in "Cotton T-Shirt" but not in "Shirts". */
const matcher = (n: Noun): Matcher => ({
  icon: n.icon,
  test: new RegExp(`(?<![\\p{L}\\p{N}])${escape(n.en)}(?![\\p{L}\\p{N}])`, 'iu'),
});

const longestFirst = (nouns: Noun[]) => [...nouns].sort((a, b) => b.en.length - a.en.length).map(matcher);

const BY_CATEGORY = new Map(
  CATALOG.map((c) => [
    c.key,
    [...longestFirst(c.nouns), ...longestFirst(CATALOG.filter((o) => o !== c).flatMap((o) => o.nouns))],
  ]),
);
const ANY_CATEGORY = longestFirst(CATALOG.flatMap((c) => c.nouns));

export function productPictogram(category: { key: string; icon: string }, title: string): string {
  const found = (BY_CATEGORY.get(category.key) ?? ANY_CATEGORY).find((m) => m.test.test(title));
  return found?.icon ?? category.icon;
}
