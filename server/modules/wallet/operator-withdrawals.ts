import { and, eq, type SQL } from 'drizzle-orm';
import { toAmount, type Cents } from '@common/money';
import { AUDIT_STATUS, type AuditStatus, type WithdrawType } from '@common/wallet';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { users, withdrawals } from '../../db/schema';
import { newestPage } from '../../lib/paging';
import { moveMoney } from './ledger';
import { notifyWallet } from './notify';
import { destinationLabel } from './records';
import { decryptCard } from '../../lib/wallet-key';
import {
  audited,
  auditLabel,
  idOf,
  listPage,
  oneLine,
  OperatorError,
  operatorName,
  type ListPage,
  type ListParams,
} from '../operator';

/**
 * The operator's side of withdrawals: amount + fee were moved from the shopper's balance
 * to frozen when asked; passing pays them out of frozen (ledger `withdraw_paid`), refusing returns
 * them to the balance (`withdraw_return`). Each is a conditional update on the status under a row
 * lock, in one transaction with its ledger entry (keyed by the withdrawal, so once) and the
 * shopper's notification: a pass and a refusal at the same moment cannot both happen, and the hold
 * is released or paid out exactly once. A card shows only its last four digits here;
 * revealCard is the one deliberate way to read a number, for paying it out.
 */
export interface OperatorWithdrawal {
  id: number;
  type: WithdrawType;
  status: AuditStatus;
  statusLabel: string;
  shopper: { id: number; account: string; telegramId: number | null };
  amount: Cents;
  fee: Cents;
  total: Cents;
  /** "Demo Bank •••• 4242" or "USDT-TRC20 TQn9Y2…k5Xz". */
  destination: string;
  holder: string | null;
  networkName: string | null;
  address: string | null;
  reason: string | null;
  auditedBy: string | null;
  createdAt: string;
  auditedAt: string | null;
}

type Row = typeof withdrawals.$inferSelect;
type Shopper = OperatorWithdrawal['shopper'];

const view = (w: Row, shopper: Shopper): OperatorWithdrawal => ({
  id: w.id,
  type: w.type,
  status: w.status as AuditStatus,
  statusLabel: auditLabel(w.status),
  shopper,
  amount: w.amount,
  fee: w.fee,
  total: w.amount + w.fee,
  destination: destinationLabel(w),
  holder: w.holder,
  networkName: w.networkName,
  address: w.address,
  reason: w.reason,
  auditedBy: w.auditedBy,
  createdAt: w.createdAt.toISOString(),
  auditedAt: w.auditedAt ? w.auditedAt.toISOString() : null,
});

export type ListWithdrawalsParams = ListParams<AuditStatus>;
export type WithdrawalPage = ListPage<OperatorWithdrawal>;

/** Withdrawals with their shoppers: what the list and the lock both read. */
const withShopper = (db: DbOrTx) =>
  db
    .select({ w: withdrawals, account: users.account, telegramId: users.telegramId })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId));

/** A page of withdrawals with their shoppers (withdrawals_status_idx, withdrawals_user_idx). */
export const withdrawalListQuery = (db: DbOrTx, where: SQL | undefined, page: number, limit: number) =>
  newestPage(withShopper(db).$dynamic(), withdrawals.id, where, { page, limit });

/** Every shopper's withdrawals, newest first (two queries). */
export const listWithdrawals = (db: Db, p: ListWithdrawalsParams = {}): Promise<WithdrawalPage> =>
  listPage(
    db,
    p,
    { table: withdrawals, status: withdrawals.status, userId: withdrawals.userId },
    (where, page, limit) => withdrawalListQuery(db, where, page, limit),
    (x) => view(x.w, { id: x.w.userId, account: x.account, telegramId: x.telegramId }),
  );

async function lockWithdrawal(tx: Tx, id: number): Promise<{ row: Row; shopper: Shopper }> {
  const [found] = await withShopper(tx).where(eq(withdrawals.id, id)).for('update', { of: withdrawals });
  if (!found) throw new OperatorError('operator.withdrawalNotFound', `There is no withdrawal ${id}.`);
  return {
    row: found.w,
    shopper: { id: found.w.userId, account: found.account, telegramId: found.telegramId },
  };
}

export interface AuditWithdrawalParams {
  withdrawalId: number;
  operator: string;
}

export interface WithdrawalDecided {
  withdrawal: OperatorWithdrawal;
  /** The shopper's balance and frozen amount after the decision, in cents (null: nothing moved). */
  balance: Cents | null;
  frozen: Cents | null;
  alreadyDone: boolean;
}

const decided = (id: number, row: Row) =>
  row.status === AUDIT_STATUS.passed
    ? `Withdrawal ${id} was already passed (paid out)`
    : `Withdrawal ${id} was already refused (${row.reason}) and its money returned`;

/**
 * Moves a locked, auditing withdrawal to its decision (the lock makes the conditional update
 * certain) and its amount + fee out of frozen: paid out (passed), or back to the balance (refused
 * with `reason`). Keyed by the withdrawal and the outcome, so once.
 */
async function decide(
  tx: Tx,
  w: Row,
  operator: string,
  outcome: 'withdraw_paid' | 'withdraw_return',
  reason?: string,
) {
  const paid = outcome === 'withdraw_paid';
  const [row] = await tx
    .update(withdrawals)
    .set({ status: paid ? AUDIT_STATUS.passed : AUDIT_STATUS.refused, reason, ...audited(operator) })
    .where(and(eq(withdrawals.id, w.id), eq(withdrawals.status, AUDIT_STATUS.auditing)))
    .returning();
  if (!row) throw new Error(`withdrawal ${w.id} did not move`);
  const total = w.amount + w.fee;
  const moved = await moveMoney(tx, {
    userId: w.userId,
    type: outcome,
    balance: paid ? 0 : total,
    frozen: -total,
    ref: { type: 'withdrawal', id: w.id },
    uniqueKey: paid ? `withdraw:paid:${w.id}` : `withdraw:return:${w.id}`,
  });
  return { row, moved, total };
}

/**
 * Passes an auditing withdrawal: the operator has paid it out, so amount + fee leave frozen. Passing
 * it again answers "already passed"; a refused one cannot be passed.
 */
export async function passWithdrawal(db: Db, p: AuditWithdrawalParams): Promise<WithdrawalDecided> {
  const id = idOf('the withdrawal id', p.withdrawalId);
  const operator = operatorName(p.operator);
  return db.transaction(async (tx) => {
    const { row, shopper } = await lockWithdrawal(tx, id);
    if (row.status === AUDIT_STATUS.passed)
      return { withdrawal: view(row, shopper), balance: null, frozen: null, alreadyDone: true };
    if (row.status !== AUDIT_STATUS.auditing)
      throw new OperatorError('operator.alreadyRefused', `${decided(id, row)}; it cannot be passed.`);
    const { row: passed, moved } = await decide(tx, row, operator, 'withdraw_paid');
    await notifyWallet(tx, {
      userId: row.userId,
      kind: 'wallet.notify.withdrawPassed',
      params: { id, amount: toAmount(row.amount), destination: destinationLabel(row) },
      ref: { type: 'withdrawal', id },
    });
    return {
      withdrawal: view(passed, shopper),
      balance: moved.balanceAfter,
      frozen: moved.frozenAfter,
      alreadyDone: false,
    };
  });
}

/**
 * Refuses an auditing withdrawal with a reason the shopper reads: amount + fee return from frozen
 * to the balance. The same refusal again answers "already refused"; a passed one cannot be refused.
 */
export async function refuseWithdrawal(
  db: Db,
  p: AuditWithdrawalParams & { reason: string },
): Promise<WithdrawalDecided> {
  const id = idOf('the withdrawal id', p.withdrawalId);
  const operator = operatorName(p.operator);
  const reason = oneLine('the reason', p.reason, 200);
  return db.transaction(async (tx) => {
    const { row, shopper } = await lockWithdrawal(tx, id);
    if (row.status === AUDIT_STATUS.refused && row.reason === reason)
      return { withdrawal: view(row, shopper), balance: null, frozen: null, alreadyDone: true };
    if (row.status !== AUDIT_STATUS.auditing)
      throw new OperatorError(
        row.status === AUDIT_STATUS.passed ? 'operator.alreadyPassed' : 'operator.alreadyRefused',
        `${decided(id, row)}; it cannot be refused.`,
      );
    const { row: refused, moved, total } = await decide(tx, row, operator, 'withdraw_return', reason);
    await notifyWallet(tx, {
      userId: row.userId,
      kind: 'wallet.notify.withdrawRefused',
      params: { id, amount: toAmount(row.amount), total: toAmount(total), reason },
      ref: { type: 'withdrawal', id },
    });
    return {
      withdrawal: view(refused, shopper),
      balance: moved.balanceAfter,
      frozen: moved.frozenAfter,
      alreadyDone: false,
    };
  });
}

export interface RevealedCard {
  withdrawalId: number;
  bankName: string;
  holder: string;
  cardNumber: string;
  amount: Cents;
}

/**
 * The full card number of a bank withdrawal still waiting for its payout: what the operator needs
 * to pay it, and the only place a number is ever decrypted. The command's log names the withdrawal,
 * never the number; a decided withdrawal's number is not shown again.
 */
export async function revealCard(db: Db, p: AuditWithdrawalParams): Promise<RevealedCard> {
  const id = idOf('the withdrawal id', p.withdrawalId);
  operatorName(p.operator);
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!row) throw new OperatorError('operator.withdrawalNotFound', `There is no withdrawal ${id}.`);
  if (row.type !== 'bank' || !row.cardEncrypted)
    throw new OperatorError(
      'operator.notBank',
      `Withdrawal ${id} goes on-chain to ${row.address}; it has no card.`,
    );
  if (row.status !== AUDIT_STATUS.auditing)
    throw new OperatorError(
      'operator.notAuditing',
      `${decided(id, row)}; its card number is no longer shown.`,
    );
  let cardNumber: string;
  try {
    cardNumber = decryptCard(row.cardEncrypted);
  } catch {
    throw new OperatorError(
      'operator.cardUnreadable',
      `Withdrawal ${id}'s card number cannot be decrypted with this WALLET_KEY (was the key changed?).`,
    );
  }
  return {
    withdrawalId: id,
    bankName: row.bankName ?? '',
    holder: row.holder ?? '',
    cardNumber,
    amount: row.amount,
  };
}
