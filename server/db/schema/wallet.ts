import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  auditStamps,
  blank,
  createdAt,
  flag,
  int64,
  moment,
  serialId,
  stamps,
  statusListIndexes,
  zero,
} from './columns';
import type { CardSettlement } from '@common/schemas/order';
import { LEDGER_TYPES, RECHARGE_TYPES, WITHDRAW_TYPES } from '@common/wallet';
import { orders } from './orders';
import { shopperRow, uploads } from './users';

/**
 * Kinds of ledger entries (the bill screen's filter), shared with the Mini App (common/wallet.ts).
 * Every change of a user's `balance` or `frozen` is one entry, written by
 * server/modules/wallet/ledger.ts and nothing else.
 */
export { LEDGER_TYPES, type LedgerType } from '@common/wallet';

/** What an entry refers to (the bill opens it). */
export const LEDGER_REFS = ['order', 'order_group', 'recharge', 'withdrawal', 'refund', 'operator'] as const;
export type LedgerRef = (typeof LEDGER_REFS)[number];

/**
 * The money ledger. For every user, at every moment:
 *   balance == sum(balance_change) and frozen == sum(frozen_change)
 * (the property and concurrency tests check it). Amounts are integer cents.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    ...shopperRow('restrict'),
    type: text('type', { enum: LEDGER_TYPES }).notNull(),
    /** Signed change of the available balance. */
    balanceChange: int64('balance_change').notNull(),
    /** Signed change of the frozen (held) amount. */
    frozenChange: int64('frozen_change').notNull().default(0),
    balanceAfter: int64('balance_after').notNull(),
    frozenAfter: int64('frozen_after').notNull(),
    refType: text('ref_type', { enum: LEDGER_REFS }),
    refId: text('ref_id'),
    /**
     * Unique per user: the same money movement (a payment of one order group, a refund, a passed
     * top-up, a Telegram charge) can never be written twice, whatever retries or races happen.
     */
    uniqueKey: text('unique_key').notNull(),
    note: blank('note'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_user_key_uq').on(t.userId, t.uniqueKey),
    // The bill: a shopper's entries newest first, optionally by type.
    index('ledger_entries_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    index('ledger_entries_user_type_idx').on(t.userId, t.type, t.id.desc().nullsFirst()),
    // The bill by month.
    index('ledger_entries_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Idempotency keys of the calls that create orders or move money (header `Idempotency-Key`). The
 * key row is written in the same transaction as the work and holds its answer, so a replayed
 * request (double tap, retry, five at once) answers the first result and changes nothing again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    ...shopperRow('cascade'),
    /** The endpoint's name (common/api/routes.ts): one key may serve different calls. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /**
     * A hash of what the first request asked (its secrets left out): the same key with another
     * request is refused. Null on keys stored before the hash was kept.
     */
    requestHash: text('request_hash'),
    /** The answer's data as it was first sent. */
    answer: jsonb('answer'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_uq').on(t.userId, t.scope, t.key),
    // The sweep of old keys (server/jobs).
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/** Operator settings (freight, fees, networks' limits): a key and a JSON value, with defaults in code. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: moment('updated_at')
    .notNull()
    .default(sql`now()`),
});

/**
 * Crypto networks the shop takes top-ups on and pays withdrawals to (GET /api/user/getBlockchain),
 * set by the operator (npm run admin -- network ...). Amounts are integer cents.
 */
export const networks = pgTable(
  'networks',
  {
    id: serialId(),
    /** Shown as it is: "USDT-TRC20". */
    name: text('name').notNull(),
    /** The shop's address shoppers send top-ups to. */
    depositAddress: text('deposit_address').notNull(),
    /**
     * A regular expression every address on this network matches (a shopper's sending address, a
     * payout address); an address that does not is on another network. Null: any address.
     */
    addressPattern: text('address_pattern'),
    minRecharge: integer('min_recharge').notNull(),
    minWithdraw: integer('min_withdraw').notNull(),
    maxWithdraw: integer('max_withdraw').notNull(),
    /** Withdrawal fee: basis points of the amount (100 = 1 %), at least fee_min. */
    feeRateBps: zero('fee_rate_bps'),
    feeMin: zero('fee_min'),
    enabled: flag('enabled', true),
    /** Lower first in the shopper's list. */
    sort: zero('sort'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('networks_name_uq').on(sql`lower(${t.name})`),
    check(
      'networks_amounts',
      sql`${t.minRecharge} > 0 and ${t.minWithdraw} > 0 and ${t.maxWithdraw} >= ${t.minWithdraw} and ${t.feeRateBps} between 0 and 10000 and ${t.feeMin} >= 0`,
    ),
  ],
);

/**
 * Top-ups (POST /api/user/recharge). Status 0 auditing, 1 passed, 2 refused (common/wallet.ts).
 * On-chain and manual ones change no money until the operator passes them with the amount that
 * actually arrived; a card top-up is an invoice until Telegram reports its payment, which passes
 * it with the amount paid. Either way the credit is one ledger entry keyed by the top-up.
 */
export const recharges = pgTable(
  'recharges',
  {
    ...shopperRow('restrict'),
    type: text('type', { enum: RECHARGE_TYPES }).notNull(),
    /** What the shopper said they sent (or the invoice's amount), in cents. */
    amount: integer('amount').notNull(),
    /** What arrived and was credited; set when passed. */
    arrivalAmount: integer('arrival_amount'),
    networkId: int64('network_id').references(() => networks.id, {
      onDelete: 'restrict',
    }),
    /** The network's name when the top-up was made. */
    networkName: text('network_name'),
    fromAddress: text('from_address'),
    txHash: text('tx_hash'),
    /** The payment evidence picture: the shopper's own upload, private once taken. */
    evidenceId: int64('evidence_id').references(() => uploads.id, {
      onDelete: 'set null',
    }),
    status: smallint('status').notNull().default(0),
    /** Why the operator refused it. */
    reason: text('reason'),
    /** A card top-up's Telegram invoice link (createInvoiceLink), made once per top-up. */
    invoiceLink: text('invoice_link'),
    /** Telegram's charge id of a card payment: one credit per charge, whatever updates repeat. */
    telegramChargeId: text('telegram_charge_id'),
    providerChargeId: text('provider_charge_id'),
    /**
     * A card payment of orders (POST /api/order/payCard): the checkout's every unpaid order, or
     * one order. The charge is credited and pays them in one transaction; what came of it is
     * `settlement` (the payment's answer, or why the money stayed on the balance).
     */
    payOutTradeNo: text('pay_out_trade_no'),
    payOrderId: int64('pay_order_id').references(() => orders.id, {
      onDelete: 'restrict',
    }),
    settlement: jsonb('settlement').$type<CardSettlement>(),
    ...auditStamps(),
  },
  (t) => [
    // The shopper's records, all and by status; the operator's list.
    ...statusListIndexes('recharges', t),
    uniqueIndex('recharges_charge_uq').on(t.telegramChargeId),
    // One transaction hash per network, unless the top-up that named it was refused.
    uniqueIndex('recharges_tx_uq')
      .on(t.networkId, sql`lower(${t.txHash})`)
      .where(sql`${t.txHash} is not null and ${t.status} <> 2`),
    check(
      'recharges_amounts',
      sql`${t.amount} > 0 and (${t.arrivalAmount} is null or ${t.arrivalAmount} > 0) and ${t.status} in (0, 1, 2) and (${t.status} <> 1 or ${t.arrivalAmount} is not null)`,
    ),
    // Orders are paid by card only; never both a checkout and one order.
    check(
      'recharges_pays_orders',
      sql`(${t.payOutTradeNo} is null and ${t.payOrderId} is null) or (${t.type} = 'card' and (${t.payOutTradeNo} is null) <> (${t.payOrderId} is null))`,
    ),
  ],
);

/**
 * Withdrawals (POST /api/user/extract): amount + fee move from balance to frozen when asked; the
 * operator's pass pays them out of frozen, a refusal returns them to the balance. The destination
 * is a copy: a bank card (number encrypted, last four digits in clear) or a network and address.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    ...shopperRow('restrict'),
    type: text('type', { enum: WITHDRAW_TYPES }).notNull(),
    /** What the shopper receives, in cents. */
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull(),
    status: smallint('status').notNull().default(0),
    reason: text('reason'),
    bankName: text('bank_name'),
    holder: text('holder'),
    /** AES-256-GCM under WALLET_KEY (server/modules/wallet/card-crypto.ts); never shown in full. */
    cardEncrypted: text('card_encrypted'),
    cardLast4: text('card_last4'),
    networkId: int64('network_id').references(() => networks.id, {
      onDelete: 'restrict',
    }),
    networkName: text('network_name'),
    address: text('address'),
    payoutMethodId: int64('payout_method_id').references(() => payoutMethods.id, {
      onDelete: 'set null',
    }),
    ...auditStamps(),
  },
  (t) => [
    // The shopper's records, all and by status; the operator's list.
    ...statusListIndexes('withdrawals', t),
    // The per-day limit: the shopper's withdrawals since midnight.
    index('withdrawals_user_created_idx').on(t.userId, t.createdAt),
    check('withdrawals_amounts', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.status} in (0, 1, 2)`),
  ],
);

/**
 * Saved payout methods a shopper can reuse and delete: bank cards (number encrypted) and on-chain
 * addresses. `fingerprint` (a keyed hash of the card number or the network and address) keeps one
 * row per destination without storing the number in clear.
 */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    ...shopperRow('cascade'),
    type: text('type', { enum: WITHDRAW_TYPES }).notNull(),
    bankName: text('bank_name'),
    holder: text('holder'),
    cardEncrypted: text('card_encrypted'),
    cardLast4: text('card_last4'),
    networkId: int64('network_id').references(() => networks.id, {
      onDelete: 'cascade',
    }),
    address: text('address'),
    fingerprint: text('fingerprint').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payout_methods_user_fp_uq').on(t.userId, t.fingerprint),
    index('payout_methods_user_idx').on(t.userId, t.id.desc().nullsFirst()),
  ],
);
