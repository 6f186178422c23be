import { int, randFor, type Rand } from '../prng';
import { pictogram } from './pictograms';

/**
 * The demo pictures, drawn as SVG at the asked width (so nothing is blurred by scaling) from a seeded
 * generator: the same product always looks the same, and two products never quite alike. Product
 * pictures and home banners carry no words at all (the app writes their translated names beside or
 * over them); shop pictures draw the shop's own name, which is not translated, in Latin type (the
 * machine's fonts have no CJK glyphs). A change to a drawing raises its version in
 * modules/catalog/picture-addresses.ts, as clients keep the pictures for good.
 */
const esc = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360},${s}%,${l}%)`;

function svg(width: number, vw: number, vh: number, body: string): string {
  const height = Math.round((width * vh) / vw);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${vw} ${vh}">${body}</svg>`;
}

function gradient(id: string, a: string, b: string, angle: number) {
  return `<defs><linearGradient id="${id}" gradientTransform="rotate(${angle} 0.5 0.5)">
    <stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`;
}

/** Soft decoration that differs per picture: bubbles, stripes or a grid of dots. */
function pattern(rand: Rand, kind: number, vw: number, vh: number): string {
  const out: string[] = [];
  if (kind === 0) {
    for (let i = 0; i < 7; i++) {
      const r = int(rand, 30, 140);
      out.push(
        `<circle cx="${int(rand, 0, vw)}" cy="${int(rand, 0, vh)}" r="${r}" fill="#fff" opacity="0.12"/>`,
      );
    }
  } else if (kind === 1) {
    for (let x = -vh; x < vw; x += 90) {
      out.push(`<path d="M${x} ${vh} L${x + vh} 0" stroke="#fff" stroke-width="26" opacity="0.1"/>`);
    }
  } else {
    for (let y = 40; y < vh; y += 80) {
      for (let x = 40; x < vw; x += 80)
        out.push(`<circle cx="${x}" cy="${y}" r="7" fill="#fff" opacity="0.18"/>`);
    }
  }
  return out.join('');
}

function text(
  x: number,
  y: number,
  size: number,
  value: string,
  {
    weight = 700,
    anchor = 'middle',
    opacity = 1,
  }: { weight?: number; anchor?: string; opacity?: number } = {},
) {
  return `<text x="${x}" y="${y}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${size}" font-weight="${weight}" fill="#fff" fill-opacity="${opacity}" text-anchor="${anchor}">${esc(value)}</text>`;
}

/** Where the pictogram stands on picture n: the main picture and two kinds of alternate. */
function productScene(rand: Rand, n: number, hue: number): { backdrop: string; scale: number; tilt: number } {
  const shade = hsl(hue + 20, 60, 22);
  if (n === 0) {
    // Centre stage: a soft spotlight behind, a shadow on the floor.
    return {
      backdrop: `<circle cx="400" cy="380" r="300" fill="#fff" opacity="0.16"/>
        <circle cx="400" cy="380" r="230" fill="#fff" opacity="0.12"/>
        <ellipse cx="400" cy="640" rx="210" ry="28" fill="${shade}" opacity="0.28"/>`,
      scale: 4.8,
      tilt: 0,
    };
  }
  if (n % 2 === 1) {
    // A tilted card, like a product photographed on a tray.
    const turn = int(rand, -12, 12);
    return {
      backdrop: `<rect x="130" y="130" width="540" height="540" rx="64" fill="#fff" opacity="0.16"
        transform="rotate(${-turn} 400 400)"/>
        <ellipse cx="400" cy="652" rx="190" ry="22" fill="${shade}" opacity="0.22"/>`,
      scale: 4.2,
      tilt: int(rand, -14, 14),
    };
  }
  // A close-up inside a ring.
  return {
    backdrop: `<circle cx="400" cy="400" r="330" fill="none" stroke="#fff" stroke-width="22" opacity="0.22"/>
      <circle cx="400" cy="400" r="280" fill="#fff" opacity="0.1"/>`,
    scale: 5.2,
    tilt: int(rand, -8, 8),
  };
}

/**
 * Product picture n (0 main, then alternates): the pictogram `icon` (the product's kind, or its
 * category's) in the product's colours, staged differently on each picture. No words: the app
 * writes the product's name, in the shopper's language, beside the picture.
 */
export function productSvg(p: { id: number; icon: string }, n: number, width: number): string {
  const rand = randFor(`product:${p.id}:${n}`);
  const hue = randFor(`product:${p.id}`)() * 360 + n * 35;
  const bg = gradient('g', hsl(hue, 70, 62), hsl(hue + 40, 65, 42), int(rand, 0, 360));
  const { backdrop, scale, tilt } = productScene(rand, n, hue);
  const size = 100 * scale;
  const at = 400 - size / 2;
  const art = `<g transform="translate(${at} ${n === 0 ? at - 20 : at}) rotate(${tilt} ${size / 2} ${size / 2}) scale(${scale})">${pictogram(
    p.icon,
    '#ffffff',
    hsl(hue + 180, 55, 35),
  )}</g>`;
  return svg(
    width,
    800,
    800,
    `${bg}<rect width="800" height="800" fill="url(#g)"/>${pattern(rand, n % 3, 800, 800)}${backdrop}${art}`,
  );
}

export function categorySvg(c: { id: number; icon: string }, width: number): string {
  const hue = (c.id * 36 + 200) % 360;
  return svg(
    width,
    100,
    100,
    `<rect width="100" height="100" rx="24" fill="${hsl(hue, 75, 94)}"/>
    <g transform="translate(18 18) scale(0.64)">${pictogram(c.icon, hsl(hue, 70, 52), hsl(hue, 70, 28))}</g>`,
  );
}

export function shopAvatarSvg(s: { id: number; name: string }, width: number): string {
  const hue = randFor(`shop:${s.id}`)() * 360;
  const initials = s.name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return svg(
    width,
    200,
    200,
    `${gradient('g', hsl(hue, 70, 58), hsl(hue + 50, 70, 40), 45)}
    <rect width="200" height="200" fill="url(#g)"/>${text(100, 126, 76, initials)}`,
  );
}

export function shopBannerSvg(s: { id: number; name: string }, width: number): string {
  const rand = randFor(`shop-banner:${s.id}`);
  const hue = randFor(`shop:${s.id}`)() * 360;
  return svg(
    width,
    1200,
    400,
    `${gradient('g', hsl(hue, 65, 55), hsl(hue + 60, 60, 35), 20)}
    <rect width="1200" height="400" fill="url(#g)"/>${pattern(rand, s.id % 3, 1200, 400)}
    <g transform="translate(90 110) scale(1.8)">${pictogram('shop', '#ffffff', hsl(hue, 60, 35))}</g>
    ${text(720, 225, 72, s.name)}`,
  );
}

/**
 * A home banner: colours, pattern and pictogram, and no words. The app lays the banner's title, in
 * the shopper's language, over the left part as text (BannerCarousel), so the pictogram keeps to the
 * right third and the left side stays calm for it.
 */
export function bannerSvg(b: { id: number; icon: string }, width: number): string {
  const rand = randFor(`banner:${b.id}`);
  const hue = (b.id * 97 + 15) % 360;
  return svg(
    width,
    1200,
    500,
    `${gradient('g', hsl(hue, 80, 60), hsl(hue + 45, 75, 42), 30)}
    <rect width="1200" height="500" fill="url(#g)"/>${pattern(rand, b.id % 3, 1200, 500)}
    <g transform="translate(850 100) scale(3)">${pictogram(b.icon, '#ffffff', hsl(hue + 180, 55, 35))}</g>`,
  );
}

export function logoSvg(width: number): string {
  return svg(
    width,
    100,
    100,
    `${gradient('g', '#ff7a45', '#e0245e', 45)}<rect width="100" height="100" rx="22" fill="url(#g)"/>
    <g transform="translate(14 12) scale(0.72)">${pictogram('shop', '#ffffff', '#ffffff')}</g>`,
  );
}
