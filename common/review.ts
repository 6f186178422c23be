/** Limits of a review (held by the server's schema, shown by the Mini App; no zod here). */
/** The most pictures one review carries. */
export const MAX_REVIEW_PICS = 6;
/** The longest review text, in characters. */
export const MAX_REVIEW_TEXT = 1000;
