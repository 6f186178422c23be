import { int, randFor, type Rand } from '../prng';
import { pictogram } from './pictograms';

/**
 * The demo pictures, drawn as SVG at the asked width (so nothing is blurred by scaling) from a seeded
 * generator: the same product always looks the same, and two products never quite alike. Text is
 * Latin only (the machine's fonts have no CJK glyphs); the app shows translated names beside them,
 * and home banners carry no text at all (the app writes their translated titles over them).
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

/** Splits a label into lines of about `width` characters. */
function lines(label: string, width = 16): string[] {
  const words = label.toUpperCase().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (const w of words) {
    const last = out.at(-1);
    if (last !== undefined && (last + ' ' + w).length <= width) out[out.length - 1] = `${last} ${w}`;
    else out.push(w);
  }
  return out;
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

/**
 * Product picture n (0 main, then alternates): the pictogram `icon` (the product's kind, or its
 * category's), colours, the label, and a faint "#id" in the bottom-left corner, where the app lays
 * no badge over the picture (the gallery's "1/3" sits top right).
 */
export function productSvg(p: { id: number; icon: string; label: string }, n: number, width: number): string {
  const rand = randFor(`product:${p.id}:${n}`);
  const hue = randFor(`product:${p.id}`)() * 360 + n * 35;
  const bg = gradient('g', hsl(hue, 70, 62), hsl(hue + 40, 65, 42), int(rand, 0, 360));
  const scale = n === 0 ? 4.6 : 3.6;
  const tilt = n === 0 ? 0 : int(rand, -14, 14);
  const size = 100 * scale;
  const x = 400 - size / 2;
  const y = n === 0 ? 120 : 150;
  const art = `<g transform="translate(${x} ${y}) rotate(${tilt} ${size / 2} ${size / 2}) scale(${scale})">${pictogram(
    p.icon,
    '#ffffff',
    hsl(hue + 180, 55, 35),
  )}</g>`;
  // The name on two lines of large type, or a longer one in smaller type on up to three lines.
  let rows = lines(p.label);
  let [type, top, step] = [54, 660, 64];
  if (rows.length > 2) {
    rows = lines(p.label, 21).slice(0, 3);
    [type, top, step] = [44, rows.length > 2 ? 638 : 664, 52];
  }
  const label = rows.map((line, i) => text(400, top + i * step, type, line)).join('');
  return svg(
    width,
    800,
    800,
    `${bg}<rect width="800" height="800" fill="url(#g)"/>${pattern(rand, n % 3, 800, 800)}${art}${label}
    ${text(26, 778, 20, `#${p.id}`, { weight: 400, anchor: 'start', opacity: 0.55 })}`,
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
/**
 * The banner drawing's version, part of the address the API answers for a generated banner: the
 * pictures are cached as immutable, and version 1 had the English title drawn in, so an old copy
 * would show the title twice under the app's own. Raise it whenever the drawing changes.
 */
export const BANNER_ART_VERSION = 2;

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
