import { z } from 'zod';
import { parseAmount, type Cents } from '../money';
import {
  ADDRESS_TEXT,
  TX_HASH_TEXT,
  AUDIT_STATUSES,
  cardDigits,
  isCardNumber,
  LEDGER_TYPES,
  RECHARGE_TYPES,
  WITHDRAW_TYPES,
  type AuditStatus,
  type LedgerType,
} from '../wallet';
import { id, limit, page } from './fields';

/**
 * The wallet (issue 10; DESIGN sections 3 and 4): networks, top-ups, withdrawals, saved payout
 * methods and the bill. Amounts travel as decimal strings with at most two places ("12.50");
 * answers carry two places always. POST recharge, recharge_card and extract need an
 * `Idempotency-Key` header (IDEMPOTENCY_HEADER of ./order.ts): the same key answers the first
 * result again and changes nothing twice. Messages are keys of the locale files' "wallet" section.
 */

/**
 * An amount as typed: "12.50", "3", " 7.5 ". Empty or not above zero ("0", "-1") is refused with
 * `notPositive` (SPEC section 5: "cannot be less than or equal to 0 or empty"); anything else that
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
const optionalText = (max: number, error: string) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string({ error }).trim().max(max, { error }).optional(),
  );

/** One line of printable text (a bank's name, a holder's name). */
const ONE_LINE = /^[^\p{Cc}\p{Cf}]+$/u;

/** A network id: absent, "" and 0 mean "not chosen" (the message names what is missing). */
const networkId = z.preprocess(
  (v) => (v === '' || v === '0' || v === 0 || v === null ? undefined : v),
  id('wallet.networkUnknown').optional(),
);

/** The audit filter of the records (SPEC section 3): absent, "" and "all" mean every status. */
export const auditFilter = z.preprocess(
  (v) => (v === '' || v === 'all' || v === undefined || v === null ? undefined : Number(v)),
  z
    .number({ error: 'errors.invalidParam' })
    .refine((n): n is AuditStatus => (AUDIT_STATUSES as number[]).includes(n), {
      error: 'errors.invalidParam',
    })
    .optional(),
);

// ---------- top-ups ----------

/**
 * POST /api/user/recharge. `chain`: network_id, from_address and evidence (the url POST /api/upload
 * answered) are required, tx_hash optional. `manual`: evidence required. `card`: only the amount;
 * the answer carries the Telegram invoice link (as POST recharge_card does).
 */
export const rechargeBody = z
  .object({
    type: z.enum(RECHARGE_TYPES, { error: 'wallet.rechargeTypeInvalid' }),
    amount: amountField('wallet.rechargeAmountNotPositive'),
    network_id: networkId,
    from_address: optionalText(128, 'wallet.addressInvalid'),
    tx_hash: optionalText(128, 'wallet.txHashInvalid'),
    evidence: optionalText(300, 'wallet.evidenceRequired'),
  })
  .superRefine((b, ctx) => {
    const missing = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (b.type === 'chain') {
      if (b.network_id === undefined) missing('network_id', 'wallet.networkRequired');
      if (b.from_address === undefined) missing('from_address', 'wallet.fromAddressRequired');
      else if (!ADDRESS_TEXT.test(b.from_address)) missing('from_address', 'wallet.addressInvalid');
      if (b.tx_hash !== undefined && !TX_HASH_TEXT.test(b.tx_hash))
        missing('tx_hash', 'wallet.txHashInvalid');
    }
    if (b.type !== 'card' && b.evidence === undefined) missing('evidence', 'wallet.evidenceRequired');
  });
export type RechargeBody = z.infer<typeof rechargeBody>;

/** POST /api/user/recharge_card: a card top-up of `amount` through a Telegram invoice. */
export const rechargeCardBody = z.object({ amount: amountField('wallet.rechargeAmountNotPositive') });

/** GET /api/user/recharge_log and extract_log: by audit status (SPEC section 3's codes), a page. */
export const recordsQuery = z.object({ status: auditFilter, page, limit: limit(20) });

// ---------- withdrawals ----------

/**
 * POST /api/user/extract. To a saved method: payout_id. Otherwise `bank`: bank_name, holder and
 * card_number (spaces and dashes allowed, Luhn-checked); `chain`: network_id and address. A new
 * destination is saved as a payout method unless `save` is false. The payment password is checked
 * with the same lock as payment.
 */
export const extractBody = z
  .object({
    type: z.enum(WITHDRAW_TYPES, { error: 'wallet.withdrawTypeInvalid' }),
    amount: amountField('wallet.withdrawAmountNotPositive'),
    password_pay: z
      .string({ error: 'errors.payPasswordRequired' })
      .min(1, { error: 'errors.payPasswordRequired' })
      .max(64),
    payout_id: z.preprocess(
      (v) => (v === '' || v === '0' || v === 0 || v === null ? undefined : v),
      id('wallet.payoutNotFound').optional(),
    ),
    bank_name: optionalText(64, 'wallet.bankNameInvalid'),
    holder: optionalText(64, 'wallet.holderInvalid'),
    card_number: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      z
        .string({ error: 'wallet.cardNumberInvalid' })
        .max(40, { error: 'wallet.cardNumberInvalid' })
        .transform(cardDigits)
        .refine(isCardNumber, { error: 'wallet.cardNumberInvalid' })
        .optional(),
    ),
    network_id: networkId,
    address: optionalText(128, 'wallet.addressInvalid'),
    save: z.boolean({ error: 'errors.invalidParam' }).optional(),
  })
  .superRefine((b, ctx) => {
    const missing = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (b.payout_id !== undefined) return;
    if (b.type === 'bank') {
      if (b.bank_name === undefined) missing('bank_name', 'wallet.bankNameRequired');
      else if (!ONE_LINE.test(b.bank_name)) missing('bank_name', 'wallet.bankNameInvalid');
      if (b.holder === undefined) missing('holder', 'wallet.holderRequired');
      else if (!ONE_LINE.test(b.holder)) missing('holder', 'wallet.holderInvalid');
      if (b.card_number === undefined) missing('card_number', 'wallet.cardNumberRequired');
    } else {
      if (b.network_id === undefined) missing('network_id', 'wallet.networkRequired');
      if (b.address === undefined) missing('address', 'wallet.addressRequired');
      else if (!ADDRESS_TEXT.test(b.address)) missing('address', 'wallet.addressInvalid');
    }
  });
export type ExtractBody = z.infer<typeof extractBody>;

/** POST /api/user/payout_del */
export const payoutDelBody = z.object({ payout_id: id('wallet.payoutNotFound') });

// ---------- the bill ----------

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

// ---------- answers ----------

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

/** The shop's bank account for a manual top-up (a bank transfer), as the shopper copies it. */
export const bankDetailsItem = z.object({
  holder: z.string(),
  bankName: z.string(),
  /** An IBAN (compact, upper case) or another account number as the operator wrote it. */
  account: z.string(),
  /** SWIFT/BIC; null: not given. */
  swift: z.string().nullable(),
  /** The operator's instructions for the transfer (one line); null: none. */
  note: z.string().nullable(),
  /** What this shopper writes as the transfer's reference, so the operator knows whose it is. */
  reference: z.string(),
});
export type BankDetailsItem = z.infer<typeof bankDetailsItem>;

/** GET /api/user/getBlockchain: the enabled networks and what the other two ways take. */
export const blockchainAnswer = z.object({
  list: z.array(networkItem),
  /** Manual and card top-ups: from min to max; an on-chain one from its network's minimum to max. */
  topUp: z.object({ min: z.string(), max: z.string() }),
  /** False without a payment provider: the card way shows "temporarily unavailable". */
  cardAvailable: z.boolean(),
  /** Where a manual top-up is sent; null while the operator has set none (the shop takes no bank transfers). */
  bank: bankDetailsItem.nullable(),
});
export type BlockchainAnswer = z.infer<typeof blockchainAnswer>;

export const rechargeItem = z.object({
  id: z.number().int(),
  type: z.enum(RECHARGE_TYPES),
  /** 0 auditing (a card top-up: waiting for the payment), 1 passed, 2 refused. */
  status: z.number().int(),
  /** Asked. */
  amount: z.string(),
  /** Arrived and credited; null until passed. */
  arrivalAmount: z.string().nullable(),
  networkId: z.number().int().nullable(),
  networkName: z.string().nullable(),
  fromAddress: z.string().nullable(),
  txHash: z.string().nullable(),
  /** A link to the evidence picture valid for an hour, for this shopper only; null without one. */
  evidence: z.string().nullable(),
  /** Why it was refused. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  auditedAt: z.string().nullable(),
});
export type RechargeItem = z.infer<typeof rechargeItem>;

/** POST /api/user/recharge: the new top-up; a card one carries its invoice link. */
export const rechargeAnswer = rechargeItem.extend({ invoiceLink: z.string().nullable() });
export type RechargeAnswer = z.infer<typeof rechargeAnswer>;

/** POST /api/user/recharge_card: open `invoiceLink` with the SDK's invoice.open(link, 'url'). */
export const rechargeCardAnswer = z.object({
  id: z.number().int(),
  amount: z.string(),
  invoiceLink: z.string(),
});
export type RechargeCardAnswer = z.infer<typeof rechargeCardAnswer>;

const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });

export const rechargeLogAnswer = pagedOf(rechargeItem);
export type RechargeLogAnswer = z.infer<typeof rechargeLogAnswer>;

/** A saved payout method; a card shows only its last four digits. */
export const payoutMethod = z.object({
  id: z.number().int(),
  type: z.enum(WITHDRAW_TYPES),
  /** Ready to show: "Demo Bank •••• 4242", "USDT-TRC20 TXyz…". */
  label: z.string(),
  bankName: z.string().nullable(),
  holder: z.string().nullable(),
  cardLast4: z.string().nullable(),
  networkId: z.number().int().nullable(),
  networkName: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: z.string(),
});
export type PayoutMethod = z.infer<typeof payoutMethod>;

export const withdrawalItem = z.object({
  id: z.number().int(),
  type: z.enum(WITHDRAW_TYPES),
  /** 0 auditing, 1 passed (paid out), 2 refused (returned to the balance). */
  status: z.number().int(),
  /** What arrives. */
  amount: z.string(),
  fee: z.string(),
  /** amount + fee: what left the balance. */
  total: z.string(),
  /** The destination ready to show, the card masked: "Demo Bank •••• 4242". */
  destination: z.string(),
  bankName: z.string().nullable(),
  holder: z.string().nullable(),
  cardLast4: z.string().nullable(),
  networkId: z.number().int().nullable(),
  networkName: z.string().nullable(),
  address: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  auditedAt: z.string().nullable(),
});
export type WithdrawalItem = z.infer<typeof withdrawalItem>;

export const extractLogAnswer = pagedOf(withdrawalItem);
export type ExtractLogAnswer = z.infer<typeof extractLogAnswer>;

/** GET /api/user/extract: what the withdraw screen needs before the shopper types anything. */
export const extractInfoAnswer = z.object({
  balance: z.string(),
  frozen: z.string(),
  hasPayPassword: z.boolean(),
  /** The bank card fee (rule as networkItem's). */
  bankFee: z.object({ rateBps: z.number().int(), min: z.string() }),
  /** Per withdrawal (a network may narrow them) and per day (UTC); leftToday = perDay - used today. */
  limits: z.object({ min: z.string(), max: z.string(), perDay: z.string(), leftToday: z.string() }),
  networks: z.array(networkItem),
  methods: z.array(payoutMethod),
});
export type ExtractInfoAnswer = z.infer<typeof extractInfoAnswer>;

/** POST /api/user/extract: the new withdrawal and the wallet after the hold. */
export const extractAnswer = z.object({
  withdrawal: withdrawalItem,
  balance: z.string(),
  frozen: z.string(),
});
export type ExtractAnswer = z.infer<typeof extractAnswer>;

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
