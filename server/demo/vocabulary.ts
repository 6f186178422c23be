import { z } from 'zod';
import { LANGS, type Lang } from '../../common/languages';
import { isPictogram, type PictogramKey } from './images/pictograms';
import data from './vocabulary.json' with { type: 'json' };

/**
 * Words for the demo catalogue, kept as data in vocabulary.json: per category, nouns and adjectives
 * translated into the eight languages, and the product description around a title. This module
 * only checks the file's shape once, at load, so a missing translation or an unknown pictogram
 * fails loudly with the entry's path; titles.ts puts the words together.
 */
const gender = z.enum(['m', 'f', 'n', 'p']);
export type Gender = z.infer<typeof gender>;

const pictogramKey = z.custom<PictogramKey>((v) => typeof v === 'string' && isPictogram(v), {
  error: 'not a pictogram key (images/pictograms.ts)',
});

const everyLang = <T extends z.ZodType>(value: T) =>
  z.strictObject(Object.fromEntries(LANGS.map((l) => [l, value])) as Record<Lang, T>);

/** A noun's or an adjective's English, Chinese, Japanese, Korean and Thai: one plain word each. */
const formless = {
  en: z.string().min(1),
  zh: z.string().min(1),
  ja: z.string().min(1),
  ko: z.string().min(1),
  th: z.string().min(1),
};

const noun = z.strictObject({
  ...formless,
  de: z.string().min(1),
  deG: gender,
  ru: z.string().min(1),
  ruG: gender,
  tr: z.string().min(1),
  /** Typical price in dollars. */
  price: z.number().positive(),
  /** The pictogram of its products' pictures (images/noun-pictograms.ts): its own, a similar noun's, or the category's. */
  icon: pictogramKey,
});

const adjective = z.strictObject({
  ...formless,
  /** German: the stem ("kompakt" -> kompakter, kompakte, kompaktes) or a prefix ending in "-" ("Bio-"). */
  de: z.string().min(1),
  /** Russian: "m/f/n/p" forms separated by "/", or a prefix ending in "-" ("мини-"). */
  ru: z.string().regex(/^([^/]+\/[^/]+\/[^/]+\/[^/]+|[^/]+-)$/),
  tr: z.string().min(1),
  /** English nouns it fits; absent = every noun of the category. */
  only: z.array(z.string()).optional(),
});

const category = z.strictObject({
  id: z.number().int().positive(),
  key: z.string().min(1),
  icon: pictogramKey,
  names: everyLang(z.string().min(1)),
  specs: z.enum(['apparel', 'colour', 'phone', 'none']),
  nouns: z.array(noun).min(1),
  adjectives: z.array(adjective).min(1),
});

const vocabulary = z.strictObject({
  /** The product description in each language; `{title}` stands for the product's title. */
  descriptions: everyLang(z.string().includes('{title}')),
  categories: z.array(category).min(1),
});

export type Noun = z.infer<typeof noun>;
export type Adjective = z.infer<typeof adjective>;
export type CategoryVocab = z.infer<typeof category>;
export type SpecKind = CategoryVocab['specs'];

/** Checks a vocabulary file's shape; throws with every bad entry's path. */
export const parseVocabulary = (value: unknown) => vocabulary.parse(value);

const parsed = parseVocabulary(data);

export const CATALOG: CategoryVocab[] = parsed.categories;
export const DESCRIPTIONS: Record<Lang, string> = parsed.descriptions;
