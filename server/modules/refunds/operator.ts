import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { ORDER_STATUS, type OrderStatus } from '../../../common/order-status';
import { formatMoney, type Cents } from '../../../common/money';
import { REFUND_STATES, type RefundState } from '../../../common/refund';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { notifications, orders, refunds, users } from '../../db/schema';
import { returnStock } from '../orders/stock';
import { moveOrders } from '../orders/transition';
import { readSetting } from '../settings/store';
import { moveMoney } from '../wallet/ledger';
import { findShopper, idOf, oneLine, OperatorError, operatorName, pageOf } from '../operator';

/**
 * The operator's decisions on refund requests (issue 11, DESIGN section 5), one service each, by
 * order id: `approveRefund`, `refuseRefund`, `receiveRefund`, and `listRefunds`. Each locks the
 * refund's row first, so an approval and a refusal at the same moment queue: the first decides,
 * the second finds the refund decided and is refused with `operator.refundDecided`. Money moves
 * once: the credit is a ledger entry `refund` keyed `refund:<refund id>`.
 */
export interface OperatorRefund {
  id: number;
  orderId: number;
  orderSn: string;
  orderStatus: OrderStatus;
  shopper: { id: number; account: string; telegramId: number | null };
  status: RefundState;
  serviceType: 'refund' | 'return';
  receivingStatus: 'received' | 'notReceived';
  amount: Cents;
  orderTotal: Cents;
  productIds: number[];
  reasonType: string;
  explain: string;
  /** The proof pictures' files under DATA_DIR ("evidence/2026-11/<file>.webp"). */
  imageFiles: string[];
  returnAddress: string | null;
  returnCarrier: string | null;
  returnTrackingNo: string | null;
  refuseReason: string | null;
  decidedBy: string | null;
  /** ISO times. */
  createdAt: string;
  decidedAt: string | null;
  refundedAt: string | null;
}

const columns = {
  r: refunds,
  orderSn: orders.orderSn,
  orderStatus: orders.status,
  orderTotal: orders.total,
  account: users.account,
  telegramId: users.telegramId,
};
type Found = {
  r: typeof refunds.$inferSelect;
  orderSn: string;
  orderStatus: number;
  orderTotal: number;
  account: string;
  telegramId: number | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function view(x: Found): OperatorRefund {
  const { r } = x;
  return {
    id: r.id,
    orderId: r.orderId,
    orderSn: x.orderSn,
    orderStatus: x.orderStatus as OrderStatus,
    shopper: { id: r.userId, account: x.account, telegramId: x.telegramId },
    status: r.status,
    serviceType: r.serviceType,
    receivingStatus: r.receivingStatus,
    amount: r.amount,
    orderTotal: x.orderTotal,
    productIds: r.productIds,
    reasonType: r.reasonType,
    explain: r.explain,
    imageFiles: r.images.map((p) => p.slice(1)),
    returnAddress: r.returnAddress,
    returnCarrier: r.returnCarrier,
    returnTrackingNo: r.returnTrackingNo,
    refuseReason: r.refuseReason,
    decidedBy: r.decidedBy,
    createdAt: r.createdAt.toISOString(),
    decidedAt: iso(r.decidedAt),
    refundedAt: iso(r.refundedAt),
  };
}

const joined = (db: DbOrTx) =>
  db
    .select(columns)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(users, eq(users.id, refunds.userId));

export interface ListRefundsParams {
  status?: RefundState;
  user?: string;
  page?: number;
  limit?: number;
}

export interface RefundPage {
  list: OperatorRefund[];
  total: number;
  page: number;
  limit: number;
}

/** A page of refunds, newest first (refunds_status_idx, refunds_user_idx). */
export const refundListQuery = (db: DbOrTx, where: SQL | undefined, page: number, limit: number) =>
  joined(db)
    .where(where)
    .orderBy(desc(refunds.id))
    .limit(limit)
    .offset((page - 1) * limit);

export async function listRefunds(db: Db, p: ListRefundsParams = {}): Promise<RefundPage> {
  const { page, limit } = pageOf(p);
  if (p.status !== undefined && !REFUND_STATES.includes(p.status))
    throw new OperatorError('operator.badInput', `the state must be one of ${REFUND_STATES.join(', ')}`);
  const userId = p.user === undefined ? undefined : (await findShopper(db, p.user)).id;
  const where = and(
    p.status === undefined ? undefined : eq(refunds.status, p.status),
    userId === undefined ? undefined : eq(refunds.userId, userId),
  );
  const [rows, [{ n }]] = await Promise.all([
    refundListQuery(db, where, page, limit),
    db.select({ n: count() }).from(refunds).where(where),
  ]);
  return { list: rows.map(view), total: Number(n), page, limit };
}

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
async function lockRefund(tx: Tx, orderId: number): Promise<Found> {
  const [found] = await joined(tx).where(eq(refunds.orderId, orderId)).for('update', { of: refunds });
  if (!found) throw new OperatorError('operator.refundNotFound', `Order ${orderId} has no refund request.`);
  return found;
}

const decided = (f: Found, want: string) =>
  new OperatorError(
    'operator.refundDecided',
    `The refund of order ${f.r.orderId} is already ${STATE_WORDS[f.r.status]}: it cannot be ${want}.`,
  );

/** Credits the refund (once, keyed by the refund), moves the order to refunded, returns stock if asked. */
async function payOut(tx: Tx, f: Found, operator: string, restock: boolean) {
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
      await tx.insert(notifications).values({
        userId: r.userId,
        kind: 'refund.returnGoods',
        params: { sn: f.orderSn },
        refType: 'order',
        refId: String(r.orderId),
      });
      return { refund: view({ ...f, r }), balance: null };
    }
    const r = await setRefund(tx, f.r.id, ['applying'], {
      ...decision,
      status: 'refunded',
      refundedAt: new Date(),
    });
    const neverShipped = (await beforeAfterSale(tx, orderId)) === ORDER_STATUS.waitingDelivery;
    const balance = await payOut(tx, f, operator, neverShipped);
    return { refund: view({ ...f, r, orderStatus: ORDER_STATUS.refunded }), balance };
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
    return { refund: view({ ...f, r, orderStatus: back }), balance: null };
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
    return { refund: view({ ...f, r, orderStatus: ORDER_STATUS.refunded }), balance };
  });
}
