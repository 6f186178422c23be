import { and, eq, sql, type SQL } from 'drizzle-orm';
import { formatMoney, toAmount, type Cents } from '@common/money';
import { AUDIT_STATUS, type AuditStatus, type RechargeType } from '@common/wallet';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { recharges, uploads, users } from '../../db/schema';
import { newestPage } from '../../lib/paging';
import { moveMoney } from './ledger';
import { notifyWallet } from './notify';
import {
  audited,
  auditLabel,
  idOf,
  listPage,
  oneLine,
  OperatorError,
  operatorName,
  positiveCents,
  type ListPage,
  type ListParams,
} from '../operator';

/**
 * The operator's audit of top-ups: on-chain and manual ones wait in "auditing" and move
 * no money until passed, with the amount that actually arrived (one ledger entry `topup`, keyed
 * `topup:<id>`, so it is credited once), or refused with a reason. Each decision is a conditional
 * update on the status, in one transaction with the ledger entry and the shopper's notification,
 * under a row lock: a pass and a refusal at the same moment cannot both happen.
 */
export interface OperatorRecharge {
  id: number;
  type: RechargeType;
  status: AuditStatus;
  statusLabel: string;
  shopper: { id: number; account: string; telegramId: number | null };
  amount: Cents;
  arrivalAmount: Cents | null;
  networkName: string | null;
  fromAddress: string | null;
  txHash: string | null;
  /** The evidence picture's file under DATA_DIR ("evidence/2026-11/<file>.webp"), or null. */
  evidenceFile: string | null;
  reason: string | null;
  auditedBy: string | null;
  /** ISO times. */
  createdAt: string;
  auditedAt: string | null;
}

type Row = typeof recharges.$inferSelect;

const view = (
  r: Row,
  shopper: OperatorRecharge['shopper'],
  evidencePath: string | null,
): OperatorRecharge => ({
  id: r.id,
  type: r.type,
  status: r.status as AuditStatus,
  statusLabel: auditLabel(r.status, r.type === 'card'),
  shopper,
  amount: r.amount,
  arrivalAmount: r.arrivalAmount,
  networkName: r.networkName,
  fromAddress: r.fromAddress,
  txHash: r.txHash,
  evidenceFile: evidencePath ? evidencePath.slice(1) : null,
  reason: r.reason,
  auditedBy: r.auditedBy,
  createdAt: r.createdAt.toISOString(),
  auditedAt: r.auditedAt ? r.auditedAt.toISOString() : null,
});

export type ListRechargesParams = ListParams<AuditStatus>;
export type RechargePage = ListPage<OperatorRecharge>;

/** Top-ups with their shoppers and evidence: what the list and the lock both read. */
const withShopper = (db: DbOrTx) =>
  db
    .select({ r: recharges, account: users.account, telegramId: users.telegramId, evidence: uploads.path })
    .from(recharges)
    .innerJoin(users, eq(users.id, recharges.userId))
    .leftJoin(uploads, eq(uploads.id, recharges.evidenceId));

/** A page of top-ups with their shoppers and evidence (recharges_status_idx, recharges_user_idx). */
export const rechargeListQuery = (db: DbOrTx, where: SQL | undefined, page: number, limit: number) =>
  newestPage(withShopper(db).$dynamic(), recharges.id, where, { page, limit });

/** Every shopper's top-ups, newest first (two queries); card invoices never paid are left out. */
export const listRecharges = (db: Db, p: ListRechargesParams = {}): Promise<RechargePage> =>
  listPage(
    db,
    p,
    { table: recharges, status: recharges.status, userId: recharges.userId },
    (where, page, limit) => rechargeListQuery(db, where, page, limit),
    (x) => view(x.r, { id: x.r.userId, account: x.account, telegramId: x.telegramId }, x.evidence),
    sql`not (${recharges.type} = 'card' and ${recharges.status} = ${AUDIT_STATUS.auditing})`,
  );

export interface AuditRechargeParams {
  rechargeId: number;
  operator: string;
}

export interface RechargeDecided {
  recharge: OperatorRecharge;
  /** The shopper's balance after the credit (a pass), in cents. */
  balance: Cents | null;
  /** The same decision was already made: nothing changed now. */
  alreadyDone: boolean;
}

/** Locks the top-up and answers it with its shopper, or refuses an unknown id. */
async function lockRecharge(tx: Tx, id: number) {
  const [found] = await withShopper(tx).where(eq(recharges.id, id)).for('update', { of: recharges });
  if (!found) throw new OperatorError('operator.rechargeNotFound', `There is no top-up ${id}.`);
  const shopper = { id: found.r.userId, account: found.account, telegramId: found.telegramId };
  return { row: found.r, shopper, evidence: found.evidence };
}

/** Moves a locked, auditing top-up to its decision; the lock makes the conditional update certain. */
async function decide(
  tx: Tx,
  id: number,
  operator: string,
  change: Pick<typeof recharges.$inferInsert, 'status' | 'arrivalAmount' | 'reason'>,
) {
  const [row] = await tx
    .update(recharges)
    .set({ ...change, ...audited(operator) })
    .where(and(eq(recharges.id, id), eq(recharges.status, AUDIT_STATUS.auditing)))
    .returning();
  if (!row) throw new Error(`top-up ${id} did not move`);
  return row;
}

/**
 * Passes an auditing on-chain or manual top-up with the amount that arrived (default: the amount
 * asked) and credits it. Passing it again with the same amount answers "already passed"; anything
 * else about a decided top-up is refused, as is a card top-up (Telegram's payment credits those).
 */
export async function passRecharge(
  db: Db,
  p: AuditRechargeParams & { arrivalAmount?: Cents },
): Promise<RechargeDecided> {
  const id = idOf('the top-up id', p.rechargeId);
  const operator = operatorName(p.operator);
  const arrival = p.arrivalAmount === undefined ? undefined : positiveCents(p.arrivalAmount);
  return db.transaction(async (tx) => {
    const { row, shopper, evidence } = await lockRecharge(tx, id);
    if (row.type === 'card')
      throw new OperatorError(
        'operator.cardTopUp',
        `Top-up ${id} is a card payment: Telegram's successful payment credits it, not an operator.`,
      );
    if (row.status === AUDIT_STATUS.passed) {
      if (arrival === undefined || arrival === row.arrivalAmount)
        return { recharge: view(row, shopper, evidence), balance: null, alreadyDone: true };
      throw new OperatorError(
        'operator.alreadyPassed',
        `Top-up ${id} was already passed with ${formatMoney(row.arrivalAmount ?? 0)} credited; nothing changed.`,
      );
    }
    if (row.status === AUDIT_STATUS.refused)
      throw new OperatorError(
        'operator.alreadyRefused',
        `Top-up ${id} was refused (${row.reason}); it cannot be passed.`,
      );
    const arrivalAmount = arrival ?? row.amount;
    const passed = await decide(tx, id, operator, { status: AUDIT_STATUS.passed, arrivalAmount });
    const moved = await moveMoney(tx, {
      userId: row.userId,
      type: 'topup',
      balance: arrivalAmount,
      ref: { type: 'recharge', id },
      uniqueKey: `topup:${id}`,
    });
    await notifyWallet(tx, {
      userId: row.userId,
      kind: 'wallet.notify.rechargePassed',
      params: { id, amount: toAmount(arrivalAmount) },
      ref: { type: 'recharge', id },
    });
    return { recharge: view(passed, shopper, evidence), balance: moved.balanceAfter, alreadyDone: false };
  });
}

/**
 * Refuses an auditing top-up with a reason the shopper reads; no money moves. A card invoice not
 * yet paid may be refused too (it can then no longer be paid). The same refusal again answers
 * "already refused".
 */
export async function refuseRecharge(
  db: Db,
  p: AuditRechargeParams & { reason: string },
): Promise<RechargeDecided> {
  const id = idOf('the top-up id', p.rechargeId);
  const operator = operatorName(p.operator);
  const reason = oneLine('the reason', p.reason, 200);
  return db.transaction(async (tx) => {
    const { row, shopper, evidence } = await lockRecharge(tx, id);
    if (row.status === AUDIT_STATUS.refused) {
      if (row.reason === reason)
        return { recharge: view(row, shopper, evidence), balance: null, alreadyDone: true };
      throw new OperatorError('operator.alreadyRefused', `Top-up ${id} was already refused (${row.reason}).`);
    }
    if (row.status === AUDIT_STATUS.passed)
      throw new OperatorError(
        'operator.alreadyPassed',
        `Top-up ${id} was already passed with ${formatMoney(row.arrivalAmount ?? 0)} credited; it cannot be refused.`,
      );
    const refused = await decide(tx, id, operator, { status: AUDIT_STATUS.refused, reason });
    await notifyWallet(tx, {
      userId: row.userId,
      kind: 'wallet.notify.rechargeRefused',
      params: { id, amount: toAmount(row.amount), reason },
      ref: { type: 'recharge', id },
    });
    return { recharge: view(refused, shopper, evidence), balance: null, alreadyDone: false };
  });
}
