import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { formatMoney, type Cents } from '@common/money';
import type { Db } from '../../db/client';
import { ledgerEntries, users } from '../../db/schema';
import { DuplicateMovementError, InsufficientBalanceError, moveMoney } from './ledger';
import {
  findShopper,
  oneLine,
  OperatorError,
  operatorName,
  positiveCents,
  requestIdOf,
  type Shopper,
} from '../operator';

export interface AdjustParams {
  /** Account name or Telegram user id (see findShopper). */
  user: string;
  /** Cents, more than zero. */
  amount: Cents;
  /** Why: kept as the ledger entry's note, which the shopper's bill shows. */
  reason: string;
  /** Who: the ledger entry's reference (type `operator`). */
  operator: string;
  /**
   * What makes a retry (the same command again, a double-tapped button) move money once: the same
   * request id for the same shopper answers the first adjustment again. Absent: a new one.
   */
  requestId?: string;
}

export interface Adjusted {
  shopper: Shopper;
  /** The signed change of the balance, in cents. */
  change: Cents;
  /** The balance now, in cents. */
  balance: Cents;
  entryId: number;
  requestId: string;
  /** True when this request id had already been carried out: nothing moved this time. */
  replayed: boolean;
}

/**
 * A ledger adjustment by an operator: `sign` 1 credits, -1 debits. The ledger's unique key is
 * `adjust:<request id>`, so the same request moves money once per shopper whatever retries or races
 * happen; a request id reused with another amount is refused.
 */
export async function adjustBalance(db: Db, p: AdjustParams, sign: 1 | -1): Promise<Adjusted> {
  const amount = positiveCents(p.amount);
  const reason = oneLine('the reason', p.reason, 200);
  const operator = operatorName(p.operator);
  const requestId = p.requestId === undefined ? randomUUID() : requestIdOf(p.requestId);
  const shopper = await findShopper(db, p.user);
  const change = sign * amount;
  const uniqueKey = `adjust:${requestId}`;
  try {
    const moved = await db.transaction((tx) =>
      moveMoney(tx, {
        userId: shopper.id,
        type: 'adjustment',
        balance: change,
        ref: { type: 'operator', id: operator },
        uniqueKey,
        note: reason,
      }),
    );
    return {
      shopper,
      change,
      balance: moved.balanceAfter,
      entryId: moved.entryId,
      requestId,
      replayed: false,
    };
  } catch (err) {
    if (err instanceof InsufficientBalanceError)
      throw new OperatorError(
        'operator.balanceShort',
        `${shopper.account}'s balance is ${formatMoney(amount - err.shortfall)}: a debit of ${formatMoney(amount)} would take it below zero.`,
      );
    if (!(err instanceof DuplicateMovementError)) throw err;
  }
  const [[entry], [now]] = await Promise.all([
    db
      .select({ id: ledgerEntries.id, change: ledgerEntries.balanceChange, type: ledgerEntries.type })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, shopper.id), eq(ledgerEntries.uniqueKey, uniqueKey))),
    db.select({ balance: users.balance }).from(users).where(eq(users.id, shopper.id)),
  ]);
  if (entry.type !== 'adjustment' || entry.change !== change)
    throw new OperatorError(
      'operator.requestIdReused',
      `Request ${requestId} already moved ${formatMoney(entry.change)} for ${shopper.account}; use a new request id.`,
    );
  return { shopper, change, balance: now.balance, entryId: entry.id, requestId, replayed: true };
}

/** Adds money to a shopper's balance (a ledger adjustment); answers the new balance. */
export const credit = (db: Db, params: AdjustParams): Promise<Adjusted> => adjustBalance(db, params, 1);

/**
 * Takes money from a shopper's balance (a ledger adjustment: a credit made by mistake, a charge
 * agreed with the shopper); refused when the balance does not cover it. Answers the new balance.
 */
export const debit = (db: Db, params: AdjustParams): Promise<Adjusted> => adjustBalance(db, params, -1);
