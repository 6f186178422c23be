import { and, count, eq, sql } from 'drizzle-orm';
import { toAmount } from '@common/money';
import type { RechargeItem } from '@common/schemas/wallet-topup';
import type { PayoutMethod, WithdrawalItem } from '@common/schemas/wallet-withdraw';
import { AUDIT_STATUS, maskedCard, type AuditStatus } from '@common/wallet';
import type { DbOrTx } from '../../db/client';
import { payoutMethods, recharges, uploads, withdrawals } from '../../db/schema';
import { newestPage, type PageAsk } from '../../lib/paging';
import { evidenceLink } from '../upload';

/**
 * The shopper's records: top-ups (GET /api/user/recharge_log) and withdrawals
 * (GET /api/user/extract_log), newest first, by audit status; and how each row reads in an answer.
 * Two queries a page (the rows, the total), on the (user, status, id) indexes. A card number is
 * never read here: only its last four digits.
 */
export type RechargeRow = typeof recharges.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type PayoutRow = typeof payoutMethods.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A top-up as the shopper sees it; `evidencePath` is its picture's stored path. */
export const rechargeView = (r: RechargeRow, evidencePath: string | null): RechargeItem => ({
  id: r.id,
  type: r.type,
  status: r.status,
  amount: toAmount(r.amount),
  arrivalAmount: r.arrivalAmount === null ? null : toAmount(r.arrivalAmount),
  networkId: r.networkId,
  networkName: r.networkName,
  fromAddress: r.fromAddress,
  txHash: r.txHash,
  evidence: evidencePath ? evidenceLink(evidencePath) : null,
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
  auditedAt: iso(r.auditedAt),
});

/** "TQn9Y2…k5Xz": enough to recognise an address in a line. */
export const shortAddress = (a: string): string => (a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);

/** A destination ready to show: "Demo Bank •••• 4242" or "USDT-TRC20 TQn9Y2…k5Xz". */
export function destinationLabel(d: {
  type: 'bank' | 'chain';
  bankName: string | null;
  cardLast4: string | null;
  networkName: string | null;
  address: string | null;
}): string {
  if (d.type === 'bank') return `${d.bankName ?? ''} ${maskedCard(d.cardLast4 ?? '????')}`.trim();
  return `${d.networkName ?? ''} ${shortAddress(d.address ?? '')}`.trim();
}

export const withdrawalView = (w: WithdrawalRow): WithdrawalItem => ({
  id: w.id,
  type: w.type,
  status: w.status,
  amount: toAmount(w.amount),
  fee: toAmount(w.fee),
  total: toAmount(w.amount + w.fee),
  destination: destinationLabel(w),
  bankName: w.bankName,
  holder: w.holder,
  cardLast4: w.cardLast4,
  networkId: w.networkId,
  networkName: w.networkName,
  address: w.address,
  reason: w.reason,
  createdAt: w.createdAt.toISOString(),
  auditedAt: iso(w.auditedAt),
});

export const payoutView = (p: PayoutRow & { networkName: string | null }): PayoutMethod => ({
  id: p.id,
  type: p.type,
  label: destinationLabel(p),
  bankName: p.bankName,
  holder: p.holder,
  cardLast4: p.cardLast4,
  networkId: p.networkId,
  networkName: p.networkName,
  address: p.address,
  createdAt: p.createdAt.toISOString(),
});

export interface RecordsPage extends PageAsk {
  status?: AuditStatus;
}

/**
 * The shopper's top-ups. A card top-up is listed once paid (or refused): before that it is an
 * invoice the shopper may never pay, not a top-up waiting for anyone.
 */
const rechargeWhere = (userId: number, status: AuditStatus | undefined) =>
  and(
    eq(recharges.userId, userId),
    status === undefined ? undefined : eq(recharges.status, status),
    sql`not (${recharges.type} = 'card' and ${recharges.status} = ${AUDIT_STATUS.auditing})`,
  );

/** A page of the shopper's top-ups (recharges_user_idx, recharges_user_status_idx). */
export const rechargePageQuery = (db: DbOrTx, userId: number, q: RecordsPage) =>
  newestPage(
    db
      .select({ recharge: recharges, evidencePath: uploads.path })
      .from(recharges)
      .leftJoin(uploads, eq(uploads.id, recharges.evidenceId))
      .$dynamic(),
    recharges.id,
    rechargeWhere(userId, q.status),
    q,
  );

export async function rechargeLog(db: DbOrTx, userId: number, q: RecordsPage) {
  const [rows, [{ n }]] = await Promise.all([
    rechargePageQuery(db, userId, q),
    db.select({ n: count() }).from(recharges).where(rechargeWhere(userId, q.status)),
  ]);
  return {
    list: rows.map((r) => rechargeView(r.recharge, r.evidencePath)),
    total: Number(n),
    page: q.page,
    limit: q.limit,
  };
}

const withdrawalWhere = (userId: number, status: AuditStatus | undefined) =>
  and(eq(withdrawals.userId, userId), status === undefined ? undefined : eq(withdrawals.status, status));

/** A page of the shopper's withdrawals (withdrawals_user_idx, withdrawals_user_status_idx). */
export const withdrawalPageQuery = (db: DbOrTx, userId: number, q: RecordsPage) =>
  newestPage(db.select().from(withdrawals).$dynamic(), withdrawals.id, withdrawalWhere(userId, q.status), q);

/** The shopper's withdrawals. */
export async function withdrawalLog(db: DbOrTx, userId: number, q: RecordsPage) {
  const [rows, [{ n }]] = await Promise.all([
    withdrawalPageQuery(db, userId, q),
    db.select({ n: count() }).from(withdrawals).where(withdrawalWhere(userId, q.status)),
  ]);
  return { list: rows.map(withdrawalView), total: Number(n), page: q.page, limit: q.limit };
}

/** One of the shopper's top-ups, or undefined (another shopper's is as absent). */
export async function ownRecharge(db: DbOrTx, userId: number, id: number): Promise<RechargeItem | undefined> {
  const [row] = await db
    .select({ recharge: recharges, evidencePath: uploads.path })
    .from(recharges)
    .leftJoin(uploads, eq(uploads.id, recharges.evidenceId))
    .where(and(eq(recharges.id, id), eq(recharges.userId, userId)));
  return row ? rechargeView(row.recharge, row.evidencePath) : undefined;
}
