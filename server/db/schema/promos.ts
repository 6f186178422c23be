import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Promo codes and the checkouts they were used in. */

/** Promo codes, set by the operator. `value` is cents (amount) or basis points (percent: 1500 = 15 %). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Stored upper-case; matched case-insensitively. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['amount', 'percent'] }).notNull(),
    value: integer('value').notNull(),
    minSpend: integer('min_spend').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Null: unlimited. */
    totalLimit: integer('total_limit'),
    perUserLimit: integer('per_user_limit'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_uq').on(t.code),
    check('promo_codes_value_pos', sql`${t.value} > 0 and ${t.minSpend} >= 0 and ${t.usedCount} >= 0`),
    check('promo_codes_used_limit', sql`${t.totalLimit} is null or ${t.usedCount} <= ${t.totalLimit}`),
  ],
);

/** One row per checkout (order group) a code was used in. */
export const promoUses = pgTable(
  'promo_uses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    promoId: bigint('promo_id', { mode: 'number' })
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    outTradeNo: text('out_trade_no').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promo_uses_promo_user_idx').on(t.promoId, t.userId),
    uniqueIndex('promo_uses_trade_uq').on(t.outTradeNo),
  ],
);
