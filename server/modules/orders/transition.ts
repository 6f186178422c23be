import { and, eq, inArray, sql } from 'drizzle-orm';
import { canMove, type OrderStatus } from '@common/order-status';
import type { Tx } from '../../db/client';
import { notifications, orderEvents, orders, ORDER_ACTORS } from '../../db/schema';

export type OrderActor = (typeof ORDER_ACTORS)[number];

/** The timestamp column each status stamps when an order enters it. */
const STAMPS: Partial<Record<OrderStatus, keyof typeof orders.$inferInsert>> = {
  1: 'paidAt',
  2: 'shippedAt',
  3: 'receivedAt',
  4: 'completedAt',
  [-1]: 'cancelledAt',
  [-2]: 'refundedAt',
};

export interface Transition {
  orderIds: number[];
  from: OrderStatus;
  to: OrderStatus;
  actor: OrderActor;
  note?: string;
  /** Further columns to set with the move (carrier and tracking number when shipping). */
  set?: Partial<typeof orders.$inferInsert>;
  /** Only orders of this shopper move (the shopper's own actions). */
  userId?: number;
}

export interface Moved {
  id: number;
  userId: number;
  orderSn: string;
}

/**
 * Moves orders from one status to another, only along the allowed transitions (canMove), in the caller's
 * transaction: one conditional UPDATE on the current status (an order that is no longer `from` is
 * simply not moved, so two racing moves cannot both happen), then an order event and a notification
 * for the shopper per moved order (kind `order`, params {sn, status, from}: the text is
 * `notify.order.<to>` with the order number, see modules/notifications/texts.ts). Answers the
 * orders that moved; the caller decides what "none moved" means.
 */
export async function moveOrders(tx: Tx, t: Transition): Promise<Moved[]> {
  if (!canMove(t.from, t.to)) throw new RangeError(`order status ${t.from} -> ${t.to} is not allowed`);
  if (t.orderIds.length === 0) return [];
  const stamp = STAMPS[t.to];
  const moved = await tx
    .update(orders)
    .set({
      ...t.set,
      status: t.to,
      ...(stamp ? { [stamp]: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        inArray(orders.id, t.orderIds),
        eq(orders.status, t.from),
        t.userId === undefined ? undefined : eq(orders.userId, t.userId),
      ),
    )
    .returning({ id: orders.id, userId: orders.userId, orderSn: orders.orderSn });
  if (moved.length === 0) return moved;
  await tx.insert(orderEvents).values(
    moved.map((o) => ({
      orderId: o.id,
      fromStatus: t.from,
      toStatus: t.to,
      actor: t.actor,
      note: t.note ?? '',
    })),
  );
  await tx.insert(notifications).values(
    moved.map((o) => ({
      userId: o.userId,
      kind: 'order',
      // `from` tells a refused refund (back to the status before) from the step itself.
      params: { sn: o.orderSn, status: t.to, from: t.from },
      refType: 'order',
      refId: String(o.id),
    })),
  );
  return moved;
}
