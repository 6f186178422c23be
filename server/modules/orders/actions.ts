import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { FINISHED_STATUSES, ORDER_STATUS } from '@common/order-status';
import type { Db, DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError, NotFoundError } from '../../lib/errors';
import { invalidateCatalog } from '../catalog';
import { returnStock } from './stock';
import { moveOrders } from './transition';

/**
 * The shopper's own moves of an order (POST /api/order/cancel, received, delete). Each is one
 * conditional update on the order's current status and owner, so a repeated or racing request
 * changes nothing the second time; the shopper then hears why (or that the order is absent).
 */

/** Why nothing moved: the order is absent for this shopper (missing, foreign, hidden), or in the wrong status. */
async function refuse(db: DbOrTx, userId: number, orderId: number, key: string): Promise<never> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), isNull(orders.hiddenAt)));
  if (!row) throw new NotFoundError();
  throw new AppError(key);
}

/** An unpaid order is cancelled (0 -> -1) and its stock returned, in one transaction. */
export async function cancelOrder(db: Db, userId: number, orderId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const moved = await moveOrders(tx, {
      orderIds: [orderId],
      from: ORDER_STATUS.waitingPay,
      to: ORDER_STATUS.cancelled,
      actor: 'shopper',
      userId,
    });
    if (moved.length === 0) await refuse(tx, userId, orderId, 'orders.cannotCancel');
    // Only the transaction that moved the order gets here, so the stock returns once.
    await returnStock(tx, [orderId]);
  });
  invalidateCatalog(db);
}

/** The shopper confirms a delivered order arrived (2 -> 3). */
export async function confirmReceived(db: Db, userId: number, orderId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const moved = await moveOrders(tx, {
      orderIds: [orderId],
      from: ORDER_STATUS.delivered,
      to: ORDER_STATUS.received,
      actor: 'shopper',
      userId,
    });
    if (moved.length === 0) await refuse(tx, userId, orderId, 'orders.cannotReceive');
  });
}

/** Hides a finished order (cancelled, completed, refunded) from the shopper; nothing else changes. */
export async function deleteOrder(db: Db, userId: number, orderId: number): Promise<void> {
  const hidden = await db
    .update(orders)
    .set({ hiddenAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.userId, userId),
        inArray(orders.status, FINISHED_STATUSES),
        isNull(orders.hiddenAt),
      ),
    )
    .returning({ id: orders.id });
  if (hidden.length === 0) await refuse(db, userId, orderId, 'orders.cannotDelete');
}
