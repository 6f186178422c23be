import { z } from 'zod';
import { IBAN_SHAPE, ibanChecks } from '@common/wallet';

/**
 * The shape of the `bankDetails` setting: the shop's bank account that shoppers transfer a manual
 * top-up to. Null (the default) means the shop takes no bank transfers: the bank way says so and
 * the server refuses a manual top-up. Messages are English: the operator reads them.
 */
const ONE_LINE = /^[^\p{Cc}\p{Cf}]*$/u;

const line = (max: number) =>
  z
    .string({ error: 'must be a text' })
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` })
    .regex(ONE_LINE, { error: 'must be one line of text' });

/**
 * An IBAN (spaces allowed, kept compact and upper case, its check digits checked) or another
 * account number as written (a sort code and number, a routing and account number): one line with
 * at least four digits.
 */
const account = line(64).transform((text, ctx) => {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  if (IBAN_SHAPE.test(compact)) {
    if (ibanChecks(compact)) return compact;
    ctx.addIssue({
      code: 'custom',
      message: `"${text}" is not a valid IBAN (its check digits do not match)`,
    });
    return z.NEVER;
  }
  if ((text.match(/\d/g) ?? []).length < 4) {
    ctx.addIssue({ code: 'custom', message: `"${text}" is not an IBAN or an account number` });
    return z.NEVER;
  }
  return text.replace(/\s+/g, ' ');
});

/** SWIFT/BIC: bank, country and location codes, maybe a branch: 8 or 11 letters and digits. */
const swift = z
  .string({ error: 'must be a text or null' })
  .transform((text) => text.replace(/\s+/g, '').toUpperCase())
  .refine((code) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(code), {
    error: 'is not a SWIFT/BIC code (8 or 11 letters and digits, like DEUTDEFF)',
  });

/** Left out, null or blank: none. */
const optional = <T extends z.ZodType<string, string>>(schema: T) =>
  z.preprocess(
    (v) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v),
    schema.nullable(),
  );

export const bankDetailsSchema = z
  .strictObject({
    holder: line(70),
    bankName: line(100),
    account,
    swift: optional(swift),
    note: optional(line(200)),
  })
  .nullable();

export type BankDetails = NonNullable<z.infer<typeof bankDetailsSchema>>;

export const BANK_DETAILS_HELP =
  'The bank account shoppers transfer a manual top-up to, shown with copy buttons on the bank ' +
  'transfer screen: {"holder": "SHOP Ltd", "bankName": "Deutsche Bank", "account": ' +
  '"DE89 3704 0044 0532 0130 00", "swift": "DEUTDEFF", "note": "EUR or USD; arrives in 1-2 business ' +
  'days"} (an IBAN is checked and kept without spaces; swift and note may be null). Null (the ' +
  'default): the shop takes no bank transfers. Easier: npm run admin -- bank set.';
