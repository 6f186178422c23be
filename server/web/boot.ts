import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { matchLang, type Lang } from '../../common/languages';
import { BOOT_ELEMENT_ID, BOOT_ROUTES, BANNER_WIDTH, type BootData } from '../../common/boot';

/** The pages that open on the home screen: its first answers travel inside the page. */
const HOME_PAGES = new Set(['/', '/home']);

/** The language a page is first shown in, as far as the server can tell before the app has run. */
function pageLang(request: FastifyRequest): Lang {
  const header = request.headers['accept-language'];
  const first = typeof header === 'string' ? header.split(',')[0]?.split(';')[0]?.trim() : '';
  return matchLang(first) ?? 'en-US';
}

/** JSON safe inside a <script> element: no "</script>", no HTML comment openers, no line separators. */
const scriptSafe = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A picture address at a width, as the app asks for it (src/features/catalog/lib/catalog-constants.ts). */
const sized = (url: string, width: number) =>
  url.startsWith('/img/') ? `${url}${url.includes('?') ? '&' : '?'}w=${width}` : url;

/**
 * The home page as a slow phone needs it (docs/architecture.md, Performance): the public answers the home
 * screen shows first (platform info, banners, categories) for the page's language, as a
 * non-executable `<script type="application/json">` the app reads before asking the API (the CSP
 * blocks inline scripts, not data), and a high-priority preload of the first banner picture (the
 * largest paint) so it downloads beside the scripts. The answers come from the API routes
 * themselves (their cache included), so they are exactly what the app would have fetched; any that
 * fails is left out and the app asks for it as usual. Other pages get index.html unchanged.
 */
export async function homePage(
  app: FastifyInstance,
  request: FastifyRequest,
  indexFile: string,
): Promise<string | undefined> {
  const pathname = request.url.split('?')[0] ?? '';
  if (!HOME_PAGES.has(pathname)) return undefined;
  const lang = pageLang(request);
  const html = await readFile(indexFile, 'utf8');
  const boot: BootData = { lang };
  await Promise.all(
    (Object.keys(BOOT_ROUTES) as (keyof typeof BOOT_ROUTES)[]).map(async (name) => {
      const res = await app.inject({ method: 'GET', url: BOOT_ROUTES[name], headers: { lang } });
      if (res.statusCode !== 200) return;
      const body = res.json<{ code: number; data: unknown }>();
      if (body.code === 1) Object.assign(boot, { [name]: body.data });
    }),
  );
  // The picture first in <head>: on HTTP/1.1 the browser hands out its six connections in the
  // order it finds requests, and the scripts would take them all first.
  const firstBanner = boot.banners?.[0]?.image;
  const preload = firstBanner
    ? `<link rel="preload" as="image" href="${escapeAttr(sized(firstBanner, BANNER_WIDTH))}" fetchpriority="high" />`
    : '';
  const data = `<script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptSafe(boot)}</script>`;
  return html.replace('<head>', `<head>\n    ${preload}`).replace('</head>', `  ${data}\n  </head>`);
}

export const indexFileOf = (distDir: string) => path.join(distDir, 'index.html');
