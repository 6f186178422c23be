/**
 * Search folding: "T-shirt", "t shirt", "T.Shirt" and "tshirt" are one search. Spacing and
 * punctuation (hyphens and dashes, dots, apostrophes and quotes, brackets, slashes, CJK and
 * full-width marks) are dropped from the query and from the stored titles alike, so what is left
 * to compare is letters and digits.
 *
 * The folding itself runs in PostgreSQL, in both places: `catalog_fold(text, sep)` (migration
 * 0006) lower-cases a text and replaces each run of those characters by `sep`. Products store
 * their titles as words (`sep` ' ', for the one- and two-letter searches that match the start of
 * a word) and folded whole (`sep` '', for everything else) in search_text; a query is folded by
 * the same function. FOLDED below is the same character class for the server's own decision of
 * which index a query can use; tests/server/catalog-search.test.ts holds the two to agreement.
 */
export const FOLDED =
  // spacing, the zero-width ones included
  '\\u0009-\\u000d\\u0020\\u00a0\\u1680\\u2000-\\u200b\\u2028\\u2029\\u202f\\u205f\\u2060\\u3000\\ufeff' +
  // ASCII punctuation and symbols
  '\\u0021-\\u002f\\u003a-\\u0040\\u005b-\\u0060\\u007b-\\u007e' +
  // Latin-1 punctuation: ¡ « soft hyphen ´ · » ¿
  '\\u00a1\\u00ab\\u00ad\\u00b4\\u00b7\\u00bb\\u00bf' +
  // dashes, quotes, bullets, ellipsis, primes and the rest of general punctuation; minus
  '\\u2010-\\u2027\\u2030-\\u205e\\u2212' +
  // CJK: 、。〃, brackets, katakana middle dot
  '\\u3001-\\u3003\\u3008-\\u3011\\u3014-\\u301f\\u30fb' +
  // full-width punctuation
  '\\uff01-\\uff0f\\uff1a-\\uff20\\uff3b-\\uff40\\uff5b-\\uff65';

const FOLDED_RUN = new RegExp(`[${FOLDED}]+`, 'gu');

/** The query as catalog_fold(text, '') folds it: lower case, no spacing or punctuation. */
export const foldSearch = (text: string): string => text.toLowerCase().replace(FOLDED_RUN, '');
