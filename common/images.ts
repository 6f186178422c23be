/**
 * Picture sizes. Image fields of the catalogue's answers are paths such as `/img/product/12/0`; a
 * screen asks one at the width it shows it with `?w=` (the server answers WebP, cached for a year).
 * Free of zod, so the first screen can use it.
 */

/** Widths the image endpoint renders; any other `w` is refused. */
export const IMAGE_WIDTHS = [120, 240, 480, 800, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** `/img/...` paths get `?w=`; other addresses (uploads, absolute URLs) are answered unchanged. */
export function sizedImage(url: string, width: ImageWidth): string {
  return url.startsWith('/img/') ? `${url}${url.includes('?') ? '&' : '?'}w=${width}` : url;
}
