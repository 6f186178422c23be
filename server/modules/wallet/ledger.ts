import { eq, sql } from 'drizzle-orm';
import { toAmount } from '@common/money';
import type { Tx } from '../../db/client';
import { sqlStatement } from '../../db/statement';
import { ledgerEntries, users, type LedgerRef, type LedgerType } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * The one place money moves. Every change of a user's `balance` or `frozen` goes through
 * `moveMoney`, inside the caller's transaction, in one statement: a conditional UPDATE that refuses
 * to take either below zero (never read, compute, write back) and the ledger entry with what the
 * row holds afterwards. The entry's `uniqueKey` is unique per user, so the same movement (an order group's
 * payment, a refund, a passed top-up, a Telegram charge) is written once whatever retries or races
 * happen: a second attempt throws `DuplicateMovementError` and the caller's transaction rolls back.
 * tests/server/ledger-only.test.ts holds that nothing else writes the two columns.
 */
export interface Movement {
  userId: number;
  type: LedgerType;
  /** Signed cents added to the available balance. */
  balance: number;
  /** Signed cents added to the frozen (held) amount. */
  frozen?: number;
  ref?: { type: LedgerRef; id: string | number };
  /** What makes this movement unique for the user, e.g. `pay:<out_trade_no>`. */
  uniqueKey: string;
  note?: string;
}

export interface Moved {
  entryId: number;
  balanceAfter: number;
  frozenAfter: number;
}

/** The balance (or the frozen amount) does not cover the movement. */
export class InsufficientBalanceError extends AppError {
  constructor(readonly shortfall: number) {
    super('errors.balanceShort', { shortfall: toAmount(shortfall) });
  }
}

/** The movement was already written (its unique key exists for the user). */
export class DuplicateMovementError extends AppError {
  constructor() {
    super('errors.alreadyDone');
  }
}

/** One statement: the conditional update, and the entry with what the row holds after it. */
const moveStatement = sqlStatement<
  {
    userId: number;
    type: string;
    balance: number;
    frozen: number;
    refType: string | null;
    refId: string | null;
    uniqueKey: string;
    note: string;
  },
  { balance: string | number; frozen: string | number; entry: string | number | null }
>(() => {
  const [userId, balance, frozen] = [
    sql.placeholder('userId'),
    sql.placeholder('balance'),
    sql.placeholder('frozen'),
  ];
  return sql`
    with moved as (
      update ${users} set balance = ${users.balance} + ${balance}, frozen = ${users.frozen} + ${frozen}
      where ${users.id} = ${userId} and ${users.balance} + ${balance} >= 0 and ${users.frozen} + ${frozen} >= 0
      returning ${users.balance}, ${users.frozen}
    ),
    entry as (
      insert into ${ledgerEntries} (user_id, type, balance_change, frozen_change, balance_after,
        frozen_after, ref_type, ref_id, unique_key, note)
      select ${userId}, ${sql.placeholder('type')}, ${balance}, ${frozen}, moved.balance, moved.frozen,
        ${sql.placeholder('refType')}, ${sql.placeholder('refId')}, ${sql.placeholder('uniqueKey')}, ${sql.placeholder('note')}
      from moved
      on conflict (user_id, unique_key) do nothing
      returning id
    )
    select moved.balance, moved.frozen, (select id from entry) as entry from moved`;
});

export async function moveMoney(tx: Tx, m: Movement): Promise<Moved> {
  const frozen = m.frozen ?? 0;
  if (!Number.isSafeInteger(m.balance) || !Number.isSafeInteger(frozen)) {
    throw new RangeError(`not whole cents: ${m.balance}, ${frozen}`);
  }
  if (m.balance === 0 && frozen === 0) throw new RangeError('a movement of nothing');
  const [row] = await moveStatement(tx, {
    userId: m.userId,
    type: m.type,
    balance: m.balance,
    frozen,
    refType: m.ref?.type ?? null,
    refId: m.ref ? String(m.ref.id) : null,
    uniqueKey: m.uniqueKey,
    note: m.note ?? '',
  });
  if (!row) {
    const [now] = await tx
      .select({ balance: users.balance, frozen: users.frozen })
      .from(users)
      .where(eq(users.id, m.userId));
    if (!now) throw new RangeError(`no user ${m.userId}`);
    const short = Math.max(-(now.balance + m.balance), -(now.frozen + frozen), 1);
    throw new InsufficientBalanceError(short);
  }
  // The row was changed all the same: throwing rolls the caller's transaction back with it.
  if (row.entry === null) throw new DuplicateMovementError();
  return { entryId: Number(row.entry), balanceAfter: Number(row.balance), frozenAfter: Number(row.frozen) };
}
