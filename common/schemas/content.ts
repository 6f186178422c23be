import { z } from 'zod';

/**
 * Help and legal content (GET /api/user/help_support, GET /api/user/law): public, no login, in the
 * request's language (header `lang`; an unknown one answers English). Answer fields are camelCase.
 */

/** Neither call takes a parameter; `lang` may also come as a query, as everywhere. */
export const contentQuery = z.object({ lang: z.string().max(16).optional() });

export const helpEntry = z.object({
  /** Stable across languages ("refund"), for anchors and tests. */
  id: z.string(),
  question: z.string(),
  answer: z.string(),
});
export type HelpEntry = z.infer<typeof helpEntry>;

export const helpSupportAnswer = z.object({ list: z.array(helpEntry) });
export type HelpSupportAnswer = z.infer<typeof helpSupportAnswer>;

export const lawSection = z.object({
  id: z.string(),
  heading: z.string(),
  paragraphs: z.array(z.string()),
});
export type LawSection = z.infer<typeof lawSection>;

export const LAW_DOCUMENTS = ['terms', 'privacy'] as const;
export type LawDocumentId = (typeof LAW_DOCUMENTS)[number];

export const lawDocument = z.object({
  id: z.enum(LAW_DOCUMENTS),
  title: z.string(),
  sections: z.array(lawSection),
});
export type LawDocument = z.infer<typeof lawDocument>;

export const lawAnswer = z.object({
  /** The day the texts took effect, ISO "YYYY-MM-DD". */
  updatedAt: z.string(),
  documents: z.array(lawDocument),
});
export type LawAnswer = z.infer<typeof lawAnswer>;
