/**
 * Bidirectional controls (ALM, LRM, RLM, the embeddings and overrides LRE to RLO, the isolates LRI
 * to PDI): a Telegram name carrying a right-to-left override reorders what an operator reads after
 * it ("Refund for \u202Egnp.exe" reads "Refund for exe.png"). Joiners (ZWJ, ZWNJ) stay: emoji and
 * several scripts need them.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * A name from Telegram as the shop stores and shows it: no control characters (PostgreSQL text
 * refuses NUL), no bidirectional controls, at most `max` characters.
 */
export const displayName = (name: string | undefined, max = 64): string =>
  (name ?? '')
    .replace(/\p{Cc}/gu, '')
    .replace(BIDI_CONTROLS, '')
    .slice(0, max);
