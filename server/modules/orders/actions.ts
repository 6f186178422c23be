import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { FINISHED_STATUSES, ORDER_STATUS, type OrderStatus } from '@common/order-status';
import type { Db, DbOrTx, Tx } from '../../db/client';
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

/** The shopper moves one of their orders `from` -> `to`, or is told why not (`cannot`). */
async function moveOwn(
  tx: Tx,
  userId: number,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  cannot: string,
): Promise<void> {
  const moved = await moveOrders(tx, { orderIds: [orderId], from, to, actor: 'shopper', userId });
  if (moved.length === 0) await refuse(tx, userId, orderId, cannot);
}

/** An unpaid order is cancelled (0 -> -1) and its stock returned, in one transaction. */
export async function cancelOrder(db: Db, userId: number, orderId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await moveOwn(
      tx,
      userId,
      orderId,
      ORDER_STATUS.waitingPay,
      ORDER_STATUS.cancelled,
      'orders.cannotCancel',
    );
    // Only the transaction that moved the order gets here, so the stock returns once.
    await returnStock(tx, [orderId]);
  });
  invalidateCatalog(db);
}

/** The shopper confirms a delivered order arrived (2 -> 3). */
export async function confirmReceived(db: Db, userId: number, orderId: number): Promise<void> {
  await db.transaction((tx) =>
    moveOwn(tx, userId, orderId, ORDER_STATUS.delivered, ORDER_STATUS.received, 'orders.cannotReceive'),
  );
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
