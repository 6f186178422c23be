/**
 * The shape of one language's help and legal texts. Entries are records keyed by the ids below, so
 * a language file missing an entry (or holding one too many) does not compile; the answers list
 * them in this order.
 */
export const HELP_IDS = [
  'order',
  'pay',
  'payPassword',
  'shipping',
  'receipt',
  'refund',
  'review',
  'topUp',
  'withdraw',
  'security',
  'forgotPassword',
  'language',
  'service',
] as const;

export const TERMS_IDS = [
  'about',
  'account',
  'orders',
  'wallet',
  'shipping',
  'refunds',
  'reviews',
  'liability',
] as const;

export const PRIVACY_IDS = ['collect', 'use', 'share', 'protect', 'keep', 'choices', 'changes'] as const;

export type HelpId = (typeof HELP_IDS)[number];
export type TermsId = (typeof TERMS_IDS)[number];
export type PrivacyId = (typeof PRIVACY_IDS)[number];

export interface Section {
  heading: string;
  paragraphs: string[];
}

export interface ContentPack {
  help: Record<HelpId, { question: string; answer: string }>;
  terms: { title: string; sections: Record<TermsId, Section> };
  privacy: { title: string; sections: Record<PrivacyId, Section> };
}

/** The day the current terms and privacy policy took effect. */
export const LAW_UPDATED_AT = '2026-11-23';
