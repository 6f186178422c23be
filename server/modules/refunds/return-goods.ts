import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { refundReturnBody } from '@common/schemas/refund';
import type { Db } from '../../db/client';
import { orders, refunds } from '../../db/schema';
import { AppError, NotFoundError } from '../../lib/errors';

/**
 * POST /api/order/refund_return: after the operator approved a return and refund, the shopper
 * names the parcel the goods went back in (carrier and tracking number); the refund moves from
 * waiting for the goods to refunding. Naming it again (a typo fixed) is allowed while the operator
 * has not received the goods. Another shopper's order looks absent.
 */
export async function enterReturnParcel(
  db: Db,
  userId: number,
  body: z.infer<typeof refundReturnBody>,
): Promise<void> {
  const [updated] = await db
    .update(refunds)
    .set({
      returnCarrier: body.carrier,
      returnTrackingNo: body.tracking_no,
      status: 'refunding',
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(refunds.orderId, body.order_id),
        eq(refunds.userId, userId),
        eq(refunds.serviceType, 'return'),
        eq(refunds.status, 'waitingGoods'),
      ),
    )
    .returning({ id: refunds.id });
  if (updated) return;
  // Named already (refunding): a corrected carrier or number replaces it until the goods arrive.
  const [again] = await db
    .update(refunds)
    .set({ returnCarrier: body.carrier, returnTrackingNo: body.tracking_no, updatedAt: new Date() })
    .where(
      and(eq(refunds.orderId, body.order_id), eq(refunds.userId, userId), eq(refunds.status, 'refunding')),
    )
    .returning({ id: refunds.id });
  if (again) return;
  const [own] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, body.order_id), eq(orders.userId, userId), isNull(orders.hiddenAt)));
  if (!own) throw new NotFoundError();
  throw new AppError('orders.refundNoReturnNow');
}
