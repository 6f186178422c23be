import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../lib/http';
import { Answer, serve } from '../../lib/serve';
import { cancelOrder, confirmReceived, deleteOrder } from './actions';
import { orderDetail } from './detail';
import { listOrders } from './list';

/** The shopper's orders: the list, one order, and the shopper's moves (cancel, received, delete). */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  serve(app, 'order.list', async ({ status, page, limit }, request) =>
    listOrders(db, request.lang, currentUser(request).id, status, { page, limit }),
  );

  serve(app, 'order.detail', async ({ order_id }, request) =>
    orderDetail(db, request.lang, currentUser(request).id, order_id),
  );

  serve(app, 'order.cancel', async ({ order_id }, request) => {
    const userId = currentUser(request).id;
    await cancelOrder(db, userId, order_id);
    return new Answer(await orderDetail(db, request.lang, userId, order_id), 'orders.cancelled');
  });

  serve(app, 'order.received', async ({ order_id }, request) => {
    const userId = currentUser(request).id;
    await confirmReceived(db, userId, order_id);
    return new Answer(await orderDetail(db, request.lang, userId, order_id), 'orders.received');
  });

  serve(app, 'order.delete', async ({ order_id }, request) => {
    await deleteOrder(db, currentUser(request).id, order_id);
    return new Answer(null, 'orders.deleted');
  });
}
