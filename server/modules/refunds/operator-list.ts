import { eq, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@common/order-status';
import type { Cents } from '@common/money';
import { REFUND_STATES, type RefundState } from '@common/refund';
import type { Db, DbOrTx } from '../../db/client';
import { orders, refunds, users } from '../../db/schema';
import { newestPage } from '../../lib/paging';
import { listPage, OperatorError, type ListPage, type ListParams } from '../operator';

/**
 * Refund requests as the operator sees them: with the order's number, status and total and the
 * shopper's account, one at a time (for the decisions in operator-decide.ts) or a page of them,
 * newest first (`listRefunds`).
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
/** A refund with its order and shopper, as read by `refundRows`. */
export type FoundRefund = {
  r: typeof refunds.$inferSelect;
  orderSn: string;
  orderStatus: number;
  orderTotal: number;
  account: string;
  telegramId: number | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function operatorView(x: FoundRefund): OperatorRefund {
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

/** Refunds joined to their orders and shoppers. */
export const refundRows = (db: DbOrTx) =>
  db
    .select(columns)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(users, eq(users.id, refunds.userId));

export type ListRefundsParams = ListParams<RefundState>;
export type RefundPage = ListPage<OperatorRefund>;

/** A page of refunds, newest first (refunds_status_idx, refunds_user_idx). */
export const refundListQuery = (db: DbOrTx, where: SQL | undefined, page: number, limit: number) =>
  newestPage(refundRows(db).$dynamic(), refunds.id, where, { page, limit });

const checkStatus = (status: RefundState) => {
  if (!REFUND_STATES.includes(status))
    throw new OperatorError('operator.badInput', `the state must be one of ${REFUND_STATES.join(', ')}`);
};

export const listRefunds = (db: Db, p: ListRefundsParams = {}): Promise<RefundPage> =>
  listPage(
    db,
    p,
    { table: refunds, status: refunds.status, userId: refunds.userId, checkStatus },
    (where, page, limit) => refundListQuery(db, where, page, limit),
    operatorView,
  );
