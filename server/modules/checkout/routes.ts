import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../lib/http';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { Answer, serve } from '../../lib/serve';
import { pay } from './pay';
import { previewCheckout } from './preview';
import { limitSubmits, submitOrders } from './submit';

/**
 * Checkout and payment (common/api, section checkout). Under /api/order: the preview (merCreate),
 * the submit (merSubmit) and the payment of a whole checkout (merPay); under /api/user: the
 * payment of one order (pay). The calls that make orders or move money need an Idempotency-Key.
 */
export async function checkoutOrderRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  serve(app, 'checkout.preview', async (body, request) =>
    previewCheckout(db, currentUser(request).id, request.lang, body),
  );

  serve(app, 'checkout.submit', async (body, request) => {
    const userId = currentUser(request).id;
    const key = idempotencyKeyOf(request);
    await limitSubmits(db, userId, app.config.ORDER_RATE);
    const answer = await submitOrders(db, {
      userId,
      lang: request.lang,
      body,
      key,
      payMinutes: app.config.ORDER_PAY_MINUTES,
    });
    return new Answer(answer, 'checkout.submitted');
  });

  serve(app, 'checkout.payGroup', async ({ out_trade_no, password_pay }, request) => {
    const input = { userId: currentUser(request).id, password: password_pay, key: idempotencyKeyOf(request) };
    return new Answer(await pay(db, input, { kind: 'group', outTradeNo: out_trade_no }), 'checkout.paid');
  });
}

export async function checkoutUserRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  serve(app, 'checkout.payOrder', async ({ order_id, password_pay }, request) => {
    const input = { userId: currentUser(request).id, password: password_pay, key: idempotencyKeyOf(request) };
    return new Answer(await pay(db, input, { kind: 'order', orderId: order_id }), 'checkout.paid');
  });
}
