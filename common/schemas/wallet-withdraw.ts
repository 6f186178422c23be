import { z } from 'zod';
import { ADDRESS_TEXT, cardDigits, isCardNumber, WITHDRAW_TYPES } from '../wallet';
import { id, pagedOf } from './fields';
import { amountField, networkId, networkItem, optionalText } from './wallet-fields';

/**
 * Withdrawals: to a bank card or on-chain, to a saved payout method or a new one, and the
 * withdrawal records. POST extract needs an `Idempotency-Key` header (IDEMPOTENCY_HEADER of
 * ./order.ts): the same key answers the first result again and changes nothing twice.
 */

/** One line of printable text (a bank's name, a holder's name). */
const ONE_LINE = /^[^\p{Cc}\p{Cf}]+$/u;

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

/** Where money is paid out, as answers show it: a bank card (its last four digits only) or an address on a network. */
const destinationFields = {
  bankName: z.string().nullable(),
  holder: z.string().nullable(),
  cardLast4: z.string().nullable(),
  networkId: z.number().int().nullable(),
  networkName: z.string().nullable(),
  address: z.string().nullable(),
};

/** A saved payout method; a card shows only its last four digits. */
export const payoutMethod = z.object({
  id: z.number().int(),
  type: z.enum(WITHDRAW_TYPES),
  /** Ready to show: "Demo Bank •••• 4242", "USDT-TRC20 TXyz…". */
  label: z.string(),
  ...destinationFields,
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
  ...destinationFields,
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
