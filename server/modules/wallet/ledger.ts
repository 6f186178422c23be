import { and, eq, sql } from 'drizzle-orm';
import { toAmount } from '@common/money';
import { rowsOf, type Tx } from '../../db/client';
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

export async function moveMoney(tx: Tx, m: Movement): Promise<Moved> {
  const frozen = m.frozen ?? 0;
  if (!Number.isSafeInteger(m.balance) || !Number.isSafeInteger(frozen)) {
    throw new RangeError(`not whole cents: ${m.balance}, ${frozen}`);
  }
  if (m.balance === 0 && frozen === 0) throw new RangeError('a movement of nothing');
  // One statement: the conditional update, and the entry with what the row holds after it.
  const update = tx
    .update(users)
    .set({
      balance: sql`${users.balance} + ${m.balance}`,
      frozen: sql`${users.frozen} + ${frozen}`,
    })
    .where(
      and(
        eq(users.id, m.userId),
        sql`${users.balance} + ${m.balance} >= 0`,
        sql`${users.frozen} + ${frozen} >= 0`,
      ),
    )
    .returning({ balance: users.balance, frozen: users.frozen });
  const [row] = rowsOf<{ balance: string | number; frozen: string | number; entry: string | number | null }>(
    await tx.execute(sql`
      with moved as (${update.getSQL()}),
      entry as (
        insert into ${ledgerEntries} (user_id, type, balance_change, frozen_change, balance_after,
          frozen_after, ref_type, ref_id, unique_key, note)
        select ${m.userId}, ${m.type}, ${m.balance}, ${frozen}, moved.balance, moved.frozen,
          ${m.ref?.type ?? null}, ${m.ref ? String(m.ref.id) : null}, ${m.uniqueKey}, ${m.note ?? ''}
        from moved
        on conflict (user_id, unique_key) do nothing
        returning id
      )
      select moved.balance, moved.frozen, (select id from entry) as entry from moved`),
  );
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
