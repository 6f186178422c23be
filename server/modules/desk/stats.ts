import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import { ORDER_STATUS } from '@common/order-status';
import { AUDIT_STATUS } from '@common/wallet';
import type { Db } from '../../db/client';
import { orders, recharges, refunds, withdrawals } from '../../db/schema';
import { deskText, lines, money } from './format';

/**
 * The counts behind /stats: today's (UTC, by the database's clock) orders placed (orders_created_idx),
 * orders paid and their sales (orders_paid_idx), and what waits for the desk: top-ups and
 * withdrawals to audit, paid orders to ship (orders_status_idx), refund requests to decide
 * (refunds_status_idx).
 */
export function statsQueries(db: Db) {
  const today = sql`date_trunc('day', now())`;
  return {
    placed: db.select({ n: count() }).from(orders).where(gte(orders.createdAt, today)),
    paid: db
      .select({ n: count(), sum: sql<string>`coalesce(sum(${orders.total}), 0)` })
      .from(orders)
      .where(gte(orders.paidAt, today)),
    topUps: db
      .select({ n: count() })
      .from(recharges)
      .where(and(eq(recharges.status, AUDIT_STATUS.auditing), sql`${recharges.type} <> 'card'`)),
    payouts: db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, AUDIT_STATUS.auditing)),
    toShip: db.select({ n: count() }).from(orders).where(eq(orders.status, ORDER_STATUS.waitingDelivery)),
    toDecide: db.select({ n: count() }).from(refunds).where(eq(refunds.status, 'applying')),
  };
}

/** /stats for the operators, in the operator's language. */
export async function deskStats(db: Db, lang: Lang): Promise<string> {
  const q = statsQueries(db);
  const [[placed], [paid], [topUps], [payouts], [toShip], [toDecide]] = await Promise.all([
    q.placed,
    q.paid,
    q.topUps,
    q.payouts,
    q.toShip,
    q.toDecide,
  ]);
  const t = (key: string, params: Record<string, string | number>) => deskText(lang, key, params);
  return lines(
    t('stats.title', { date: new Date().toISOString().slice(0, 10) }),
    t('stats.orders', { placed: Number(placed.n), paid: Number(paid.n) }),
    t('stats.sales', { amount: money(Number(paid.sum), lang) }),
    t('stats.topUps', { n: Number(topUps.n) }),
    t('stats.withdrawals', { n: Number(payouts.n) }),
    t('stats.toShip', { n: Number(toShip.n) }),
    t('stats.refunds', { n: Number(toDecide.n) }),
  );
}
