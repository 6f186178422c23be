import { eq } from 'drizzle-orm';
import { ORDER_STATUS, type OrderStatus } from '@common/order-status';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { moveOrders } from './transition';
import { idOf, oneLine, OperatorError, operatorName, statusLabel } from '../operator';

export interface ShipParams {
  orderId: number;
  carrier: string;
  trackingNo: string;
  operator: string;
}

export interface Shipped {
  orderId: number;
  orderSn: string;
  userId: number;
  status: OrderStatus;
  carrier: string;
  trackingNo: string;
  /** ISO time. */
  shippedAt: string;
  /** The order was already shipped with this carrier and number: nothing changed. */
  alreadyShipped: boolean;
}

/**
 * Ships a paid order: waiting delivery -> delivered, with carrier and tracking number, an order
 * event (actor operator, the note naming who) and the shopper's notification, through moveOrders.
 * Shipping it again with the same carrier and number answers "already shipped" and changes nothing,
 * so a retried command or button is harmless; anything else is refused.
 */
export async function ship(db: Db, p: ShipParams): Promise<Shipped> {
  const orderId = idOf('the order id', p.orderId);
  const carrier = oneLine('the carrier', p.carrier, 64);
  const trackingNo = oneLine('the tracking number', p.trackingNo, 64);
  const operator = operatorName(p.operator);
  return db.transaction(async (tx) => {
    // The row lock orders this against a concurrent ship, payment refund or receipt of the same order.
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new OperatorError('operator.orderNotFound', `There is no order ${orderId}.`);
    const answer = (status: OrderStatus, shippedAt: Date, alreadyShipped: boolean): Shipped => ({
      orderId,
      orderSn: order.orderSn,
      userId: order.userId,
      status,
      carrier,
      trackingNo,
      shippedAt: shippedAt.toISOString(),
      alreadyShipped,
    });
    if (order.shippedAt && order.carrier !== null) {
      if (order.carrier === carrier && order.trackingNo === trackingNo)
        return answer(order.status as OrderStatus, order.shippedAt, true);
      throw new OperatorError(
        'operator.shippedOtherwise',
        `Order ${orderId} was already shipped with ${order.carrier} ${order.trackingNo}.`,
      );
    }
    if (order.status !== ORDER_STATUS.waitingDelivery)
      throw new OperatorError(
        'operator.notWaitingDelivery',
        `Order ${orderId} is ${statusLabel(order.status)}: only an order waiting delivery can be shipped.`,
      );
    const [moved] = await moveOrders(tx, {
      orderIds: [orderId],
      from: ORDER_STATUS.waitingDelivery,
      to: ORDER_STATUS.delivered,
      actor: 'operator',
      note: `shipped by ${operator}: ${carrier} ${trackingNo}`,
      set: { carrier, trackingNo },
    });
    // The row is locked and was waiting delivery: the move cannot have missed it.
    if (!moved) throw new Error(`order ${orderId} did not move`);
    const [after] = await tx
      .select({ shippedAt: orders.shippedAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    return answer(ORDER_STATUS.delivered, after.shippedAt!, false);
  });
}
