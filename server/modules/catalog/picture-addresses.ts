/**
 * Drawn pictures (the demo catalogue's, served under /img by server/demo when demo data is on) are
 * cached by clients for good, so the address the API answers names the drawing's version: raising a
 * version here is how a changed drawing (server/demo/images/art.ts) reaches clients holding the old
 * one. Uploaded pictures keep their address.
 */

/** Version 1 had the English title drawn in, which the app would show above the translated title. */
export const PRODUCT_ART_VERSION = 2;

/** Version 1 had the English title drawn in, so an old copy would show the title twice. */
export const BANNER_ART_VERSION = 2;

/** A generated product picture's address names the drawing's version; an uploaded one is left as it is. */
export const productImage = (image: string): string =>
  image.startsWith('/img/product/') && !image.includes('?') ? `${image}?art=${PRODUCT_ART_VERSION}` : image;

/** A generated banner's address names the drawing's version; an uploaded picture is left as it is. */
export const bannerImage = (image: string): string =>
  image.startsWith('/img/banner/') ? `${image}?art=${BANNER_ART_VERSION}` : image;
