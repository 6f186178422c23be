import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../lib/http';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { Answer, serve } from '../../lib/serve';
import { telegramInvoices } from '../wallet';
import { cardPayment, createCardPayment } from './card';
import { payProofOf } from '../user';
import { pay, type PayTarget } from './pay';
import { previewCheckout } from './preview';
import { submitOrders } from './submit';

/**
 * Checkout and payment (common/api, section checkout): the preview (merCreate), the submit
 * (merSubmit), the payment of a whole checkout (merPay) or of one order (pay), and the card invoice
 * for orders and what came of it (payCard). The calls that make orders or move money need an
 * Idempotency-Key.
 */
export async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;

  serve(app, 'checkout.preview', async (body, request) =>
    previewCheckout(db, currentUser(request).id, request.lang, body),
  );

  serve(app, 'checkout.submit', async (body, request) => {
    const userId = currentUser(request).id;
    const key = idempotencyKeyOf(request);
    const answer = await submitOrders(db, {
      userId,
      lang: request.lang,
      body,
      key,
      payMinutes: app.config.ORDER_PAY_MINUTES,
      perWindow: app.config.ORDER_RATE,
    });
    return new Answer(answer, 'checkout.submitted');
  });

  // Orders paid by card in one step: a Telegram invoice, paid through the bot (card.ts).
  const makeInvoice = telegramInvoices(app.config);
  serve(app, 'checkout.payCard', async (body, request) => {
    const user = currentUser(request);
    const answer = await createCardPayment(db, makeInvoice, {
      userId: user.id,
      isDemo: user.isDemo,
      lang: request.lang,
      target:
        'out_trade_no' in body
          ? { kind: 'group', outTradeNo: body.out_trade_no }
          : { kind: 'order', orderId: body.order_id },
      key: idempotencyKeyOf(request),
      // The message only: a Bot API error carries its request, the provider token included.
      onInvoiceError: (err) =>
        request.log.warn(
          { reason: err instanceof Error ? err.message : String(err) },
          'Telegram made no invoice link',
        ),
    });
    return new Answer(answer, 'wallet.invoiceReady');
  });
  serve(app, 'checkout.cardPayment', async ({ id }, request) =>
    cardPayment(db, currentUser(request).id, request.lang, id),
  );

  // A checkout's orders (merPay) or one order (pay), from the balance, with the payment password or
  // a device's credential.
  const payFrom = async (
    request: FastifyRequest,
    proof: Parameters<typeof payProofOf>[0],
    target: PayTarget,
  ) => {
    const user = currentUser(request);
    const input = {
      userId: user.id,
      password: payProofOf(proof),
      storedHash: user.payPasswordHash,
      key: idempotencyKeyOf(request),
    };
    return new Answer(await pay(db, input, target), 'checkout.paid');
  };
  serve(app, 'checkout.payGroup', ({ out_trade_no, ...proof }, request) =>
    payFrom(request, proof, { kind: 'group', outTradeNo: out_trade_no }),
  );
  serve(app, 'checkout.payOrder', ({ order_id, ...proof }, request) =>
    payFrom(request, proof, { kind: 'order', orderId: order_id }),
  );
}
