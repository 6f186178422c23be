import { z } from 'zod';
import { INIT_DATA_MAX_LENGTH } from '../api/headers';
import { LANGS } from '../languages';
import { account, email, id, mobile, password, payPassword, personName } from './fields';

export const registerBody = z.object({
  account,
  password,
  email,
  mobile,
  familyName: personName,
  givenName: personName,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  account: z
    .string({ error: 'errors.enterAccountPassword' })
    .trim()
    .min(1, { error: 'errors.enterAccountPassword' })
    .max(64),
  password: z
    .string({ error: 'errors.enterAccountPassword' })
    .min(1, { error: 'errors.enterAccountPassword' })
    .max(128),
});
export type LoginBody = z.infer<typeof loginBody>;

export const tgLoginBody = z.object({
  init_data: z
    .string({ error: 'errors.initDataInvalid' })
    .min(1, { error: 'errors.initDataInvalid' })
    .max(INIT_DATA_MAX_LENGTH),
});

/** In the profile an empty e-mail or mobile clears it (null); left out keeps it. */
const clearable = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === '' ? null : v), schema.nullable());

export const profileBody = z.object({
  familyName: personName,
  givenName: personName,
  email: clearable(email),
  mobile: clearable(mobile),
  avatar: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .max(512)
      // A new picture as the upload answered its `url`, or the avatar the profile has.
      .regex(/^\/(pending|uploads)\/[\w./-]+$/, { error: 'errors.avatarInvalid' })
      .optional(),
  ),
});
export type ProfileBody = z.infer<typeof profileBody>;

/**
 * Fresh proof for setting a FIRST login or payment password: the raw init data of the current
 * Telegram launch (signed within five minutes, same Telegram user), or the login password.
 */
const proof = {
  init_data: z.string().max(INIT_DATA_MAX_LENGTH).optional(),
  password: z.string().max(128).optional(),
};

export const resetPwdBody = z.object({
  oldpassword: z.string().max(128).optional().default(''),
  newpassword: password,
  ...proof,
});
export type ResetPwdBody = z.infer<typeof resetPwdBody>;

export const resetPayBody = z.object({
  oldpassword: z.string().max(64).optional().default(''),
  newpassword: payPassword,
  ...proof,
});
export type ResetPayBody = z.infer<typeof resetPayBody>;

export const verifyPayBody = z.object({
  password_pay: z
    .string({ error: 'errors.payPasswordRequired' })
    .min(1, { error: 'errors.payPasswordRequired' })
    .max(64),
});

/**
 * POST /api/user/pay_device_add: after a payment with the password, a device with biometrics asks
 * for a credential of its own, proving the password once more.
 */
export const addPayDeviceBody = z.object({
  password_pay: verifyPayBody.shape.password_pay,
  device_id: z.string({ error: 'errors.badRequest' }).trim().min(1, { error: 'errors.badRequest' }).max(128),
  /** The kind of biometrics and the platform, as the shopper will see it on /security. */
  label: z.string({ error: 'errors.badRequest' }).trim().min(1, { error: 'errors.badRequest' }).max(60),
});
export type AddPayDeviceBody = z.infer<typeof addPayDeviceBody>;
/** The credential, shown once: the device keeps it behind its biometrics. */
export const addPayDeviceAnswer = z.object({ credential: z.string() });

/** A device that pays with biometrics, as /security lists it. */
export const payDevice = z.object({
  id: z.number().int(),
  /** Telegram's id of the device, so that a phone knows its own entry. */
  deviceId: z.string(),
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PayDevice = z.infer<typeof payDevice>;
/** POST /api/user/pay_device_del: that device pays with the password again. */
export const payDeviceDelBody = z.object({ id: id('errors.notFound') });

export const setLanguageQuery = z.object({
  lang: z.enum(LANGS, { error: 'errors.languageUnknown' }),
});

// ---------- answers ----------

export const userInfo = z.object({
  id: z.number().int(),
  account: z.string(),
  familyName: z.string(),
  givenName: z.string(),
  email: z.string(),
  mobile: z.string(),
  avatar: z.string(),
  /** Decimal strings, two places. */
  balance: z.string(),
  frozen: z.string(),
  hasPayPassword: z.boolean(),
  /** False for accounts created through Telegram that never set a login password. */
  hasPassword: z.boolean(),
  lang: z.enum(LANGS),
  telegramLinked: z.boolean(),
  telegramName: z.string(),
  unpaidCount: z.number().int(),
  undeliveredCount: z.number().int(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** Register, login and Telegram login: the user with a new session. */
export const loginAnswer = z.object({
  userinfo: userInfo.extend({ token: z.string(), expiresAt: z.string() }),
});
export type LoginAnswer = z.infer<typeof loginAnswer>;

// ---------- forgotten password by bot code ----------

/** Any name may be asked for: a wrong one gets the same answer as an account without Telegram. */
const forgotAccount = z
  .string({ error: 'errors.accountRequired' })
  .trim()
  .min(1, { error: 'errors.accountRequired' })
  .max(64, { error: 'errors.accountTooLong' });

export const forgotCodeBody = z.object({ account: forgotAccount });

/** `telegram`: a code went to the linked Telegram account; `service`: customer service helps. */
export const forgotCodeAnswer = z.object({ via: z.enum(['telegram', 'service']) });
export type ForgotCodeAnswer = z.infer<typeof forgotCodeAnswer>;

export const FORGOT_CODE_RE = /^\d{6}$/;

export const forgotResetBody = z
  .object({
    account: forgotAccount,
    code: z
      .string({ error: 'forgotByBot.codeFormat' })
      .trim()
      .regex(FORGOT_CODE_RE, { error: 'forgotByBot.codeFormat' }),
    password,
    password_confirm: z.string({ error: 'errors.passwordMismatch' }).max(128),
  })
  .refine((b) => b.password === b.password_confirm, {
    error: 'errors.passwordMismatch',
    path: ['password_confirm'],
  });
export type ForgotResetBody = z.infer<typeof forgotResetBody>;
