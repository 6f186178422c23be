import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, flag, link, moment, serialId, zero } from './columns';
import { users } from './users';

/** Promo codes and the checkouts they were used in. */

/** Promo codes, set by the operator. `value` is cents (amount) or basis points (percent: 1500 = 15 %). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serialId(),
    /** Stored upper-case; matched case-insensitively. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['amount', 'percent'] }).notNull(),
    value: integer('value').notNull(),
    minSpend: zero('min_spend'),
    startsAt: moment('starts_at'),
    endsAt: moment('ends_at'),
    /** Null: unlimited. */
    totalLimit: integer('total_limit'),
    perUserLimit: integer('per_user_limit'),
    usedCount: zero('used_count'),
    active: flag('active', true),
    createdAt: createdAt(),
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
    id: serialId(),
    promoId: link('promo_id', () => promoCodes.id, 'cascade'),
    userId: link('user_id', () => users.id, 'cascade'),
    outTradeNo: text('out_trade_no').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('promo_uses_promo_user_idx').on(t.promoId, t.userId),
    uniqueIndex('promo_uses_trade_uq').on(t.outTradeNo),
  ],
);
