import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Lang } from '../../../common/languages';
import { ORDER_STATUS } from '../../../common/order-status';
import { AUDIT_STATUS } from '../../../common/wallet';
import type { Db } from '../../db/client';
import { orders, recharges, refunds, withdrawals } from '../../db/schema';
import { deskText, lines, money } from './format';

/**
 * /stats: today's (UTC, by the database's clock) orders placed, orders paid and their sales, and
 * what waits for the desk: top-ups and withdrawals to audit, paid orders to ship, refund requests
 * to decide (refunds_status_idx).
 */
export async function deskStats(db: Db, lang: Lang): Promise<string> {
  const today = sql`date_trunc('day', now())`;
  const [[placed], [paid], [topUps], [payouts], [toShip], [toDecide]] = await Promise.all([
    db.select({ n: count() }).from(orders).where(gte(orders.createdAt, today)),
    db
      .select({ n: count(), sum: sql<string>`coalesce(sum(${orders.total}), 0)` })
      .from(orders)
      .where(gte(orders.paidAt, today)),
    db
      .select({ n: count() })
      .from(recharges)
      .where(and(eq(recharges.status, AUDIT_STATUS.auditing), sql`${recharges.type} <> 'card'`)),
    db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, AUDIT_STATUS.auditing)),
    db.select({ n: count() }).from(orders).where(eq(orders.status, ORDER_STATUS.waitingDelivery)),
    db.select({ n: count() }).from(refunds).where(eq(refunds.status, 'applying')),
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
