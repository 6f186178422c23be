import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../lib/http';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { Answer, serve } from '../../lib/serve';
import { orderDetail } from '../orders';
import { applyRefund } from './apply';
import { enterReturnParcel } from './return-goods';

/** The shopper's after-sale calls under '/api/order': each answers the order as it is now. */
export async function refundRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const { DATA_DIR } = app.config;

  serve(app, 'order.refund', async (body, request) => {
    const userId = currentUser(request).id;
    const key = idempotencyKeyOf(request);
    const { orderId } = await applyRefund(db, { userId, key, dataDir: DATA_DIR }, body);
    return new Answer(await orderDetail(db, request.lang, userId, orderId), 'orders.refundApplied');
  });

  serve(app, 'order.refundReturn', async (body, request) => {
    const userId = currentUser(request).id;
    await enterReturnParcel(db, userId, body);
    return new Answer(await orderDetail(db, request.lang, userId, body.order_id), 'orders.refundParcelSaved');
  });
}
