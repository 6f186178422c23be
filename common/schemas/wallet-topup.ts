import { z } from 'zod';
import { ADDRESS_TEXT, TX_HASH_TEXT, RECHARGE_TYPES } from '../wallet';
import { pagedOf } from './fields';
import { amountField, networkId, networkItem, optionalText } from './wallet-fields';

/**
 * Top-ups: on-chain, manual (a bank transfer) and by card, the networks and bank account they go
 * to, and the top-up records. POST recharge and recharge_card need an `Idempotency-Key` header
 * (IDEMPOTENCY_HEADER of ./order.ts): the same key answers the first result again and changes
 * nothing twice.
 */

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

export const rechargeLogAnswer = pagedOf(rechargeItem);
export type RechargeLogAnswer = z.infer<typeof rechargeLogAnswer>;
