import { eq } from 'drizzle-orm';
import { ORDER_STATUS, type OrderStatus } from '@common/order-status';
import type { Db } from '../../db/client';
import { enqueue } from '../../lib/outbox';
import { notifications, orders, orderTracks } from '../../db/schema';
import { idOf, oneLine, OperatorError, operatorName, statusLabel } from '../operator';

export interface TrackParams {
  orderId: number;
  /** The carrier's event as the shopper should read it ("Arrived at the Frankfurt hub"). */
  text: string;
  operator: string;
}

export interface Tracked {
  orderId: number;
  orderSn: string;
  userId: number;
  trackId: number;
  text: string;
  /** ISO time. */
  createdAt: string;
}

/** Orders on their way or arrived: the only ones a logistics event belongs to. */
const TRACKABLE: OrderStatus[] = [ORDER_STATUS.delivered, ORDER_STATUS.received];

/**
 * Adds a logistics event to a shipped order's timeline and queues the shopper's notification
 * (kind `track`, params { sn, text }, the bot delivers it), in one transaction.
 */
export async function track(db: Db, p: TrackParams): Promise<Tracked> {
  const orderId = idOf('the order id', p.orderId);
  const text = oneLine('the event text', p.text, 500);
  operatorName(p.operator);
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ orderSn: orders.orderSn, userId: orders.userId, status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('share');
    if (!order) throw new OperatorError('operator.orderNotFound', `There is no order ${orderId}.`);
    if (!TRACKABLE.includes(order.status as OrderStatus))
      throw new OperatorError(
        'operator.notShipped',
        `Order ${orderId} is ${statusLabel(order.status)}: logistics events go to shipped (delivered or received) orders.`,
      );
    const [row] = await tx
      .insert(orderTracks)
      .values({ orderId, text })
      .returning({ id: orderTracks.id, createdAt: orderTracks.createdAt });
    const told = await tx
      .insert(notifications)
      .values({
        userId: order.userId,
        kind: 'track',
        params: { sn: order.orderSn, text },
        refType: 'order',
        refId: String(orderId),
      })
      .returning({ id: notifications.id });
    await enqueue(
      tx,
      'notification',
      told.map((n) => n.id),
    );
    return {
      orderId,
      orderSn: order.orderSn,
      userId: order.userId,
      trackId: row.id,
      text,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
