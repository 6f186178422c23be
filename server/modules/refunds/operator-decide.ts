import { and, eq, inArray } from 'drizzle-orm';
import { ORDER_STATUS, type OrderStatus } from '@common/order-status';
import { formatMoney, type Cents } from '@common/money';
import type { RefundState } from '@common/refund';
import type { Db, Tx } from '../../db/client';
import { enqueue } from '../../lib/outbox';
import { notifications, orders, refunds } from '../../db/schema';
import { returnStock, moveOrders } from '../orders';
import { readSetting } from '../settings';
import { moveMoney } from '../wallet';
import { idOf, oneLine, OperatorError, operatorName } from '../operator';
import { operatorView, refundRows, type FoundRefund, type OperatorRefund } from './operator-list';

/**
 * The operator's decisions on refund requests, one service each, by order id: `approveRefund`,
 * `refuseRefund` and `receiveRefund`. Each locks the refund's row first, so an approval and a
 * refusal at the same moment queue: the first decides, the second finds the refund decided and is
 * refused with `operator.refundDecided`. Money moves once: the credit is a ledger entry `refund`
 * keyed `refund:<refund id>`.
 */
export interface DecideParams {
  orderId: number;
  operator: string;
}

export interface RefundDecided {
  refund: OperatorRefund;
  /** The shopper's balance after the credit, in cents; null when nothing was credited. */
  balance: Cents | null;
}

const STATE_WORDS: Record<RefundState, string> = {
  applying: 'waiting for a decision',
  waitingGoods: 'approved, waiting for the goods to come back',
  refunding: 'approved, the goods on their way back',
  refunded: 'refunded',
  refused: 'refused',
};

/** Locks the order's refund and answers it, or refuses an order without one. */
async function lockRefund(tx: Tx, orderId: number): Promise<FoundRefund> {
  const [found] = await refundRows(tx).where(eq(refunds.orderId, orderId)).for('update', { of: refunds });
  if (!found) throw new OperatorError('operator.refundNotFound', `Order ${orderId} has no refund request.`);
  return found;
}

const decided = (f: FoundRefund, want: string) =>
  new OperatorError(
    'operator.refundDecided',
    `The refund of order ${f.r.orderId} is already ${STATE_WORDS[f.r.status]}: it cannot be ${want}.`,
  );

/** Credits the refund (once, keyed by the refund), moves the order to refunded, returns stock if asked. */
async function payOut(tx: Tx, f: FoundRefund, operator: string, restock: boolean) {
  const { r } = f;
  const moved = await moveMoney(tx, {
    userId: r.userId,
    type: 'refund',
    balance: r.amount,
    ref: { type: 'refund', id: r.id },
    uniqueKey: `refund:${r.id}`,
    note: `order ${f.orderSn}`,
  });
  const [order] = await moveOrders(tx, {
    orderIds: [r.orderId],
    from: ORDER_STATUS.afterSale,
    to: ORDER_STATUS.refunded,
    actor: 'operator',
    note: `refund ${formatMoney(r.amount)} by ${operator}`,
  });
  if (!order) throw new Error(`order ${r.orderId} is not in after-sale`);
  if (restock) await returnStock(tx, [r.orderId], r.productIds);
  return moved.balanceAfter;
}

async function setRefund(tx: Tx, id: number, from: RefundState[], set: Partial<typeof refunds.$inferInsert>) {
  const [row] = await tx
    .update(refunds)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(refunds.id, id), inArray(refunds.status, from)))
    .returning();
  // The row is locked and was checked: the update cannot have missed it.
  if (!row) throw new Error(`refund ${id} did not move`);
  return row;
}

/**
 * Approves an applying refund. Refund only: credited at once, the order refunded, and the stock
 * returned when the order was never shipped (the goods never left). Return and refund: the shopper
 * is asked to send the goods to the return address (setting refundReturnAddress); `receiveRefund`
 * credits once they are back.
 */
export async function approveRefund(db: Db, p: DecideParams): Promise<RefundDecided> {
  const orderId = idOf('the order id', p.orderId);
  const operator = operatorName(p.operator);
  const returnAddress = await readSetting(db, 'refundReturnAddress');
  return db.transaction(async (tx) => {
    const f = await lockRefund(tx, orderId);
    if (f.r.status !== 'applying') throw decided(f, 'approved');
    const decision = { decidedBy: operator, decidedAt: new Date() };
    if (f.r.serviceType === 'return') {
      if (returnAddress === null)
        throw new OperatorError(
          'operator.noReturnAddress',
          'Set the return address first: npm run admin -- settings set refundReturnAddress \'"…"\'',
        );
      const r = await setRefund(tx, f.r.id, ['applying'], {
        ...decision,
        status: 'waitingGoods',
        returnAddress,
      });
      const told = await tx
        .insert(notifications)
        .values({
          userId: r.userId,
          kind: 'refund.returnGoods',
          params: { sn: f.orderSn },
          refType: 'order',
          refId: String(r.orderId),
        })
        .returning({ id: notifications.id });
      await enqueue(
        tx,
        'notification',
        told.map((n) => n.id),
      );
      return { refund: operatorView({ ...f, r }), balance: null };
    }
    const r = await setRefund(tx, f.r.id, ['applying'], {
      ...decision,
      status: 'refunded',
      refundedAt: new Date(),
    });
    const neverShipped = (await beforeAfterSale(tx, orderId)) === ORDER_STATUS.waitingDelivery;
    const balance = await payOut(tx, f, operator, neverShipped);
    return { refund: operatorView({ ...f, r, orderStatus: ORDER_STATUS.refunded }), balance };
  });
}

async function beforeAfterSale(tx: Tx, orderId: number): Promise<number | null> {
  const [o] = await tx
    .select({ before: orders.statusBeforeAfterSale })
    .from(orders)
    .where(eq(orders.id, orderId));
  return o?.before ?? null;
}

/** Refuses an applying refund with a reason the shopper reads: the order goes back to where it was. */
export async function refuseRefund(db: Db, p: DecideParams & { reason: string }): Promise<RefundDecided> {
  const orderId = idOf('the order id', p.orderId);
  const operator = operatorName(p.operator);
  const reason = oneLine('the reason', p.reason, 200);
  return db.transaction(async (tx) => {
    const f = await lockRefund(tx, orderId);
    if (f.r.status !== 'applying') throw decided(f, 'refused');
    const r = await setRefund(tx, f.r.id, ['applying'], {
      status: 'refused',
      refuseReason: reason,
      decidedBy: operator,
      decidedAt: new Date(),
    });
    const back = (await beforeAfterSale(tx, orderId)) as OrderStatus | null;
    if (back === null) throw new Error(`order ${orderId} has no status before after-sale`);
    const [moved] = await moveOrders(tx, {
      orderIds: [orderId],
      from: ORDER_STATUS.afterSale,
      to: back,
      actor: 'operator',
      note: `refund refused by ${operator}: ${reason}`,
      set: { statusBeforeAfterSale: null },
    });
    if (!moved) throw new Error(`order ${orderId} is not in after-sale`);
    return { refund: operatorView({ ...f, r, orderStatus: back }), balance: null };
  });
}

/**
 * The returned goods arrived: credits the refund, moves the order to refunded and returns the
 * chosen products' stock. Only for an approved return and refund (waiting for the goods, or on
 * their way back).
 */
export async function receiveRefund(db: Db, p: DecideParams): Promise<RefundDecided> {
  const orderId = idOf('the order id', p.orderId);
  const operator = operatorName(p.operator);
  return db.transaction(async (tx) => {
    const f = await lockRefund(tx, orderId);
    if (f.r.serviceType !== 'return')
      throw new OperatorError(
        'operator.refundNoReturn',
        `The refund of order ${orderId} is a refund only: no goods come back (use refund approve).`,
      );
    if (f.r.status !== 'waitingGoods' && f.r.status !== 'refunding')
      throw f.r.status === 'applying'
        ? new OperatorError('operator.refundNotApproved', `Approve the refund of order ${orderId} first.`)
        : decided(f, 'received');
    const r = await setRefund(tx, f.r.id, ['waitingGoods', 'refunding'], {
      status: 'refunded',
      refundedAt: new Date(),
    });
    const balance = await payOut(tx, f, operator, true);
    return { refund: operatorView({ ...f, r, orderStatus: ORDER_STATUS.refunded }), balance };
  });
}
