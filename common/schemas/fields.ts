import { z } from 'zod';

/**
 * An upload as POST /api/upload answered its `url`: pending until a review, a refund, a top-up, a
 * message or the profile takes it by this name (server/modules/upload/take.ts).
 */
export const PENDING_UPLOAD = /^\/pending\/\d{4}-\d{2}\/[0-9a-f]{24}\.webp$/;

/**
 * Shared field rules. Each message is a translation key (locales/*.json, section "errors"): the
 * server translates it into the request's language, the Mini App shows it before sending.
 */
/** Bidirectional controls: they make a name display as something other than it is. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
/** Scripts with letters that look alike (Latin a, Cyrillic а, Greek α): one name uses one of them. */
const LOOKALIKE_SCRIPTS = [
  /\p{Script=Latin}/u,
  /\p{Script=Cyrillic}/u,
  /\p{Script=Greek}/u,
  /\p{Script=Armenian}/u,
  /\p{Script=Cherokee}/u,
];
const mixesLookalikeScripts = (name: string) => LOOKALIKE_SCRIPTS.filter((re) => re.test(name)).length > 1;

/** A name chosen at registration. Names starting with tg_ belong to accounts Telegram login creates. */
export const account = z
  .string({ error: 'errors.accountRequired' })
  .trim()
  .min(1, { error: 'errors.accountRequired' })
  .max(32, { error: 'errors.accountTooLong' })
  .refine((v) => !BIDI_CONTROLS.test(v), { error: 'auth.accountInvisible' })
  .regex(/^[\p{L}\p{N}_.@-]+$/u, { error: 'errors.accountChars' })
  .refine((v) => !mixesLookalikeScripts(v), { error: 'auth.accountMixedScripts' })
  .refine((v) => !/^tg_/i.test(v), { error: 'auth.accountReserved' });

export const password = z
  .string({ error: 'errors.passwordMin' })
  .min(6, { error: 'errors.passwordMin' })
  .max(128, { error: 'errors.passwordTooLong' });

export const payPassword = z
  .string({ error: 'errors.payPasswordRule' })
  .regex(/^\d{6,12}$/, { error: 'errors.payPasswordRule' });

const EMAIL_RE = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,63}$/;
const MOBILE_RE = /^\+?[0-9][0-9 -]{5,19}$/;

/** Optional text: an empty string counts as "not given". */
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

export const email = optional(
  z
    .string({ error: 'errors.email' })
    .trim()
    .max(254, { error: 'errors.email' })
    .regex(EMAIL_RE, { error: 'errors.email' }),
);
export const mobile = optional(
  z.string({ error: 'errors.mobile' }).trim().regex(MOBILE_RE, { error: 'errors.mobile' }),
);
export const personName = optional(z.string().trim().max(64, { error: 'errors.nameTooLong' }));

/** Page from 1, limit capped at 50: odd values are clamped instead of refused. */
export const page = z.preprocess((v) => {
  const n = Number(v);
  return Number.isFinite(n) && n >= 1 ? Math.min(Math.floor(n), 100000) : 1;
}, z.number().int());
export const limit = (fallback = 10) =>
  z.preprocess((v) => {
    const n = Number(v);
    return Number.isFinite(n) && n >= 1 ? Math.min(Math.floor(n), 50) : fallback;
  }, z.number().int());

/** A page of `item`s as a list answers it: the page's items, how many there are in all, which page. */
export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });

const MAX_ID = 2_147_483_647;

/**
 * A positive whole id (a number, or its digits as the query string carries them, up to PostgreSQL's
 * integer); anything else fails with `key` (a translated "not found" message). Every schema that
 * takes an id uses this one.
 */
export const id = (key: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: key }).int({ error: key }).min(1, { error: key }).max(MAX_ID, { error: key }),
  );

/** An optional filter id: absent, "" and "0" mean "all". */
export const optionalId = (key: string) =>
  z.preprocess((v) => (v === '' || v === '0' || v === 0 || v === null ? undefined : v), id(key).optional());
