import { z } from 'zod';
import { LEDGER_TYPES, type LedgerType } from '../wallet';
import { limit, page, pagedOf } from './fields';

/**
 * The bill: the shopper's ledger entries by kind and month, newest first, with the balance and
 * frozen amount now.
 */

/**
 * The bill's kinds: a ledger type; `topup` shows card top-ups too, `adjustment` the demo credit,
 * and `withdraw` every step of a withdrawal (hold, paid, returned).
 */
export const BILL_KINDS = [
  ...(LEDGER_TYPES.filter((k) => k !== 'card_topup') as Exclude<LedgerType, 'card_topup'>[]),
  'withdraw',
] as const;

/** GET /api/user/bill: by kind (absent, "" or "all": every kind) and month ("2026-11", UTC), a page. */
export const billQuery = z.object({
  kind: z.preprocess(
    (v) => (v === '' || v === 'all' || v === null ? undefined : v),
    z.enum(BILL_KINDS, { error: 'errors.invalidParam' }).optional(),
  ),
  month: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: 'wallet.monthInvalid' })
      .regex(/^(19|20|21)\d\d-(0[1-9]|1[0-2])$/, { error: 'wallet.monthInvalid' })
      .optional(),
  ),
  page,
  limit: limit(20),
});
export type BillQuery = z.infer<typeof billQuery>;

/** One ledger entry of the bill. */
export const billEntry = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_TYPES),
  /** Signed change of the available balance ("-12.50"). */
  amount: z.string(),
  /** Signed change of the frozen amount (withdrawal holds, payouts, returns); "0.00" otherwise. */
  frozenAmount: z.string(),
  balanceAfter: z.string(),
  frozenAfter: z.string(),
  /** The operator's reason of an adjustment; empty otherwise. */
  note: z.string(),
  /** What it refers to and the Mini App path that opens it (null: nothing to open). */
  ref: z
    .object({
      type: z.enum(['order', 'order_group', 'recharge', 'withdrawal', 'refund']),
      id: z.string(),
      /**
       * What the shopper knows it by: an order number (a payment, a refund; a checkout of several
       * orders: the first one's number and "+n"), "#12" for a top-up or a withdrawal.
       */
      label: z.string(),
      link: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type BillEntry = z.infer<typeof billEntry>;

/** GET /api/user/bill: newest first; group by day on the client. */
export const billAnswer = pagedOf(billEntry).extend({
  balance: z.string(),
  frozen: z.string(),
  /** The months (UTC, "2026-11") that have entries, newest first: what the month filter offers. */
  months: z.array(z.string()),
});
export type BillAnswer = z.infer<typeof billAnswer>;
