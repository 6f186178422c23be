import { and, eq, isNull } from 'drizzle-orm';
import { ORDER_STATUS, REFUNDABLE_STATUSES, type OrderStatus } from '@common/order-status';
import { toAmount } from '@common/money';
import type { RefundBody } from '@common/schemas/refund';
import type { Db, Tx } from '../../db/client';
import { orderItems, orders, refunds } from '../../db/schema';
import { AppError, NotFoundError } from '../../lib/errors';
import { once } from '../../lib/idempotency';
import { postToDesk } from '../../lib/desk-posts';
import { moveOrders, refundableMax } from '../orders';
import { takeUploads, withFileMoves, type FileMove } from '../upload';
import { isUniqueViolation } from '../wallet';

/**
 * POST /api/order/refund: the shopper asks for a refund of a paid order that is waiting delivery,
 * delivered or received. In one transaction, once per Idempotency-Key: the order's row is locked
 * (two requests for one order queue here; the second finds the first's refund), the amount checked
 * against what was paid for the chosen products (refundable.ts), the proof pictures taken (the
 * shopper's own unused uploads, private from now on), the refund written as applying and the order
 * moved to in after-sale, remembering its status for a refusal. A second request for the order,
 * ever, answers "you already submitted a refund request".
 */
export interface ApplyInput {
  userId: number;
  /** The request's Idempotency-Key. */
  key: string;
  dataDir: string;
}

/** The shopper's visible order, locked; another shopper's or a hidden one looks absent. */
async function lockOwnOrder(tx: Tx, userId: number, orderId: number) {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), isNull(orders.hiddenAt)))
    .for('update');
  if (!order) throw new NotFoundError();
  return order;
}

async function writeRefund(tx: Tx, input: ApplyInput, body: RefundBody, moves: FileMove[]) {
  const order = await lockOwnOrder(tx, input.userId, body.order_id);
  const [existing] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, order.id));
  if (existing) throw new AppError('orders.refundExists');
  if (!(REFUNDABLE_STATUSES as number[]).includes(order.status)) throw new AppError('orders.cannotRefund');
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const max = refundableMax(order, lines, body.product_ids);
  if (max === undefined) throw new AppError('orders.refundProductUnknown');
  const amount = body.amount ?? max;
  if (amount > max) throw new AppError('orders.refundAmountAbove', { max: toAmount(max) });
  const taken = await takeUploads(
    tx,
    {
      userId: input.userId,
      dataDir: input.dataDir,
      refs: body.images,
      purpose: 'refund',
      invalid: 'orders.refundProofInvalid',
    },
    moves,
  );
  const images = taken.map((t) => t.path);
  const from = order.status as OrderStatus;
  await tx.insert(refunds).values({
    orderId: order.id,
    userId: input.userId,
    serviceType: body.service_type,
    receivingStatus: body.receiving_status,
    amount,
    productIds: [...new Set(body.product_ids)],
    reasonType: body.reason_type,
    explain: body.refund_explain,
    images,
  });
  const [moved] = await moveOrders(tx, {
    orderIds: [order.id],
    from,
    to: ORDER_STATUS.afterSale,
    actor: 'shopper',
    userId: input.userId,
    set: { statusBeforeAfterSale: from },
  });
  // The row is locked and in `from`: the move cannot have missed it.
  if (!moved) throw new Error(`order ${order.id} did not move`);
  // The desk's post is keyed by the order, as the operator's refund services are.
  await postToDesk(tx, 'refund', [order.id]);
  return { orderId: order.id };
}

export async function applyRefund(db: Db, input: ApplyInput, body: RefundBody): Promise<{ orderId: number }> {
  try {
    return await withFileMoves(db, (moves) =>
      once(db, { userId: input.userId, scope: 'order.refund', key: input.key, request: body }, (tx) =>
        writeRefund(tx, input, body, moves),
      ),
    );
  } catch (err) {
    // The order's lock makes this rare, but the unique index is the last word on "one per order".
    if (isUniqueViolation(err, 'refunds_order_uq')) throw new AppError('orders.refundExists');
    throw err;
  }
}
