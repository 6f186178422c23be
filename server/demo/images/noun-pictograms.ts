/**
 * One pictogram per kind of product (the nouns of the demo vocabulary, server/demo/vocabulary.json),
 * drawn like the category pictograms: simple shapes in a 100 x 100 box, `fg` the main colour, `ink`
 * the detail colour. Each noun names its pictogram (`icon` in the vocabulary): its own here, a
 * similar noun's, or its category's. A title that names no noun shows the category's
 * (product-pictogram.ts).
 */
type Draw = (fg: string, ink: string) => string;

/** `n` copies of a fragment, numbered from 0. */
const times = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join('');

/** A bolt, as on chargers and batteries, centred on (x, y) at the given scale. */
const bolt = (x: number, y: number, s: number, fill: string) =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M3 -14 L-8 2 H-1 L-3 14 L8 -2 H1 Z" fill="${fill}"/>`;

/** A garment's body with sleeves; `long` sleeves reach the hips, short ones the chest. */
const top = (fg: string, long: boolean, neck = 'M36 12 Q50 22 64 12') =>
  long
    ? `<path d="${neck} L84 20 L95 72 L81 76 L72 42 V90 H28 V42 L19 76 L5 72 L16 20 Z" fill="${fg}"/>`
    : `<path d="${neck} L90 26 L81 46 L72 41 V90 H28 V41 L19 46 L10 26 Z" fill="${fg}"/>`;

export const NOUN_PICTOGRAMS = {
  // Computer
  mouse: (fg, ink) => `
    <path d="M50 22 C50 12 58 6 68 8" fill="none" stroke="${fg}" stroke-width="4" stroke-linecap="round"/>
    <path d="M50 20 C68 20 76 32 76 50 V66 C76 82 66 94 50 94 C34 94 24 82 24 66 V50 C24 32 32 20 50 20 Z" fill="${fg}"/>
    <path d="M24 50 H76 M50 20 V50" stroke="${ink}" stroke-width="3" opacity="0.45"/>
    <rect x="46" y="28" width="8" height="15" rx="4" fill="${ink}"/>`,
  keyboard: (fg, ink) => `
    <path d="M50 30 V22 C50 14 60 14 64 8" fill="none" stroke="${fg}" stroke-width="4" stroke-linecap="round"/>
    <rect x="4" y="30" width="92" height="48" rx="6" fill="${fg}"/>
    ${times(3, (r) => times(8, (c) => `<rect x="${10 + c * 10.5}" y="${36 + r * 10}" width="8" height="7" rx="1.5" fill="${ink}" opacity="0.55"/>`))}
    <rect x="26" y="66" width="48" height="7" rx="1.5" fill="${ink}" opacity="0.55"/>`,
  monitor: (fg, ink) => `
    <rect x="4" y="12" width="92" height="58" rx="4" fill="${fg}"/>
    <rect x="9" y="17" width="82" height="46" rx="1" fill="${ink}" opacity="0.4"/>
    <path d="M62 17 L40 63 H52 L74 17 Z" fill="${fg}" opacity="0.25"/>
    <path d="M45 70 L41 86 H59 L55 70 Z" fill="${fg}"/>
    <rect x="26" y="84" width="48" height="6" rx="3" fill="${fg}"/>`,
  laptop: (fg, ink) => `
    <rect x="16" y="16" width="68" height="52" rx="4" fill="${fg}"/>
    <rect x="21" y="21" width="58" height="42" rx="1" fill="${ink}" opacity="0.4"/>
    <path d="M4 70 H96 L92 80 Q91 82 88 82 H12 Q9 82 8 80 Z" fill="${fg}"/>
    <rect x="40" y="70" width="20" height="4" rx="2" fill="${ink}" opacity="0.45"/>`,
  headset: (fg, ink) => `
    <path d="M19 56 V46 C19 24 33 12 50 12 C67 12 81 24 81 46 V56" fill="none" stroke="${fg}" stroke-width="7"/>
    <rect x="9" y="46" width="22" height="32" rx="9" fill="${fg}"/>
    <rect x="69" y="46" width="22" height="32" rx="9" fill="${fg}"/>
    <rect x="25" y="51" width="6" height="22" rx="3" fill="${ink}" opacity="0.5"/>
    <rect x="69" y="51" width="6" height="22" rx="3" fill="${ink}" opacity="0.5"/>
    <path d="M20 76 C22 88 32 91 44 89" fill="none" stroke="${fg}" stroke-width="4" stroke-linecap="round"/>
    <circle cx="47" cy="89" r="5" fill="${ink}"/>`,
  webcam: (fg, ink) => `
    <rect x="12" y="18" width="76" height="42" rx="21" fill="${fg}"/>
    <circle cx="50" cy="39" r="16" fill="${ink}"/>
    <circle cx="50" cy="39" r="8" fill="${fg}" opacity="0.3"/>
    <circle cx="45" cy="34" r="3.5" fill="${fg}"/>
    <circle cx="76" cy="32" r="3" fill="${ink}" opacity="0.6"/>
    <path d="M44 60 H56 L58 74 H42 Z" fill="${fg}"/>
    <rect x="24" y="74" width="52" height="8" rx="4" fill="${fg}"/>
    <path d="M70 82 L76 92" stroke="${fg}" stroke-width="5" stroke-linecap="round"/>`,
  'mouse-pad': (fg, ink) => `
    <g transform="rotate(-8 50 55)">
      <rect x="8" y="26" width="84" height="60" rx="10" fill="${fg}"/>
      <rect x="13" y="31" width="74" height="50" rx="7" fill="none" stroke="${ink}" stroke-width="2" stroke-dasharray="4 3" opacity="0.45"/>
      <path d="M63 36 C73 36 76 44 76 52 V60 C76 70 71 76 63 76 C55 76 50 70 50 60 V52 C50 44 53 36 63 36 Z" fill="${ink}"/>
      <path d="M50 52 H76 M63 36 V52" stroke="${fg}" stroke-width="2" opacity="0.5"/>
      <path d="M63 36 C63 28 52 26 40 30 C30 33 24 40 22 46" fill="none" stroke="${ink}" stroke-width="2.5" opacity="0.7"/>
    </g>`,
  'usb-hub': (fg, ink) => `
    <rect x="6" y="40" width="70" height="32" rx="8" fill="${fg}"/>
    ${times(3, (i) => `<rect x="${14 + i * 19}" y="50" width="14" height="12" rx="1.5" fill="${ink}"/><rect x="${17 + i * 19}" y="53" width="8" height="3" fill="${fg}" opacity="0.6"/>`)}
    <path d="M76 56 H84 C92 56 92 42 88 32 L84 22" fill="none" stroke="${fg}" stroke-width="5"/>
    <rect x="76" y="6" width="14" height="18" rx="2" fill="${fg}" transform="rotate(-20 83 15)"/>
    <path d="M30 12 V34 M30 12 L26 18 M30 12 L34 18 M30 30 L22 24 V20 M30 27 L38 21 V18" fill="none" stroke="${fg}" stroke-width="2.5" stroke-linecap="round"/>
    <circle cx="22" cy="19" r="2.5" fill="${fg}"/><rect x="35.5" y="14.5" width="5" height="5" fill="${fg}"/>
    <circle cx="30" cy="35" r="3" fill="${fg}"/>`,
  'laptop-stand': (fg, ink) => `
    <rect x="24" y="6" width="52" height="36" rx="3" fill="${fg}"/>
    <rect x="28" y="10" width="44" height="28" rx="1" fill="${ink}" opacity="0.4"/>
    <path d="M14 42 H86 L83 48 H17 Z" fill="${fg}"/>
    <rect x="20" y="50" width="60" height="5" rx="2" fill="${ink}"/>
    <path d="M30 55 L22 88 H32 L40 55 Z M70 55 L78 88 H68 L60 55 Z" fill="${ink}"/>
    <rect x="14" y="86" width="72" height="6" rx="3" fill="${ink}"/>`,

  // Electrical
  kettle: (fg, ink) => `
    <path d="M30 30 H68 L76 82 H22 Z" fill="${fg}" stroke="${fg}" stroke-width="4" stroke-linejoin="round"/>
    <rect x="33" y="20" width="32" height="9" rx="4" fill="${fg}"/>
    <rect x="44" y="13" width="10" height="8" rx="3" fill="${fg}"/>
    <path d="M68 34 C90 34 92 66 76 72" fill="none" stroke="${fg}" stroke-width="7" stroke-linecap="round"/>
    <path d="M31 40 L12 28 L9 34 L28 54 Z" fill="${fg}"/>
    <rect x="16" y="82" width="66" height="9" rx="3" fill="${ink}"/>
    <rect x="44" y="44" width="7" height="30" rx="3.5" fill="${ink}" opacity="0.45"/>`,
  'hair-dryer': (fg, ink) => `
    <rect x="10" y="16" width="62" height="34" rx="17" fill="${fg}"/>
    <path d="M66 20 L92 25 V41 L66 46 Z" fill="${fg}"/>
    <circle cx="27" cy="33" r="10" fill="${ink}" opacity="0.45"/>
    <path d="M21 33 H33 M27 27 V39" stroke="${fg}" stroke-width="2"/>
    <path d="M40 46 H58 L52 88 Q51 93 46 93 H42 Q37 93 37 88 Z" fill="${fg}"/>
    <rect x="43" y="58" width="8" height="12" rx="3" fill="${ink}"/>`,
  'desk-fan': (fg, ink) => `
    <circle cx="50" cy="40" r="33" fill="${fg}"/>
    ${times(3, (i) => `<ellipse cx="50" cy="23" rx="9" ry="15" fill="${ink}" opacity="0.6" transform="rotate(${i * 120 + 15} 50 40)"/>`)}
    <circle cx="50" cy="40" r="27" fill="none" stroke="${ink}" stroke-width="1.5" opacity="0.35"/>
    <circle cx="50" cy="40" r="6" fill="${ink}"/>
    <rect x="46" y="72" width="8" height="14" fill="${fg}"/>
    <ellipse cx="50" cy="88" rx="26" ry="6" fill="${fg}"/>`,
  'air-purifier': (fg, ink) => `
    <rect x="26" y="26" width="48" height="68" rx="10" fill="${fg}"/>
    ${times(3, (i) => `<rect x="34" y="${31 + i * 5}" width="32" height="2.5" rx="1.2" fill="${ink}" opacity="0.5"/>`)}
    ${times(4, (r) => times(4, (c) => `<circle cx="${38.5 + c * 7.7}" cy="${56 + r * 7.7}" r="2.3" fill="${ink}" opacity="0.45"/>`))}
    <circle cx="50" cy="49" r="1.8" fill="${ink}"/>
    <path d="M36 20 C32 14 40 10 36 4 M50 20 C46 14 54 10 50 4 M64 20 C60 14 68 10 64 4" fill="none" stroke="${fg}" stroke-width="3" stroke-linecap="round" opacity="0.8"/>`,
  'robot-vacuum': (fg, ink) => `
    <path d="M8 50 V60 A42 20 0 0 0 92 60 V50 Z" fill="${fg}"/>
    <path d="M8 50 V60 A42 20 0 0 0 92 60 V50 Z" fill="${ink}" opacity="0.35"/>
    <ellipse cx="50" cy="50" rx="42" ry="20" fill="${fg}"/>
    <path d="M14 57 A40 16 0 0 0 86 57" fill="none" stroke="${ink}" stroke-width="2" opacity="0.4"/>
    <ellipse cx="50" cy="45" rx="11" ry="6" fill="${ink}"/>
    <circle cx="50" cy="57" r="3" fill="${ink}" opacity="0.6"/>
    <path d="M12 72 L4 76 M14 74 L8 82 M17 75 L14 84" stroke="${ink}" stroke-width="2" stroke-linecap="round" opacity="0.7"/>`,
  blender: (fg, ink) => `
    <rect x="24" y="7" width="52" height="8" rx="3" fill="${fg}"/>
    <path d="M27 16 H73 L66 64 H34 Z" fill="${fg}"/>
    <path d="M31 38 H70 L66 64 H34 Z" fill="${ink}" opacity="0.35"/>
    <path d="M71 22 H84 V50 H68" fill="none" stroke="${fg}" stroke-width="5"/>
    <path d="M42 58 L58 54 M42 54 L58 58" stroke="${ink}" stroke-width="3" stroke-linecap="round"/>
    <path d="M30 66 H70 L76 92 H24 Z" fill="${fg}"/>
    <circle cx="50" cy="80" r="6" fill="${ink}"/>`,
  'coffee-maker': (fg, ink) => `
    <rect x="14" y="10" width="26" height="82" rx="4" fill="${fg}"/>
    <rect x="14" y="10" width="72" height="26" rx="5" fill="${fg}"/>
    <rect x="14" y="82" width="72" height="10" rx="3" fill="${fg}"/>
    <rect x="52" y="18" width="24" height="10" rx="2" fill="${ink}" opacity="0.45"/>
    <rect x="58" y="36" width="12" height="6" fill="${ink}"/>
    <path d="M64 44 V58" stroke="${ink}" stroke-width="2.5" stroke-dasharray="3 2"/>
    <path d="M52 60 H76 V72 Q76 80 68 80 H60 Q52 80 52 72 Z" fill="${fg}"/>
    <path d="M76 63 H80 Q84 63 84 67 Q84 72 78 72" fill="none" stroke="${fg}" stroke-width="3"/>
    <circle cx="27" cy="54" r="4" fill="${ink}" opacity="0.6"/>`,
  speaker: (fg, ink) => `
    <rect x="6" y="26" width="88" height="52" rx="26" fill="${fg}"/>
    <circle cx="30" cy="52" r="15" fill="${ink}" opacity="0.5"/><circle cx="30" cy="52" r="6" fill="${ink}"/>
    <circle cx="70" cy="52" r="15" fill="${ink}" opacity="0.5"/><circle cx="70" cy="52" r="6" fill="${ink}"/>
    <path d="M45 44 L55 56 L50 61 V39 L55 44 L45 56" fill="none" stroke="${ink}" stroke-width="2.5" stroke-linejoin="round"/>
    <rect x="18" y="78" width="14" height="6" rx="2" fill="${fg}"/><rect x="68" y="78" width="14" height="6" rx="2" fill="${fg}"/>`,
  'power-bank': (fg, ink) => `
    <rect x="24" y="8" width="52" height="84" rx="10" fill="${fg}"/>
    <rect x="42" y="8" width="16" height="5" rx="1.5" fill="${ink}" opacity="0.7"/>
    ${bolt(50, 44, 1.7, ink)}
    ${times(4, (i) => `<rect x="${33 + i * 9}" y="78" width="6" height="5" rx="1" fill="${ink}" opacity="${i < 3 ? 1 : 0.3}"/>`)}`,

  // Outdoors
  tent: (fg, ink) => `
    <path d="M32 20 L82 26 L96 84 H58 Z" fill="${fg}"/>
    <path d="M32 20 L82 26 L96 84 H58 Z" fill="${ink}" opacity="0.3"/>
    <path d="M32 20 L58 84 H6 Z" fill="${fg}"/>
    <path d="M32 38 L44 84 H20 Z" fill="${ink}"/>
    <path d="M32 20 L28 10 M32 20 L38 11 M82 26 L84 16" stroke="${fg}" stroke-width="3" stroke-linecap="round"/>
    <rect x="2" y="84" width="96" height="4" rx="2" fill="${fg}"/>`,
  backpack: (fg, ink) => `
    <path d="M42 14 V9 Q42 4 47 4 H53 Q58 4 58 9 V14" fill="none" stroke="${fg}" stroke-width="4"/>
    <path d="M26 34 Q12 50 20 82 M74 34 Q88 50 80 82" fill="none" stroke="${fg}" stroke-width="6" stroke-linecap="round"/>
    <path d="M24 28 Q24 14 38 14 H62 Q76 14 76 28 V86 Q76 93 69 93 H31 Q24 93 24 86 Z" fill="${fg}"/>
    <path d="M24 30 Q24 18 38 18 H62 Q76 18 76 30 V40 Q50 50 24 40 Z" fill="${ink}" opacity="0.3"/>
    <rect x="45" y="40" width="10" height="10" rx="2" fill="${ink}"/>
    <rect x="33" y="60" width="34" height="25" rx="6" fill="${ink}" opacity="0.3"/>
    <path d="M37 66 H63" stroke="${ink}" stroke-width="2"/>`,
  'sleeping-bag': (fg, ink) => `
    <path d="M50 6 C69 6 78 18 78 34 C78 52 72 72 70 94 H30 C28 72 22 52 22 34 C22 18 31 6 50 6 Z" fill="${fg}"/>
    <ellipse cx="50" cy="28" rx="17" ry="14" fill="${ink}" opacity="0.55"/>
    <circle cx="50" cy="30" r="11" fill="${fg}"/>
    <path d="M42 29 Q45 32 48 29 M52 29 Q55 32 58 29" fill="none" stroke="${ink}" stroke-width="2" stroke-linecap="round"/>
    <path d="M27 52 Q50 58 73 52 M28 68 Q50 74 72 68 M29 84 Q50 90 71 84" fill="none" stroke="${ink}" stroke-width="2.5" opacity="0.4"/>
    <path d="M64 42 L68 92" stroke="${ink}" stroke-width="2" stroke-dasharray="3 2"/>
    <path d="M68 8 H76 L68 16 H76 M82 2 H88 L82 8 H88" fill="none" stroke="${fg}" stroke-width="2" stroke-linejoin="round" opacity="0.9"/>`,
  'camping-chair': (fg, ink) => `
    <path d="M28 60 L74 94 M72 60 L26 94" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>
    <path d="M26 10 H74 L71 54 H29 Z" fill="${fg}"/>
    <path d="M26 10 H74 L73 20 H27 Z" fill="${ink}" opacity="0.3"/>
    <path d="M20 52 H80 L76 64 H24 Z" fill="${fg}"/>
    <path d="M12 42 H32 M68 42 H88 M16 42 V58 M84 42 V58" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>`,
  'hiking-boots': (fg, ink) => `
    <path d="M38 10 L40 3 H52 L52 10 Z" fill="${fg}"/>
    <path d="M22 8 H52 L54 44 L80 56 Q92 61 92 72 V78 H12 V68 Q18 50 20 30 Z" fill="${fg}"/>
    <path d="M22 8 H52 L52.5 16 H21.5 Z" fill="${ink}" opacity="0.45"/>
    ${times(4, (i) => `<path d="M${38 - i} ${22 + i * 7} H50" stroke="${ink}" stroke-width="3" stroke-linecap="round"/>`)}
    <path d="M60 58 Q80 58 90 68 V78 H60 Z" fill="${ink}" opacity="0.3"/>
    <path d="M10 78 H94 V86 Q94 92 88 92 H16 Q10 92 10 86 Z" fill="${ink}"/>
    ${times(6, (i) => `<rect x="${17 + i * 12}" y="88" width="6" height="4" fill="${fg}" opacity="0.5"/>`)}`,
  headlamp: (fg, ink) => `
    <ellipse cx="50" cy="46" rx="40" ry="22" fill="none" stroke="${fg}" stroke-width="8"/>
    <ellipse cx="50" cy="46" rx="40" ry="22" fill="none" stroke="${ink}" stroke-width="2" stroke-dasharray="2 6" opacity="0.5"/>
    <rect x="30" y="48" width="40" height="30" rx="8" fill="${fg}"/>
    <circle cx="50" cy="63" r="11" fill="${ink}"/>
    <circle cx="50" cy="63" r="6" fill="${fg}" opacity="0.85"/>
    <path d="M22 80 L12 90 M34 86 L30 97 M66 86 L70 97 M78 80 L88 90" stroke="${fg}" stroke-width="4" stroke-linecap="round" opacity="0.8"/>`,
  'water-bottle': (fg, ink) => `
    <rect x="38" y="4" width="24" height="14" rx="3" fill="${ink}"/>
    <path d="M62 8 Q76 8 76 15 Q76 22 62 20" fill="none" stroke="${ink}" stroke-width="3"/>
    <path d="M40 18 H60 L66 30 H34 Z" fill="${fg}"/>
    <rect x="30" y="28" width="40" height="66" rx="10" fill="${fg}"/>
    <rect x="30" y="48" width="40" height="22" fill="${ink}" opacity="0.35"/>
    <path d="M40 56 C44 52 48 60 52 56 C56 52 60 60 64 56" fill="none" stroke="${fg}" stroke-width="2.5"/>`,
  'trekking-poles': (fg, ink) => `
    <path d="M30 14 L68 92 M70 14 L32 92" stroke="${fg}" stroke-width="4" stroke-linecap="round"/>
    <path d="M27 6 L34 22 M73 6 L66 22" stroke="${fg}" stroke-width="11" stroke-linecap="round"/>
    <path d="M24 8 Q14 20 24 28 M76 8 Q86 20 76 28" fill="none" stroke="${ink}" stroke-width="3"/>
    <ellipse cx="62" cy="80" rx="8" ry="3" fill="${ink}" transform="rotate(-10 62 80)"/>
    <ellipse cx="38" cy="80" rx="8" ry="3" fill="${ink}" transform="rotate(10 38 80)"/>
    <path d="M36 26 L38 30 M64 26 L62 30" stroke="${ink}" stroke-width="6"/>`,
  lantern: (fg, ink) => `
    <path d="M36 22 C36 6 64 6 64 22" fill="none" stroke="${fg}" stroke-width="4"/>
    <path d="M28 22 H72 L64 32 H36 Z" fill="${fg}"/>
    <rect x="34" y="32" width="32" height="42" fill="${ink}" opacity="0.35"/>
    <path d="M50 40 C59 50 57 64 50 66 C43 64 41 50 50 40 Z" fill="${fg}"/>
    <rect x="33" y="32" width="4" height="42" fill="${fg}"/><rect x="63" y="32" width="4" height="42" fill="${fg}"/>
    <path d="M30 74 H70 L73 90 H27 Z" fill="${fg}"/>
    <path d="M20 44 L12 40 M20 56 H10 M80 44 L88 40 M80 56 H90" stroke="${fg}" stroke-width="3" stroke-linecap="round" opacity="0.8"/>`,

  // Family
  towel: (fg, ink) => `
    <rect x="6" y="12" width="88" height="6" rx="3" fill="${ink}"/>
    <rect x="8" y="10" width="6" height="14" rx="2" fill="${ink}"/><rect x="86" y="10" width="6" height="14" rx="2" fill="${ink}"/>
    <path d="M22 15 H78 V86 H22 Z" fill="${fg}"/>
    <path d="M22 15 H78 V86 H22 Z" fill="${ink}" opacity="0.25"/>
    <path d="M22 15 H78 V70 H22 Z" fill="${fg}"/>
    <rect x="22" y="52" width="56" height="5" fill="${ink}" opacity="0.45"/>
    <rect x="22" y="60" width="56" height="3" fill="${ink}" opacity="0.45"/>
    ${times(10, (i) => `<path d="M${25 + i * 5.6} 86 V92" stroke="${fg}" stroke-width="2"/>`)}`,
  'storage-box': (fg, ink) => `
    <path d="M14 38 H86 L82 90 H18 Z" fill="${fg}"/>
    <rect x="10" y="24" width="80" height="16" rx="3" fill="${fg}"/>
    <rect x="14" y="38" width="72" height="4" fill="${ink}" opacity="0.35"/>
    <rect x="40" y="50" width="20" height="7" rx="3.5" fill="${ink}"/>
    <rect x="34" y="64" width="32" height="15" rx="2" fill="${ink}" opacity="0.35"/>`,
  'table-lamp': (fg, ink) => `
    <path d="M18 52 H82 L94 72 H6 Z" fill="${fg}" opacity="0.25"/>
    <path d="M30 10 H70 L84 52 H16 Z" fill="${fg}"/>
    <path d="M24 30 H76" stroke="${ink}" stroke-width="2.5" opacity="0.3"/>
    <rect x="46" y="52" width="8" height="30" fill="${fg}"/>
    <path d="M60 52 V64" stroke="${ink}" stroke-width="2"/><circle cx="60" cy="66" r="2.5" fill="${ink}"/>
    <path d="M28 92 Q28 80 50 80 Q72 80 72 92 Z" fill="${fg}"/>`,
  cookware: (fg, ink) => `
    <rect x="26" y="20" width="12" height="6" rx="3" fill="${fg}"/>
    <path d="M6 40 Q32 20 58 40 Z" fill="${fg}"/>
    <rect x="8" y="42" width="48" height="42" rx="6" fill="${fg}"/>
    <rect x="8" y="42" width="48" height="4" fill="${ink}" opacity="0.35"/>
    <rect x="0" y="50" width="10" height="6" rx="3" fill="${fg}"/><rect x="54" y="50" width="10" height="6" rx="3" fill="${fg}"/>
    <path d="M62 62 H94 V78 Q94 88 84 88 H72 Q62 88 62 78 Z" fill="${fg}"/>
    <path d="M62 62 H94 V66 H62 Z" fill="${ink}" opacity="0.35"/>
    <path d="M78 62 L98 40" stroke="${ink}" stroke-width="6" stroke-linecap="round"/>
    <path d="M20 60 H44" stroke="${ink}" stroke-width="3" opacity="0.35"/>`,
  bedding: (fg, ink) => `
    <path d="M12 62 V28 Q12 14 26 14 H74 Q88 14 88 28 V62 Z" fill="${ink}" opacity="0.55"/>
    <rect x="19" y="32" width="28" height="17" rx="7" fill="${fg}"/>
    <rect x="53" y="32" width="28" height="17" rx="7" fill="${fg}"/>
    <path d="M8 50 H92 V80 Q92 84 88 84 H12 Q8 84 8 80 Z" fill="${fg}"/>
    <path d="M8 58 H92" stroke="${ink}" stroke-width="3" opacity="0.4"/>
    ${times(5, (i) => `<circle cx="${22 + i * 14}" cy="71" r="3" fill="${ink}" opacity="0.3"/>`)}
    <rect x="11" y="84" width="6" height="8" fill="${ink}"/><rect x="83" y="84" width="6" height="8" fill="${ink}"/>`,
  'wall-clock': (fg, ink) => `
    <circle cx="50" cy="50" r="42" fill="${fg}"/>
    <circle cx="50" cy="50" r="36" fill="none" stroke="${ink}" stroke-width="2" opacity="0.25"/>
    ${times(12, (i) => `<rect x="${i % 3 ? 49 : 48}" y="16" width="${i % 3 ? 2 : 4}" height="${i % 3 ? 5 : 9}" fill="${ink}" transform="rotate(${i * 30} 50 50)"/>`)}
    <path d="M50 50 V26" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>
    <path d="M50 50 L67 61" stroke="${ink}" stroke-width="4" stroke-linecap="round"/>
    <circle cx="50" cy="50" r="4.5" fill="${ink}"/>`,
  cushion: (fg, ink) => `
    <path d="M12 14 Q50 24 88 14 Q78 50 88 86 Q50 76 12 86 Q22 50 12 14 Z" fill="${fg}" stroke="${fg}" stroke-width="4" stroke-linejoin="round"/>
    <path d="M16 18 Q50 27 84 18 Q75 50 84 82 Q50 73 16 82 Q25 50 16 18 Z" fill="none" stroke="${ink}" stroke-width="2" opacity="0.35"/>
    <path d="M50 50 L30 32 M50 50 L70 32 M50 50 L30 68 M50 50 L70 68" stroke="${ink}" stroke-width="2" opacity="0.3"/>
    <circle cx="50" cy="50" r="5" fill="${ink}"/>`,
  dinnerware: (fg, ink) => `
    <circle cx="52" cy="52" r="32" fill="${fg}"/>
    <circle cx="52" cy="52" r="21" fill="none" stroke="${ink}" stroke-width="3" opacity="0.3"/>
    <path d="M8 14 V32 Q8 38 14 38 Q20 38 20 32 V14" fill="none" stroke="${fg}" stroke-width="3"/>
    <path d="M14 14 V36" stroke="${fg}" stroke-width="3"/>
    <rect x="11" y="36" width="6" height="52" rx="3" fill="${fg}"/>
    <path d="M90 12 Q98 30 96 52 H89 Z" fill="${fg}"/>
    <rect x="89" y="50" width="6" height="38" rx="3" fill="${fg}"/>`,
  'laundry-basket': (fg, ink) => `
    <path d="M24 36 C22 24 30 16 40 20 L46 36 Z" fill="${ink}" opacity="0.5"/>
    <path d="M40 36 C40 18 58 10 66 22 C72 18 80 24 76 36 Z" fill="${ink}" opacity="0.75"/>
    <path d="M14 38 H86 L78 92 H22 Z" fill="${fg}"/>
    <rect x="10" y="32" width="80" height="9" rx="3" fill="${fg}"/>
    ${times(4, (r) => times(r % 2 ? 5 : 6, (c) => `<rect x="${(r % 2 ? 27 : 21) + c * 10}" y="${50 + r * 9}" width="6" height="4" rx="2" fill="${ink}" opacity="0.4"/>`))}
    <rect x="16" y="42" width="10" height="4" rx="2" fill="${ink}"/><rect x="74" y="42" width="10" height="4" rx="2" fill="${ink}"/>`,
  // Health
  'blood-pressure-monitor': (fg, ink) => `
    <path d="M66 52 C88 50 92 66 80 72" fill="none" stroke="${fg}" stroke-width="4"/>
    <rect x="6" y="18" width="60" height="62" rx="8" fill="${fg}"/>
    <rect x="13" y="25" width="46" height="30" rx="3" fill="${ink}" opacity="0.4"/>
    <path d="M16 42 H27 L31 32 L37 50 L41 38 H56" fill="none" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="36" cy="67" r="6" fill="${ink}"/>
    <circle cx="20" cy="67" r="3" fill="${ink}" opacity="0.5"/><circle cx="52" cy="67" r="3" fill="${ink}" opacity="0.5"/>
    <rect x="62" y="68" width="34" height="22" rx="7" fill="${fg}"/>
    <path d="M66 79 H92" stroke="${ink}" stroke-width="3" opacity="0.4"/>`,
  thermometer: (fg, ink) => `
    <rect x="39" y="6" width="22" height="66" rx="11" fill="${fg}"/>
    <circle cx="50" cy="76" r="17" fill="${fg}"/>
    <rect x="46" y="30" width="8" height="46" rx="4" fill="${ink}"/>
    <circle cx="50" cy="76" r="10" fill="${ink}"/>
    ${times(5, (i) => `<path d="M63 ${16 + i * 10} H${i % 2 ? 70 : 74}" stroke="${fg}" stroke-width="3" stroke-linecap="round"/>`)}`,
  'massage-gun': (fg, ink) => `
    <rect x="26" y="18" width="62" height="28" rx="14" fill="${fg}"/>
    <rect x="12" y="26" width="18" height="12" fill="${fg}"/>
    <circle cx="12" cy="32" r="10" fill="${fg}"/>
    <circle cx="12" cy="32" r="10" fill="none" stroke="${ink}" stroke-width="2" opacity="0.4"/>
    <path d="M56 42 H76 L70 90 Q69 95 64 95 H58 Q53 95 53 90 Z" fill="${fg}"/>
    ${times(3, (i) => `<rect x="${70 + i * 5}" y="25" width="2.5" height="14" rx="1.2" fill="${ink}" opacity="0.5"/>`)}
    <circle cx="48" cy="32" r="4" fill="${ink}"/>
    <path d="M2 14 Q6 10 10 14 M2 50 Q6 54 10 50" fill="none" stroke="${fg}" stroke-width="2.5" stroke-linecap="round"/>`,
  'yoga-mat': (fg, ink) => `
    <path d="M18 60 H66 L94 90 H46 Z" fill="${fg}"/>
    <path d="M18 60 H66 L94 90 H46 Z" fill="${ink}" opacity="0.2"/>
    <rect x="16" y="24" width="52" height="38" fill="${fg}"/>
    <ellipse cx="16" cy="43" rx="10" ry="19" fill="${fg}"/>
    <ellipse cx="68" cy="43" rx="10" ry="19" fill="${fg}"/>
    <path d="M68 31 C74 31 75 40 72 46 C69 52 63 48 64 42 C65 37 70 38 70 42" fill="none" stroke="${ink}" stroke-width="2.5" opacity="0.6"/>
    <rect x="30" y="24" width="5" height="38" fill="${ink}" opacity="0.5"/><rect x="50" y="24" width="5" height="38" fill="${ink}" opacity="0.5"/>`,
  'fitness-tracker': (fg, ink) => `
    <rect x="38" y="2" width="24" height="96" rx="10" fill="${fg}"/>
    ${times(3, (i) => `<circle cx="50" cy="${76 + i * 7}" r="1.8" fill="${ink}" opacity="0.5"/>`)}
    <rect x="33" y="26" width="34" height="46" rx="15" fill="${fg}"/>
    <rect x="38" y="31" width="24" height="36" rx="11" fill="${ink}"/>
    <path d="M50 56 C40 49 42 41 46.5 41 C48.5 41 50 43 50 44 C50 43 51.5 41 53.5 41 C58 41 60 49 50 56 Z" fill="${fg}"/>`,
  toothbrush: (fg, ink) => `
    <rect x="42" y="6" width="14" height="20" rx="6" fill="${fg}"/>
    ${times(4, (i) => `<rect x="34" y="${8 + i * 4.4}" width="9" height="2.6" rx="1" fill="${ink}"/>`)}
    <path d="M45 24 H53 L57 40 H41 Z" fill="${fg}"/>
    <rect x="37" y="38" width="24" height="52" rx="11" fill="${fg}"/>
    <circle cx="49" cy="54" r="5" fill="${ink}"/>
    <rect x="46" y="64" width="6" height="10" rx="3" fill="${ink}" opacity="0.4"/>
    <rect x="30" y="88" width="38" height="8" rx="3" fill="${ink}"/>
    <path d="M64 10 Q68 14 64 18 M70 8 Q76 14 70 20" fill="none" stroke="${fg}" stroke-width="2.5" stroke-linecap="round"/>`,
  'foot-massager': (fg, ink) => {
    const foot = (x: number, flip: number) => `
      <g transform="translate(${x} 56) scale(${flip} 1)">
        <path d="M-8 -12 C-6 -18 8 -18 10 -10 C11 -2 7 6 7 14 C7 22 2 26 -2 25 C-7 24 -7 18 -5 12 C-3 6 -2 2 -6 -2 C-9 -6 -10 -9 -8 -12 Z" fill="${ink}" opacity="0.55"/>
        <g fill="${ink}" opacity="0.55"><circle cx="-6" cy="-22" r="3.4"/><circle cx="0" cy="-24" r="2.7"/><circle cx="4.8" cy="-23" r="2.3"/><circle cx="8.6" cy="-20.4" r="2"/><circle cx="11.2" cy="-16.6" r="1.7"/></g>
      </g>`;
    return `
    <rect x="6" y="22" width="88" height="66" rx="24" fill="${fg}"/>
    ${times(5, (i) => `<path d="M14 ${38 + i * 9} H86" stroke="${ink}" stroke-width="1.5" stroke-dasharray="2 3" opacity="0.3"/>`)}
    ${foot(34, -1)}${foot(66, 1)}
    <circle cx="50" cy="30" r="3" fill="${ink}"/>`;
  },
  'body-scale': (fg, ink) => `
    <rect x="10" y="10" width="80" height="80" rx="16" fill="${fg}"/>
    <rect x="28" y="18" width="44" height="26" rx="5" fill="${ink}" opacity="0.4"/>
    <path d="M34 40 A16 16 0 0 1 66 40" fill="none" stroke="${fg}" stroke-width="2.5"/>
    <path d="M50 40 L58 27" stroke="${ink}" stroke-width="3" stroke-linecap="round"/>
    <circle cx="50" cy="40" r="3" fill="${ink}"/>
    <rect x="22" y="54" width="20" height="28" rx="9" fill="${ink}" opacity="0.2"/>
    <rect x="58" y="54" width="20" height="28" rx="9" fill="${ink}" opacity="0.2"/>`,
  humidifier: (fg, ink) => `
    <path d="M50 22 C42 16 54 12 46 4 M42 22 C32 18 40 10 32 6 M58 22 C66 16 58 10 66 4" fill="none" stroke="${fg}" stroke-width="3" stroke-linecap="round" opacity="0.8"/>
    <rect x="42" y="22" width="16" height="10" rx="3" fill="${fg}"/>
    <path d="M28 42 Q28 30 40 30 H60 Q72 30 72 42 V86 Q72 93 65 93 H35 Q28 93 28 86 Z" fill="${fg}"/>
    <path d="M50 46 C57 55 60 60 60 65 A10 10 0 0 1 40 65 C40 60 43 55 50 46 Z" fill="${ink}"/>
    <rect x="28" y="80" width="44" height="4" fill="${ink}" opacity="0.3"/>`,

  // Men's clothing
  shirt: (fg, ink) => `
    ${top(fg, true, 'M36 12 L50 20 L64 12')}
    <path d="M36 12 L42 6 H58 L64 12 L50 24 Z" fill="${fg}"/>
    <path d="M38 10 L50 26 L62 10" fill="none" stroke="${ink}" stroke-width="3"/>
    <path d="M50 26 V90" stroke="${ink}" stroke-width="1.5" opacity="0.5"/>
    ${times(4, (i) => `<circle cx="53" cy="${36 + i * 14}" r="2.5" fill="${ink}"/>`)}
    <rect x="32" y="34" width="11" height="10" fill="none" stroke="${ink}" stroke-width="2" opacity="0.5"/>
    <path d="M8 66 L21 70 M92 66 L79 70" stroke="${ink}" stroke-width="4" opacity="0.4"/>`,
  't-shirt': (fg, ink) => `
    ${top(fg, false, 'M35 12 Q50 24 65 12')}
    <path d="M36 13 Q50 26 64 13" fill="none" stroke="${ink}" stroke-width="3"/>
    <path d="M12 30 L21 35 M88 30 L79 35" stroke="${ink}" stroke-width="2" opacity="0.35"/>
    <path d="M28 84 H72" stroke="${ink}" stroke-width="2" opacity="0.35"/>`,
  jeans: (fg, ink) => `
    <path d="M24 8 H76 L84 94 H56 L50 38 L44 94 H16 Z" fill="${fg}"/>
    <rect x="24" y="8" width="52" height="8" fill="${ink}" opacity="0.35"/>
    <circle cx="50" cy="12" r="2.5" fill="${ink}"/>
    <path d="M28 16 Q32 28 42 24 M72 16 Q68 28 58 24" fill="none" stroke="${ink}" stroke-width="2" stroke-dasharray="3 2"/>
    <path d="M50 16 V38 M50 34 Q44 34 44 24 V16" fill="none" stroke="${ink}" stroke-width="2" stroke-dasharray="3 2"/>
    <path d="M22 36 L19 92 M78 36 L81 92" stroke="${ink}" stroke-width="2" stroke-dasharray="3 2" opacity="0.6"/>
    <circle cx="29" cy="23" r="1.8" fill="${ink}"/><circle cx="71" cy="23" r="1.8" fill="${ink}"/>`,
  trousers: (fg, ink) => `
    <path d="M26 8 H74 L80 94 H56 L50 36 L44 94 H20 Z" fill="${fg}"/>
    <rect x="26" y="8" width="48" height="7" fill="${ink}" opacity="0.6"/>
    <rect x="46" y="7" width="8" height="9" rx="1" fill="${fg}" stroke="${ink}" stroke-width="2"/>
    <path d="M30 15 L36 28 M70 15 L64 28" stroke="${ink}" stroke-width="2" opacity="0.5"/>
    <path d="M34 34 L32 94 M66 34 L68 94" stroke="${ink}" stroke-width="1.5" opacity="0.35"/>`,
  jacket: (fg, ink) => `
    ${top(fg, true, 'M34 12 L50 18 L66 12')}
    <path d="M34 12 L38 4 H62 L66 12 L50 20 Z" fill="${fg}"/>
    <path d="M36 6 L50 16 L64 6" fill="none" stroke="${ink}" stroke-width="2.5" opacity="0.6"/>
    <path d="M50 16 V90" stroke="${ink}" stroke-width="3"/>
    <rect x="52" y="22" width="4" height="8" rx="1" fill="${ink}"/>
    <path d="M32 60 L38 74 M68 60 L62 74" stroke="${ink}" stroke-width="3" stroke-linecap="round"/>
    <rect x="28" y="84" width="44" height="6" fill="${ink}" opacity="0.35"/>
    <path d="M6 68 L20 72 M94 68 L80 72" stroke="${ink}" stroke-width="5" opacity="0.35"/>`,
  hoodie: (fg, ink) => `
    <path d="M30 22 Q30 2 50 2 Q70 2 70 22 Z" fill="${fg}"/>
    ${top(fg, true, 'M34 14 Q50 24 66 14')}
    <path d="M37 16 Q38 7 50 7 Q62 7 63 16 Q58 26 50 26 Q42 26 37 16 Z" fill="${ink}" opacity="0.55"/>
    <path d="M45 26 V44 M55 26 V44" stroke="${ink}" stroke-width="2"/>
    <circle cx="45" cy="45" r="2" fill="${ink}"/><circle cx="55" cy="45" r="2" fill="${ink}"/>
    <path d="M34 62 H66 L72 82 H28 Z" fill="${ink}" opacity="0.3"/>
    <rect x="28" y="84" width="44" height="6" fill="${ink}" opacity="0.35"/>`,
  'polo-shirt': (fg, ink) => `
    ${top(fg, false, 'M36 12 L50 18 L64 12')}
    <path d="M36 12 L40 6 H50 L46 24 Z M64 12 L60 6 H50 L54 24 Z" fill="${fg}" stroke="${ink}" stroke-width="2" stroke-linejoin="round"/>
    <rect x="47" y="18" width="6" height="18" fill="none" stroke="${ink}" stroke-width="1.5" opacity="0.6"/>
    <circle cx="50" cy="24" r="1.8" fill="${ink}"/><circle cx="50" cy="31" r="1.8" fill="${ink}"/>
    <path d="M11 28 L20 33 M89 28 L80 33" stroke="${ink}" stroke-width="3" opacity="0.4"/>`,
  sweater: (fg, ink) => `
    ${top(fg, true, 'M36 12 Q50 20 64 12')}
    <path d="M36 12 Q50 22 64 12" fill="none" stroke="${ink}" stroke-width="5" opacity="0.4"/>
    <path d="M28 36 L36 44 L44 36 L50 42 L56 36 L64 44 L72 36 M28 50 L36 58 L44 50 L50 56 L56 50 L64 58 L72 50" fill="none" stroke="${ink}" stroke-width="2.5" opacity="0.4"/>
    <rect x="28" y="82" width="44" height="8" fill="${ink}" opacity="0.3"/>
    ${times(8, (i) => `<path d="M${31 + i * 5.4} 82 V90" stroke="${fg}" stroke-width="1.2" opacity="0.6"/>`)}
    <path d="M6 67 L19 71 M94 67 L81 71" stroke="${ink}" stroke-width="6" opacity="0.3"/>`,
  shorts: (fg, ink) => `
    <path d="M18 16 H82 L92 74 H56 L50 42 L44 74 H8 Z" fill="${fg}"/>
    <rect x="18" y="16" width="64" height="9" fill="${ink}" opacity="0.35"/>
    <path d="M47 25 Q44 34 40 36 M53 25 Q56 34 60 36" fill="none" stroke="${ink}" stroke-width="2"/>
    <path d="M24 25 Q28 34 38 32 M76 25 Q72 34 62 32" fill="none" stroke="${ink}" stroke-width="2" opacity="0.5"/>
    <path d="M10 66 H45 M55 66 H90" stroke="${ink}" stroke-width="2" opacity="0.35"/>`,

  // Women's clothing
  dress: (fg, ink) => `
    <path d="M38 6 V18 M62 6 V18" stroke="${fg}" stroke-width="3"/>
    <path d="M36 18 Q50 26 64 18 L66 42 L90 90 Q50 98 10 90 L34 42 Z" fill="${fg}"/>
    <path d="M34 40 H66 L65 46 H35 Z" fill="${ink}" opacity="0.5"/>
    <path d="M38 52 L28 92 M50 54 V95 M62 52 L72 92" stroke="${ink}" stroke-width="1.5" opacity="0.3"/>`,
  blouse: (fg, ink) => `
    <path d="M36 14 L50 20 L64 14 L84 22 Q96 40 90 56 L76 56 L72 40 L74 88 Q50 92 26 88 L28 40 L24 56 L10 56 Q4 40 16 22 Z" fill="${fg}"/>
    <path d="M50 22 L38 16 L40 30 Z M50 22 L62 16 L60 30 Z" fill="${ink}"/>
    <path d="M48 24 L42 42 M52 24 L58 42" stroke="${ink}" stroke-width="2.5" stroke-linecap="round"/>
    <path d="M12 52 H26 M74 52 H88" stroke="${ink}" stroke-width="2" opacity="0.4"/>
    <path d="M26 80 Q32 86 38 80 Q44 86 50 80 Q56 86 62 80 Q68 86 74 80" fill="none" stroke="${ink}" stroke-width="2" opacity="0.35"/>`,
  skirt: (fg, ink) => `
    <path d="M30 22 H70 L90 84 Q50 94 10 84 Z" fill="${fg}"/>
    <rect x="28" y="12" width="44" height="11" rx="2" fill="${fg}"/>
    <rect x="28" y="20" width="44" height="3" fill="${ink}" opacity="0.4"/>
    <circle cx="62" cy="17" r="2" fill="${ink}"/>
    <path d="M38 24 L26 88 M50 24 V91 M62 24 L74 88" stroke="${ink}" stroke-width="2" opacity="0.35"/>`,
  cardigan: (fg, ink) => `
    <path d="M40 14 L50 44 L60 14 Z" fill="${ink}" opacity="0.4"/>
    ${top(fg, true, 'M36 12 L50 44 L64 12')}
    <path d="M36 12 L50 44 L64 12" fill="none" stroke="${ink}" stroke-width="3" opacity="0.5"/>
    <path d="M50 44 V90" stroke="${ink}" stroke-width="2" opacity="0.6"/>
    ${times(3, (i) => `<circle cx="45" cy="${54 + i * 11}" r="2.6" fill="${ink}"/>`)}
    <rect x="30" y="64" width="12" height="10" fill="none" stroke="${ink}" stroke-width="2" opacity="0.45"/>
    <rect x="58" y="64" width="12" height="10" fill="none" stroke="${ink}" stroke-width="2" opacity="0.45"/>
    <rect x="28" y="84" width="44" height="6" fill="${ink}" opacity="0.3"/>`,
  coat: (fg, ink) => `
    <path d="M36 8 L50 14 L64 8 L82 16 L93 70 L80 73 L72 36 L78 96 H22 L28 36 L20 73 L7 70 L18 16 Z" fill="${fg}"/>
    <path d="M36 8 L44 32 L50 26 L56 32 L64 8" fill="none" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/>
    <rect x="26" y="50" width="48" height="6" fill="${ink}" opacity="0.55"/>
    <rect x="46" y="49" width="8" height="8" rx="1" fill="${fg}" stroke="${ink}" stroke-width="2"/>
    ${times(2, (i) => `<circle cx="42" cy="${40 + i * 26}" r="2.5" fill="${ink}"/><circle cx="58" cy="${40 + i * 26}" r="2.5" fill="${ink}"/>`)}
    <path d="M50 56 V96" stroke="${ink}" stroke-width="1.5" opacity="0.5"/>`,
  jumpsuit: (fg, ink) => `
    <path d="M36 6 H42 L44 18 Q50 22 56 18 L58 6 H64 L68 44 L76 96 H55 L50 56 L45 96 H24 L32 44 Z" fill="${fg}"/>
    <rect x="31" y="40" width="38" height="6" fill="${ink}" opacity="0.55"/>
    <path d="M44 18 Q50 24 56 18" fill="none" stroke="${ink}" stroke-width="2" opacity="0.5"/>
    <path d="M36 52 L34 62 M64 52 L66 62" stroke="${ink}" stroke-width="2" opacity="0.45"/>`,
  leggings: (fg, ink) => `
    <path d="M28 8 H72 L64 94 H54 L50 36 L46 94 H36 Z" fill="${fg}"/>
    <rect x="28" y="8" width="44" height="10" fill="${ink}" opacity="0.4"/>
    <path d="M33 24 L41 92 M67 24 L59 92" stroke="${ink}" stroke-width="1.5" opacity="0.3"/>`,
  scarf: (fg, ink) => `
    <path d="M20 26 Q50 4 80 26 Q50 50 20 26 Z" fill="none" stroke="${fg}" stroke-width="12" stroke-linejoin="round"/>
    <path d="M34 36 L24 82 H42 L50 38 Z" fill="${fg}"/>
    <path d="M52 40 L58 88 H76 L66 34 Z" fill="${fg}"/>
    <path d="M27 68 L43 68 M25 74 L41 74 M57 74 L74 74 M58 80 L75 80" stroke="${ink}" stroke-width="3" opacity="0.45"/>
    ${times(5, (i) => `<path d="M${26 + i * 3.8} 82 V90 M${60 + i * 3.8} 88 V96" stroke="${fg}" stroke-width="2"/>`)}`,
  handbag: (fg, ink) => `
    <path d="M32 40 V32 Q32 14 50 14 Q68 14 68 32 V40" fill="none" stroke="${fg}" stroke-width="6"/>
    <path d="M16 38 H84 L90 86 Q90 92 84 92 H16 Q10 92 10 86 Z" fill="${fg}"/>
    <path d="M16 38 H84 L86 54 Q50 68 14 54 Z" fill="${ink}" opacity="0.3"/>
    <rect x="44" y="56" width="12" height="10" rx="2" fill="${ink}"/>
    <circle cx="32" cy="40" r="3" fill="${ink}"/><circle cx="68" cy="40" r="3" fill="${ink}"/>`,

  // Food
  tea: (fg, ink) => `
    <path d="M30 30 C24 22 34 18 28 10 M44 28 C38 20 48 16 42 8" fill="none" stroke="${fg}" stroke-width="3" stroke-linecap="round" opacity="0.8"/>
    <path d="M12 40 H76 Q76 76 44 84 Q12 76 12 40 Z" fill="${fg}"/>
    <ellipse cx="44" cy="40" rx="32" ry="5" fill="${ink}" opacity="0.5"/>
    <ellipse cx="44" cy="88" rx="40" ry="6" fill="${fg}"/>
    <path d="M68 30 C72 14 86 8 96 8 C94 22 84 32 68 30 Z" fill="${fg}"/>
    <path d="M70 28 C76 22 82 16 92 11" fill="none" stroke="${ink}" stroke-width="2" opacity="0.6"/>
    <path d="M36 58 C38 52 46 50 52 50 C50 58 44 62 36 58 Z" fill="${ink}" opacity="0.45"/>`,
  'coffee-beans': (fg, ink) => {
    const bean = (x: number, y: number, r: number) => `
      <g transform="rotate(${r} ${x} ${y})">
        <ellipse cx="${x}" cy="${y}" rx="16" ry="22" fill="${fg}"/>
        <path d="M${x} ${y - 20} C${x - 9} ${y - 6} ${x + 9} ${y + 6} ${x} ${y + 20}" fill="none" stroke="${ink}" stroke-width="3.5" stroke-linecap="round"/>
      </g>`;
    return bean(32, 34, -30) + bean(70, 38, 25) + bean(48, 72, 75);
  },
  honey: (fg, ink) => `
    <rect x="16" y="34" width="60" height="58" rx="12" fill="${fg}"/>
    <rect x="20" y="22" width="52" height="14" rx="3" fill="${ink}"/>
    <path d="M28 36 V44 Q31 50 34 44 V36 Z M54 36 V48 Q57 54 60 48 V36 Z" fill="${ink}"/>
    <path d="M46 52 L56 58 V70 L46 76 L36 70 V58 Z" fill="${ink}" opacity="0.45"/>
    <path d="M70 26 L90 6" stroke="${fg}" stroke-width="4" stroke-linecap="round"/>
    <ellipse cx="68" cy="28" rx="7" ry="10" fill="${fg}" transform="rotate(45 68 28)"/>
    <path d="M62 28 L68 22 M66 32 L72 26" stroke="${ink}" stroke-width="2" opacity="0.6"/>`,
  chocolate: (fg, ink) => `
    <g transform="rotate(-18 50 50)">
      <rect x="26" y="6" width="48" height="84" rx="4" fill="${ink}"/>
      ${times(3, (r) => times(2, (c) => `<rect x="${30 + c * 21}" y="${10 + r * 14}" width="19" height="12" rx="2" fill="${fg}" opacity="0.18"/>`))}
      <path d="M22 48 L30 52 L38 46 L46 52 L54 46 L62 52 L70 46 L78 50 V94 H22 Z" fill="${fg}"/>
      <rect x="22" y="64" width="56" height="12" fill="${ink}" opacity="0.35"/>
    </g>`,
  'olive-oil': (fg, ink) => `
    <rect x="43" y="2" width="14" height="8" rx="2" fill="${ink}"/>
    <path d="M44 10 H56 V26 Q72 34 72 48 V90 Q72 96 66 96 H34 Q28 96 28 90 V48 Q28 34 44 26 Z" fill="${fg}"/>
    <rect x="28" y="50" width="44" height="32" fill="${ink}" opacity="0.3"/>
    <path d="M38 74 Q50 58 64 56" fill="none" stroke="${ink}" stroke-width="2"/>
    <ellipse cx="44" cy="68" rx="5" ry="7" fill="${ink}" transform="rotate(-30 44 68)"/>
    <path d="M52 64 C54 58 60 56 64 56 C62 62 58 64 52 64 Z" fill="${fg}"/>`,
  nuts: (fg, ink) => `
    <g transform="rotate(-35 30 32)">
      <path d="M30 10 C40 10 42 22 38 32 C42 42 40 54 30 54 C20 54 18 42 22 32 C18 22 20 10 30 10 Z" fill="${fg}"/>
      ${times(3, (i) => `<circle cx="${26 + (i % 2) * 8}" cy="${20 + i * 12}" r="1.8" fill="${ink}" opacity="0.45"/>`)}
      <path d="M22 32 H38" stroke="${ink}" stroke-width="1.5" opacity="0.35"/>
    </g>
    <path d="M76 8 C88 16 92 36 80 48 C74 42 66 28 76 8 Z" fill="${fg}"/>
    <path d="M76 14 C82 24 82 36 79 44" fill="none" stroke="${ink}" stroke-width="1.5" opacity="0.45"/>
    <path d="M10 72 C10 56 26 52 30 62 C32 70 24 72 24 80 C24 88 34 88 38 84 C34 96 10 94 10 72 Z" fill="${fg}"/>
    <path d="M62 50 C66 56 82 60 82 74 A20 20 0 0 1 42 74 C42 60 58 56 62 50 Z" fill="${fg}"/>
    <path d="M62 50 C66 56 80 58 82 68 Q62 60 42 68 C44 58 58 56 62 50 Z" fill="${ink}" opacity="0.45"/>
    <path d="M50 80 Q54 88 62 90" fill="none" stroke="${ink}" stroke-width="1.5" opacity="0.35"/>`,
  mango: (fg, ink) => `
    <path d="M8 42 C8 24 30 14 52 16 C76 18 92 32 90 48 C88 60 74 64 62 60 C50 56 42 64 28 62 C14 60 8 54 8 42 Z" fill="${fg}"/>
    <ellipse cx="60" cy="30" rx="18" ry="8" fill="${ink}" opacity="0.18" transform="rotate(10 60 30)"/>
    <path d="M16 28 C14 22 14 18 18 14" fill="none" stroke="${ink}" stroke-width="2.5" stroke-linecap="round"/>
    <path d="M17 16 C20 6 32 4 38 8 C32 16 24 18 17 16 Z" fill="${ink}"/>
    <path d="M20 76 C34 68 52 70 66 78 C54 86 34 88 20 76 Z" fill="${fg}"/>
    <path d="M40 88 C56 80 74 82 90 90 C76 97 56 98 40 88 Z" fill="${fg}"/>
    <path d="M28 76 C38 72 50 73 60 78 M48 88 C58 85 70 86 82 90" fill="none" stroke="${ink}" stroke-width="1.5" opacity="0.4"/>`,
  rice: (fg, ink) => `
    <path d="M58 4 L86 40 M68 2 L92 36" stroke="${ink}" stroke-width="3.5" stroke-linecap="round"/>
    <path d="M14 52 Q18 28 50 26 Q82 28 86 52 Z" fill="${fg}"/>
    ${[
      [30, 42, 20],
      [40, 36, -30],
      [52, 34, 60],
      [62, 40, -10],
      [72, 46, 40],
      [44, 46, 80],
      [56, 46, -50],
      [26, 48, -20],
    ]
      .map(
        ([x, y, r]) =>
          `<ellipse cx="${x}" cy="${y}" rx="3.5" ry="1.8" fill="${ink}" opacity="0.35" transform="rotate(${r} ${x} ${y})"/>`,
      )
      .join('')}
    <path d="M8 52 H92 Q90 86 50 88 Q10 86 8 52 Z" fill="${fg}"/>
    <path d="M10 60 H90" stroke="${ink}" stroke-width="3" opacity="0.35"/>
    <rect x="36" y="88" width="28" height="6" rx="2" fill="${fg}"/>`,
  noodles: (fg, ink) => `
    <path d="M64 4 V36 M58 4 V18 Q58 24 64 24 Q70 24 70 18 V4" fill="none" stroke="${ink}" stroke-width="3" stroke-linecap="round"/>
    <path d="M26 38 C30 30 36 30 38 36 C40 30 46 30 48 36 C50 30 56 30 58 36 C60 30 66 30 68 36 C70 30 76 30 76 38" fill="none" stroke="${fg}" stroke-width="3"/>
    <path d="M56 34 C52 28 60 24 56 18 M62 34 C66 28 60 24 64 18 M68 34 C72 28 66 22 70 18" fill="none" stroke="${fg}" stroke-width="2.5" stroke-linecap="round"/>
    <path d="M16 36 H84 L76 92 H24 Z" fill="${fg}"/>
    <rect x="19" y="50" width="62" height="18" fill="${ink}" opacity="0.4"/>
    <path d="M26 59 C32 54 36 64 42 59 C48 54 52 64 58 59 C64 54 68 64 74 59" fill="none" stroke="${fg}" stroke-width="2.5"/>`,

  // Phone
  smartphone: (fg, ink) => `
    <rect x="26" y="4" width="48" height="92" rx="9" fill="${fg}"/>
    <rect x="30" y="10" width="40" height="80" rx="5" fill="${ink}" opacity="0.4"/>
    <rect x="43" y="13" width="14" height="4" rx="2" fill="${ink}"/>
    ${times(4, (r) => times(3, (c) => `<rect x="${35 + c * 11}" y="${24 + r * 13}" width="8" height="8" rx="2.5" fill="${fg}" opacity="0.85"/>`))}`,
  'phone-case': (fg, ink) => `
    <rect x="22" y="4" width="56" height="92" rx="13" fill="${fg}"/>
    <rect x="27" y="9" width="46" height="82" rx="9" fill="${ink}" opacity="0.18"/>
    <rect x="30" y="12" width="24" height="26" rx="7" fill="${ink}"/>
    <circle cx="38" cy="20" r="4.5" fill="${fg}" opacity="0.5"/><circle cx="38" cy="31" r="4.5" fill="${fg}" opacity="0.5"/>
    <circle cx="48" cy="25" r="2" fill="${fg}" opacity="0.7"/>
    <path d="M50 66 C40 58 42 50 46.5 50 C48.5 50 50 52 50 53 C50 52 51.5 50 53.5 50 C58 50 60 58 50 66 Z" fill="${ink}" opacity="0.5"/>
    <rect x="78" y="26" width="3" height="14" rx="1.5" fill="${fg}"/>`,
  'screen-protector': (fg, ink) => `
    <rect x="14" y="12" width="48" height="84" rx="9" fill="${fg}"/>
    <rect x="18" y="18" width="40" height="72" rx="5" fill="${ink}" opacity="0.4"/>
    <rect x="36" y="4" width="48" height="84" rx="9" fill="${fg}" opacity="0.55"/>
    <rect x="36" y="4" width="48" height="84" rx="9" fill="none" stroke="${fg}" stroke-width="2.5"/>
    <path d="M44 40 L64 14 M46 56 L78 16" stroke="${fg}" stroke-width="3.5" stroke-linecap="round"/>
    <path d="M60 54 L72 58 V68 Q72 76 60 82 Q48 76 48 68 V58 Z" fill="${ink}"/>
    <path d="M55 68 L59 72 L66 64" fill="none" stroke="${fg}" stroke-width="2.5" stroke-linecap="round"/>`,
  charger: (fg, ink) => `
    <rect x="36" y="6" width="7" height="20" rx="2" fill="${fg}"/><rect x="57" y="6" width="7" height="20" rx="2" fill="${fg}"/>
    <rect x="24" y="22" width="52" height="50" rx="9" fill="${fg}"/>
    ${bolt(50, 47, 1.3, ink)}
    <path d="M50 72 V82 Q50 92 62 92 H92" fill="none" stroke="${fg}" stroke-width="5"/>`,
  cable: (fg, ink) => `
    <path d="M22 40 C22 66 42 70 52 56 C60 44 44 36 40 50 C34 68 60 80 78 70" fill="none" stroke="${fg}" stroke-width="5" stroke-linecap="round"/>
    <rect x="14" y="18" width="16" height="24" rx="3" fill="${fg}"/>
    <rect x="17" y="6" width="10" height="13" rx="1.5" fill="${ink}"/>
    <rect x="19" y="9" width="6" height="3" fill="${fg}" opacity="0.6"/>
    <rect x="74" y="62" width="24" height="14" rx="3" fill="${fg}" transform="rotate(-10 86 69)"/>
    <rect x="92" y="64" width="7" height="9" rx="3" fill="${ink}" transform="rotate(-10 86 69)"/>`,
  earbuds: (fg, ink) => `
    <path d="M20 46 Q20 18 50 18 Q80 18 80 46 Z" fill="${fg}" opacity="0.55"/>
    <path d="M24 44 Q24 22 50 22 Q76 22 76 44 Z" fill="${ink}" opacity="0.35"/>
    <rect x="31" y="34" width="8" height="26" rx="4" fill="${fg}"/><rect x="61" y="34" width="8" height="26" rx="4" fill="${fg}"/>
    <circle cx="37" cy="32" r="9" fill="${fg}"/><circle cx="63" cy="32" r="9" fill="${fg}"/>
    <circle cx="40" cy="30" r="3.5" fill="${ink}" opacity="0.6"/><circle cx="60" cy="30" r="3.5" fill="${ink}" opacity="0.6"/>
    <path d="M18 46 H82 V72 Q82 90 64 90 H36 Q18 90 18 72 Z" fill="${fg}"/>
    <path d="M18 46 H82" stroke="${ink}" stroke-width="2.5" opacity="0.45"/>
    <circle cx="50" cy="62" r="2.5" fill="${ink}"/>`,
  'phone-holder': (fg, ink) => `
    <g transform="rotate(-12 50 40)">
      <rect x="30" y="4" width="40" height="70" rx="7" fill="${ink}"/>
      <rect x="34" y="9" width="32" height="60" rx="4" fill="${fg}" opacity="0.3"/>
      <rect x="26" y="62" width="48" height="8" rx="3" fill="${fg}"/>
      <rect x="26" y="28" width="6" height="30" rx="3" fill="${fg}"/><rect x="68" y="28" width="6" height="30" rx="3" fill="${fg}"/>
      <rect x="44" y="66" width="12" height="10" fill="${fg}"/>
    </g>
    <path d="M58 72 L66 88" stroke="${fg}" stroke-width="9" stroke-linecap="round"/>
    <rect x="40" y="86" width="46" height="8" rx="4" fill="${fg}"/>`,
  'selfie-stick': (fg, ink) => `
    <path d="M20 92 L62 36" stroke="${fg}" stroke-width="5" stroke-linecap="round"/>
    <path d="M14 96 L30 74" stroke="${fg}" stroke-width="12" stroke-linecap="round"/>
    <circle cx="25" cy="80" r="2.5" fill="${ink}"/>
    <g transform="rotate(-37 68 26)">
      <rect x="44" y="14" width="48" height="26" rx="5" fill="${ink}"/>
      <rect x="48" y="18" width="40" height="18" rx="2" fill="${fg}" opacity="0.3"/>
      <rect x="62" y="10" width="12" height="34" rx="3" fill="${fg}"/>
    </g>`,
  smartwatch: (fg, ink) => `
    <rect x="34" y="2" width="32" height="96" rx="8" fill="${fg}"/>
    ${times(3, (i) => `<circle cx="50" cy="${82 + i * 5}" r="1.5" fill="${ink}" opacity="0.5"/>`)}
    <rect x="24" y="22" width="52" height="56" rx="14" fill="${fg}"/>
    <rect x="29" y="27" width="42" height="46" rx="10" fill="${ink}"/>
    <circle cx="50" cy="50" r="15" fill="none" stroke="${fg}" stroke-width="3" stroke-dasharray="60 100" opacity="0.8" transform="rotate(-90 50 50)"/>
    <path d="M50 50 V40 M50 50 L57 54" stroke="${fg}" stroke-width="3" stroke-linecap="round"/>
    <rect x="76" y="40" width="5" height="12" rx="2" fill="${fg}"/>`,

  // Toys
  blocks: (fg, ink) => `
    ${times(4, (i) => `<rect x="${14 + i * 13}" y="52" width="9" height="8" rx="1.5" fill="${fg}"/>`)}
    <rect x="10" y="58" width="56" height="32" rx="3" fill="${fg}"/>
    ${times(3, (i) => `<rect x="${41 + i * 15}" y="18" width="10" height="8" rx="1.5" fill="${ink}"/>`)}
    <rect x="36" y="24" width="52" height="32" rx="3" fill="${ink}"/>
    <rect x="72" y="64" width="10" height="8" rx="1.5" fill="${ink}" opacity="0.6"/>
    <rect x="66" y="70" width="26" height="20" rx="3" fill="${ink}" opacity="0.6"/>`,
  puzzle: (fg, ink) => `
    <path d="M10 30 H34 C30 22 32 12 42 12 C52 12 54 22 50 30 H74 V52 C82 48 92 50 92 60 C92 70 82 72 74 68 V90 H50 C54 82 52 74 42 74 C32 74 30 82 34 90 H10 V68 C18 72 26 68 26 60 C26 52 18 48 10 52 Z" fill="${fg}"/>
    <path d="M10 30 H34 C30 22 32 12 42 12 C52 12 54 22 50 30 H74 V52 C82 48 92 50 92 60 C92 70 82 72 74 68 V90 H50 C54 82 52 74 42 74 C32 74 30 82 34 90 H10 V68 C18 72 26 68 26 60 C26 52 18 48 10 52 Z" fill="none" stroke="${ink}" stroke-width="2.5" opacity="0.4"/>`,
  'teddy-bear': (fg, ink) => `
    <circle cx="32" cy="14" r="9" fill="${fg}"/><circle cx="68" cy="14" r="9" fill="${fg}"/>
    <circle cx="32" cy="14" r="4.5" fill="${ink}" opacity="0.35"/><circle cx="68" cy="14" r="4.5" fill="${ink}" opacity="0.35"/>
    <ellipse cx="22" cy="60" rx="9" ry="14" fill="${fg}" transform="rotate(30 22 60)"/>
    <ellipse cx="78" cy="60" rx="9" ry="14" fill="${fg}" transform="rotate(-30 78 60)"/>
    <circle cx="32" cy="86" r="11" fill="${fg}"/><circle cx="68" cy="86" r="11" fill="${fg}"/>
    <ellipse cx="50" cy="68" rx="24" ry="24" fill="${fg}"/>
    <ellipse cx="50" cy="70" rx="13" ry="14" fill="${ink}" opacity="0.2"/>
    <circle cx="50" cy="30" r="21" fill="${fg}"/>
    <circle cx="42" cy="26" r="3" fill="${ink}"/><circle cx="58" cy="26" r="3" fill="${ink}"/>
    <ellipse cx="50" cy="37" rx="8" ry="6" fill="${ink}" opacity="0.3"/>
    <ellipse cx="50" cy="35" rx="3.5" ry="2.5" fill="${ink}"/>
    <circle cx="32" cy="88" r="5" fill="${ink}" opacity="0.25"/><circle cx="68" cy="88" r="5" fill="${ink}" opacity="0.25"/>`,
  'toy-car': (fg, ink) => `
    <path d="M6 62 V52 Q6 46 12 46 H24 L34 30 Q36 26 42 26 H62 Q68 26 72 32 L82 46 H88 Q94 46 94 52 V62 Q94 68 88 68 H12 Q6 68 6 62 Z" fill="${fg}"/>
    <path d="M30 46 L38 32 H50 V46 Z M54 46 V32 H64 Q66 32 68 35 L75 46 Z" fill="${ink}" opacity="0.45"/>
    <rect x="86" y="50" width="6" height="5" rx="1.5" fill="${ink}" opacity="0.5"/>
    <circle cx="28" cy="68" r="11" fill="${ink}"/><circle cx="28" cy="68" r="4" fill="${fg}"/>
    <circle cx="72" cy="68" r="11" fill="${ink}"/><circle cx="72" cy="68" r="4" fill="${fg}"/>`,
  robot: (fg, ink) => `
    <path d="M50 16 V8" stroke="${fg}" stroke-width="3"/><circle cx="50" cy="6" r="4" fill="${ink}"/>
    <rect x="26" y="16" width="48" height="32" rx="8" fill="${fg}"/>
    <rect x="20" y="26" width="6" height="12" rx="2" fill="${fg}"/><rect x="74" y="26" width="6" height="12" rx="2" fill="${fg}"/>
    <circle cx="40" cy="30" r="5" fill="${ink}"/><circle cx="60" cy="30" r="5" fill="${ink}"/>
    <rect x="40" y="39" width="20" height="4" rx="2" fill="${ink}" opacity="0.6"/>
    <rect x="30" y="52" width="40" height="30" rx="5" fill="${fg}"/>
    <rect x="38" y="58" width="24" height="12" rx="2" fill="${ink}" opacity="0.35"/>
    <circle cx="44" cy="76" r="2.5" fill="${ink}"/><circle cx="56" cy="76" r="2.5" fill="${ink}"/>
    <path d="M30 58 L18 70 M70 58 L82 70" stroke="${fg}" stroke-width="6" stroke-linecap="round"/>
    <rect x="36" y="82" width="9" height="12" rx="2" fill="${fg}"/><rect x="55" y="82" width="9" height="12" rx="2" fill="${fg}"/>`,
  doll: (fg, ink) => `
    <path d="M30 30 Q28 8 50 8 Q72 8 70 30 Q74 44 66 50 H34 Q26 44 30 30 Z" fill="${ink}"/>
    <circle cx="50" cy="30" r="15" fill="${fg}"/>
    <path d="M36 26 Q40 14 50 16 Q60 14 64 26 Q56 20 50 22 Q44 20 36 26 Z" fill="${ink}"/>
    <circle cx="44" cy="31" r="2.2" fill="${ink}"/><circle cx="56" cy="31" r="2.2" fill="${ink}"/>
    <path d="M46 37 Q50 40 54 37" fill="none" stroke="${ink}" stroke-width="1.8" stroke-linecap="round"/>
    <path d="M42 46 H58 L72 82 H28 Z" fill="${fg}"/>
    <path d="M42 46 L50 54 L58 46" fill="none" stroke="${ink}" stroke-width="2" opacity="0.5"/>
    <path d="M32 72 H68" stroke="${ink}" stroke-width="2" opacity="0.35"/>
    <path d="M42 50 L30 64 M58 50 L70 64" stroke="${fg}" stroke-width="5" stroke-linecap="round"/>
    <path d="M42 82 V92 M58 82 V92" stroke="${fg}" stroke-width="5"/>
    <path d="M38 94 H46 M54 94 H62" stroke="${ink}" stroke-width="4" stroke-linecap="round"/>`,
  train: (fg, ink) => `
    <circle cx="24" cy="16" r="6" fill="${fg}" opacity="0.6"/><circle cx="34" cy="10" r="4" fill="${fg}" opacity="0.45"/>
    <path d="M18 26 H30 L28 42 H20 Z" fill="${fg}"/>
    <rect x="10" y="42" width="52" height="28" rx="6" fill="${fg}"/>
    <path d="M38 42 Q38 34 46 34 Q54 34 54 42 Z" fill="${fg}"/>
    <rect x="58" y="26" width="32" height="44" rx="3" fill="${fg}"/>
    <rect x="54" y="20" width="40" height="8" rx="2" fill="${fg}"/>
    <rect x="64" y="32" width="20" height="16" rx="2" fill="${ink}" opacity="0.45"/>
    <path d="M10 62 L2 74 H12 Z" fill="${fg}"/>
    <circle cx="24" cy="76" r="8" fill="${ink}"/><circle cx="46" cy="76" r="8" fill="${ink}"/><circle cx="74" cy="74" r="11" fill="${ink}"/>
    <circle cx="24" cy="76" r="3" fill="${fg}"/><circle cx="46" cy="76" r="3" fill="${fg}"/><circle cx="74" cy="74" r="4" fill="${fg}"/>
    <rect x="2" y="86" width="96" height="4" rx="2" fill="${fg}"/>
    ${times(8, (i) => `<rect x="${6 + i * 12}" y="90" width="6" height="5" fill="${fg}" opacity="0.6"/>`)}`,
  kite: (fg, ink) => `
    <path d="M56 64 C50 74 60 78 52 86 C46 92 40 86 34 94" fill="none" stroke="${fg}" stroke-width="2.5"/>
    <path d="M52 76 L44 72 L46 80 Z M52 76 L60 72 L58 80 Z M40 90 L32 86 L34 94 Z M40 90 L48 86 L46 94 Z" fill="${ink}"/>
    <path d="M60 4 L90 32 L56 64 L24 26 Z" fill="${fg}"/>
    <path d="M60 4 L58 34 L24 26 Z M58 34 L90 32 L56 64 Z" fill="${ink}" opacity="0.4"/>
    <path d="M60 4 L56 64 M24 26 L90 32" stroke="${ink}" stroke-width="2"/>`,
  'board-game': (fg, ink) => `
    <path d="M50 36 L94 58 L50 80 L6 58 Z" fill="${fg}"/>
    <path d="M6 58 V64 L50 86 L94 64 V58 L50 80 Z" fill="${ink}" opacity="0.4"/>
    ${times(4, (r) => times(4, (c) => ((r + c) % 2 ? '' : `<path transform="translate(${50 + (c - r) * 11} ${36 + (c + r) * 5.5})" d="M0 0 L11 5.5 L0 11 L-11 5.5 Z" fill="${ink}" opacity="0.35"/>`)))}
    <path d="M74 30 Q68 18 72 10 A6 6 0 1 1 78 10 Q82 18 76 30 Z M68 34 H82 L80 30 H70 Z" fill="${ink}"/>
    <rect x="16" y="14" width="24" height="24" rx="5" fill="${fg}" transform="rotate(-12 28 26)"/>
    <g fill="${ink}" transform="rotate(-12 28 26)"><circle cx="22" cy="20" r="2.5"/><circle cx="28" cy="26" r="2.5"/><circle cx="34" cy="32" r="2.5"/></g>`,
} satisfies Record<string, Draw>;
