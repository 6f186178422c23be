import { z } from 'zod';
import { parseAmount, type Cents } from '../money';
import { AUDIT_STATUSES, type AuditStatus } from '../wallet';
import { id, limit, page } from './fields';

/**
 * What the wallet's request and answer schemas share (top-ups in wallet-topup.ts, withdrawals in
 * wallet-withdraw.ts, the bill in wallet-bill.ts). Money is integer cents inside; amounts travel
 * as decimal strings with at most two places ("12.50"), and answers carry two places always.
 * Messages are keys of the locale files' "wallet" section.
 */

/**
 * An amount as typed: "12.50", "3", " 7.5 ". Empty or not above zero ("0", "-1") is refused with
 * `notPositive` (the amount "cannot be less than or equal to 0 or empty"); anything else that
 * is not dollars with at most two decimals ("1.234", "1e3", "abc", a JSON number) with
 * `wallet.amountInvalid` ("Enter a correct amount").
 */
export const amountField = (notPositive: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? notPositive : 'wallet.amountInvalid',
    })
    .transform((text, ctx): Cents => {
      const trimmed = text.trim();
      if (trimmed === '' || /^-\s*\d/.test(trimmed)) {
        ctx.addIssue({ code: 'custom', message: notPositive });
        return z.NEVER;
      }
      const cents = parseAmount(trimmed);
      if (cents === undefined) {
        ctx.addIssue({ code: 'custom', message: 'wallet.amountInvalid' });
        return z.NEVER;
      }
      if (cents <= 0) {
        ctx.addIssue({ code: 'custom', message: notPositive });
        return z.NEVER;
      }
      return cents;
    });

/** Optional text: absent, null or blank is "not given"; otherwise trimmed and at most `max` long. */
export const optionalText = (max: number, error: string) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string({ error }).trim().max(max, { error }).optional(),
  );

/** A network id: absent, "" and 0 mean "not chosen" (the message names what is missing). */
export const networkId = z.preprocess(
  (v) => (v === '' || v === '0' || v === 0 || v === null ? undefined : v),
  id('wallet.networkUnknown').optional(),
);

/**
 * The audit filter of the records (0 auditing, 1 passed, 2 refused): absent, "" and "all" mean
 * every status.
 */
export const auditFilter = z.preprocess(
  (v) => (v === '' || v === 'all' || v === undefined || v === null ? undefined : Number(v)),
  z
    .number({ error: 'errors.invalidParam' })
    .refine((n): n is AuditStatus => (AUDIT_STATUSES as number[]).includes(n), {
      error: 'errors.invalidParam',
    })
    .optional(),
);

/**
 * GET /api/user/recharge_log and extract_log: by audit status (0 auditing, 1 passed, 2 refused),
 * a page.
 */
export const recordsQuery = z.object({ status: auditFilter, page, limit: limit(20) });

/** A crypto network as a shopper sees it. Amounts in dollars; the fee rule as in common/wallet.ts. */
export const networkItem = z.object({
  id: z.number().int(),
  name: z.string(),
  depositAddress: z.string(),
  minRecharge: z.string(),
  minWithdraw: z.string(),
  maxWithdraw: z.string(),
  /** Withdrawal fee: basis points of the amount (100 = 1 %), rounded up to cents, at least feeMin. */
  feeRateBps: z.number().int(),
  feeMin: z.string(),
  /**
   * Every address on the network matches this regular expression (whole; null: any address), so
   * the Mini App refuses an address of another network before sending it, as the server does.
   */
  addressPattern: z.string().nullable(),
});
export type NetworkItem = z.infer<typeof networkItem>;
