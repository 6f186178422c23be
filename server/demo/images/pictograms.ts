import { NOUN_PICTOGRAMS } from './noun-pictograms';

/**
 * The pictograms, drawn with simple shapes in a 100 x 100 box: `fg` is the main colour, `ink` the
 * detail colour. One per category (keys are the categories' icon keys), shown on category tiles and
 * banners and as the fallback for a product of no known kind, plus one per kind of product
 * (noun-pictograms.ts).
 */
type Draw = (fg: string, ink: string) => string;

export const CATEGORY_PICTOGRAMS = {
  computer: (fg, ink) => `
    <rect x="12" y="16" width="76" height="50" rx="5" fill="${fg}"/>
    <rect x="18" y="22" width="64" height="38" rx="2" fill="${ink}" opacity="0.35"/>
    <rect x="44" y="66" width="12" height="12" fill="${fg}"/>
    <rect x="28" y="78" width="44" height="7" rx="3" fill="${fg}"/>`,
  electrical: (fg, ink) => `
    <circle cx="50" cy="50" r="38" fill="${fg}"/>
    <path d="M55 14 L30 54 H48 L42 86 L70 42 H52 Z" fill="${ink}"/>`,
  outdoors: (fg, ink) => `
    <circle cx="76" cy="24" r="11" fill="${ink}" opacity="0.7"/>
    <path d="M50 18 L88 84 H12 Z" fill="${fg}"/>
    <path d="M50 46 L64 84 H36 Z" fill="${ink}"/>`,
  family: (fg, ink) => `
    <path d="M50 12 L90 46 H80 V88 H20 V46 H10 Z" fill="${fg}"/>
    <rect x="42" y="60" width="16" height="28" fill="${ink}"/>
    <rect x="26" y="52" width="12" height="12" fill="${ink}" opacity="0.6"/>
    <rect x="62" y="52" width="12" height="12" fill="${ink}" opacity="0.6"/>`,
  health: (fg, ink) => `
    <path d="M50 86 C20 64 8 48 8 32 C8 18 20 10 31 10 C40 10 46 15 50 22 C54 15 60 10 69 10 C80 10 92 18 92 32 C92 48 80 64 50 86 Z" fill="${fg}"/>
    <rect x="44" y="26" width="12" height="36" fill="${ink}"/>
    <rect x="32" y="38" width="36" height="12" fill="${ink}"/>`,
  men: (fg, ink) => `
    <path d="M34 12 L50 22 L66 12 L90 26 L80 44 L72 40 V88 H28 V40 L20 44 L10 26 Z" fill="${fg}"/>
    <path d="M42 14 L50 30 L58 14" fill="none" stroke="${ink}" stroke-width="4"/>
    <circle cx="50" cy="44" r="3" fill="${ink}"/><circle cx="50" cy="58" r="3" fill="${ink}"/>
    <circle cx="50" cy="72" r="3" fill="${ink}"/>`,
  women: (fg, ink) => `
    <path d="M38 10 H62 L60 30 L66 40 L84 88 H16 L34 40 L40 30 Z" fill="${fg}"/>
    <rect x="34" y="38" width="32" height="6" fill="${ink}"/>
    <path d="M24 78 H76" stroke="${ink}" stroke-width="3" opacity="0.5"/>`,
  food: (fg, ink) => `
    <path d="M50 30 C38 18 14 22 14 48 C14 72 32 90 44 88 C48 87 52 87 56 88 C68 90 86 72 86 48 C86 22 62 18 50 30 Z" fill="${fg}"/>
    <path d="M50 30 C50 20 54 12 60 8" fill="none" stroke="${ink}" stroke-width="4"/>
    <path d="M54 20 C62 10 74 12 76 16 C68 22 60 22 54 20 Z" fill="${ink}"/>`,
  phone: (fg, ink) => `
    <rect x="28" y="8" width="44" height="84" rx="8" fill="${fg}"/>
    <rect x="33" y="16" width="34" height="60" rx="2" fill="${ink}" opacity="0.35"/>
    <circle cx="50" cy="84" r="4" fill="${ink}"/>`,
  toys: (fg, ink) => `
    <circle cx="28" cy="24" r="12" fill="${fg}"/><circle cx="72" cy="24" r="12" fill="${fg}"/>
    <circle cx="50" cy="50" r="32" fill="${fg}"/>
    <circle cx="39" cy="44" r="4" fill="${ink}"/><circle cx="61" cy="44" r="4" fill="${ink}"/>
    <ellipse cx="50" cy="60" rx="10" ry="7" fill="${ink}" opacity="0.6"/>`,
  shop: (fg, ink) => `
    <path d="M18 30 H82 L88 88 H12 Z" fill="${fg}"/>
    <path d="M36 40 V26 C36 10 64 10 64 26 V40" fill="none" stroke="${ink}" stroke-width="6"/>`,
} satisfies Record<string, Draw>;

export const PICTOGRAMS = { ...CATEGORY_PICTOGRAMS, ...NOUN_PICTOGRAMS } satisfies Record<string, Draw>;

/** A key of PICTOGRAMS. */
export type PictogramKey = keyof typeof PICTOGRAMS;

export const isPictogram = (key: string): key is PictogramKey => Object.hasOwn(PICTOGRAMS, key);

/** The pictogram `key` in the given colours; an unknown key draws the shopping bag. */
export const pictogram = (key: string, fg: string, ink: string) =>
  (isPictogram(key) ? PICTOGRAMS[key] : PICTOGRAMS.shop)(fg, ink);
