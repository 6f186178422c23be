import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import { ORDER_STATUS, ORDER_TABS, type OrderStatus } from '@common/order-status';
import type { OrderListAnswer } from '@common/schemas/order';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { newestPage, type PageAsk } from '../../lib/paging';
import { itemsByOrder, toOrderCard, withShop } from './cards';

/**
 * The shopper's orders screen (GET /api/user/order_list): one tab's page, newest first, deleted
 * (hidden) orders left out, and the number of orders under every tab. Three queries whatever the
 * page holds: the page (orders_user_idx, or orders_user_status_idx for one status), every tab's
 * count (one grouped query, which also gives the page's total), and the page's items.
 */
/** The shopper's visible orders, of one status or all. */
const visible = (userId: number, status?: OrderStatus) =>
  and(
    eq(orders.userId, userId),
    status === undefined ? undefined : eq(orders.status, status),
    isNull(orders.hiddenAt),
  );

/** One page of cards' orders, with their shop. */
export function orderPageQuery(db: DbOrTx, userId: number, status: OrderStatus | undefined, req: PageAsk) {
  return newestPage(withShop(db).$dynamic(), orders.id, visible(userId, status), req);
}

/** How many visible orders the shopper has in each status (one grouped query). */
export function statusCountsQuery(db: DbOrTx, userId: number) {
  return db
    .select({ status: orders.status, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(visible(userId))
    .groupBy(orders.status);
}

/** Every tab's count under its key: "all", "0", "1", ... "-2"; a tab with no orders counts 0. */
export async function tabCounts(db: DbOrTx, userId: number): Promise<Record<string, number>> {
  const rows = await statusCountsQuery(db, userId);
  const counts: Record<string, number> = {};
  for (const tab of ORDER_TABS) counts[tab === undefined ? 'all' : String(tab)] = 0;
  for (const { status, n } of rows) {
    const count = Number(n);
    counts.all += count;
    counts[String(status)] = (counts[String(status)] ?? 0) + count;
  }
  return counts;
}

export async function listOrders(
  db: DbOrTx,
  lang: Lang,
  userId: number,
  status: OrderStatus | undefined,
  req: PageAsk,
): Promise<OrderListAnswer> {
  const [rows, counts] = await Promise.all([orderPageQuery(db, userId, status, req), tabCounts(db, userId)]);
  const ids = rows.map((r) => r.order.id);
  const items = await itemsByOrder(db, ids);
  return {
    list: rows.map((row) => toOrderCard(row, items.get(row.order.id) ?? [], lang)),
    total: counts[status === undefined ? 'all' : String(status)] ?? 0,
    page: req.page,
    limit: req.limit,
    counts,
  };
}

/**
 * The profile's badges: unpaid and paid-but-not-shipped orders, in one query over the
 * (user_id, status) index. Such orders cannot be hidden, so no hidden filter is needed.
 */
export async function pendingOrderCounts(
  db: DbOrTx,
  userId: number,
): Promise<{ unpaid: number; undelivered: number }> {
  const { waitingPay, waitingDelivery } = ORDER_STATUS;
  const [row] = await db
    .select({
      unpaid: sql<number>`count(*) filter (where ${orders.status} = ${waitingPay})::int`,
      undelivered: sql<number>`count(*) filter (where ${orders.status} = ${waitingDelivery})::int`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), sql`${orders.status} in (${waitingPay}, ${waitingDelivery})`));
  return { unpaid: Number(row?.unpaid ?? 0), undelivered: Number(row?.undelivered ?? 0) };
}
