import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Kinds of ledger entries (the bill screen's filter). Every change of a user's `balance` or
 * `frozen` is one entry, written by server/modules/wallet/ledger.ts and nothing else.
 */
export const LEDGER_TYPES = [
  'demo_credit',
  'adjustment',
  'payment',
  'refund',
  'topup',
  'card_topup',
  'withdraw_hold',
  'withdraw_paid',
  'withdraw_return',
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type', { enum: LEDGER_TYPES }).notNull(),
    /** Signed change of the available balance. */
    balanceChange: bigint('balance_change', { mode: 'number' }).notNull(),
    /** Signed change of the frozen (held) amount. */
    frozenChange: bigint('frozen_change', { mode: 'number' }).notNull().default(0),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    frozenAfter: bigint('frozen_after', { mode: 'number' }).notNull(),
    refType: text('ref_type', { enum: LEDGER_REFS }),
    refId: text('ref_id'),
    /**
     * Unique per user: the same money movement (a payment of one order group, a refund, a passed
     * top-up, a Telegram charge) can never be written twice, whatever retries or races happen.
     */
    uniqueKey: text('unique_key').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_user_key_uq').on(t.userId, t.uniqueKey),
    // The bill: a shopper's entries newest first, optionally by type.
    index('ledger_entries_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    index('ledger_entries_user_type_idx').on(t.userId, t.type, t.id.desc().nullsFirst()),
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
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The endpoint's name (common/api/routes.ts): one key may serve different calls. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** The answer's data as it was first sent. */
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
