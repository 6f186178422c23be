import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { toAmount } from '@common/money';
import { ORDER_STATUS } from '@common/order-status';
import type { PayAnswer } from '@common/schemas/order';
import { together, type Db, type DbOrTx, type Tx } from '../../db/client';
import { statement } from '../../db/statement';
import { orders, users } from '../../db/schema';
import { AppError, NotFoundError } from '../../lib/errors';
import {
  CommitThenFail,
  once,
  STORE_ANSWER,
  type Claim,
  type StoreAnswerValues,
} from '../../lib/idempotency';
import { SALES_QUEUED } from '../catalog';
import { transitionStatement } from '../orders';
import { judgePayTry, preverifyPayPassword, takePayTry, type PayProof } from '../user';
import { InsufficientBalanceError, moveMoney } from '../wallet';
import { deskPostsOfMoved } from '../../lib/desk-posts';

/**
 * Payment from the balance: POST /api/order/merPay pays every unpaid order of a checkout (its
 * out_trade_no), POST /api/user/pay one order. The payment password is hashed and compared first,
 * with no transaction open (scrypt is slow); then everything happens in ONE transaction with the
 * request's idempotency key: the orders are locked, the password's try is taken and its verdict
 * applied if the stored hash is still the one compared (a wrong one commits its counted try and
 * the lock it may set, and pays nothing), the balance is debited through the ledger (not enough:
 * the shortfall, nothing paid), the orders move to waiting delivery and are queued for the products'
 * and shops' sales (catalog/sales.ts counts them a moment later). A replay answers the first result.
 */
export type PayTarget = { kind: 'group'; outTradeNo: string } | { kind: 'order'; orderId: number };

export interface PayInput {
  userId: number;
  /** The payment password, or a device's biometric credential. */
  password: PayProof;
  /** The payment password's hash as the request's session read it (saves reading it again). */
  storedHash?: string | null;
  /** The request's Idempotency-Key. */
  key: string;
}

export interface OrderState {
  id: number;
  outTradeNo: string;
  status: number;
  total: number;
  late: boolean;
}

/** Why nothing of these orders can be paid. */
function nothingToPay(rows: OrderState[]): AppError {
  if (rows.some((r) => r.status === ORDER_STATUS.waitingPay)) return new AppError('checkout.orderExpired');
  if (rows.every((r) => r.status === ORDER_STATUS.cancelled)) return new AppError('checkout.orderCancelled');
  return new AppError('checkout.alreadyPaid');
}

/** The target's orders of the shopper in id order, locked or only read (see payTargetOrders). */
const targetOrders = (kind: PayTarget['kind'], forUpdate: boolean) =>
  statement<{ userId: number; target: string | number }, OrderState[]>((db) => {
    // Only the shopper's own orders: another's looks exactly like one that does not exist.
    const query = db
      .select({
        id: orders.id,
        outTradeNo: orders.outTradeNo,
        status: orders.status,
        total: orders.total,
        late: sql<boolean>`${orders.payBefore} <= now()`,
      })
      .from(orders)
      .where(
        and(
          eq(orders.userId, sql.placeholder('userId')),
          kind === 'group'
            ? eq(orders.outTradeNo, sql.placeholder('target'))
            : eq(orders.id, sql.placeholder('target')),
        ),
      )
      .orderBy(asc(orders.id));
    return forUpdate ? query.for('update') : query;
  });

const targetStatements = {
  group: { locked: targetOrders('group', true), read: targetOrders('group', false) },
  order: { locked: targetOrders('order', true), read: targetOrders('order', false) },
};

/**
 * The target's orders of the shopper in id order, locked for the payment (`forUpdate`, the
 * default) or only read.
 */
export function payTargetOrders(
  db: DbOrTx,
  userId: number,
  target: PayTarget,
  { forUpdate = true } = {},
): Promise<OrderState[]> {
  const statements = targetStatements[target.kind];
  return (forUpdate ? statements.locked : statements.read)(db, {
    userId,
    target: target.kind === 'group' ? target.outTradeNo : target.orderId,
  });
}

/**
 * What of these orders is due now (waiting for payment and not past their time) and its total;
 * throws why nothing is (no such order, or expired, cancelled, paid).
 */
export function dueOf(rows: OrderState[]): { payable: OrderState[]; total: number } {
  if (rows.length === 0) throw new NotFoundError('checkout.orderNotFound');
  const payable = rows.filter((r) => r.status === ORDER_STATUS.waitingPay && !r.late);
  if (payable.length === 0) throw nothingToPay(rows);
  return { payable, total: payable.reduce((sum, r) => sum + r.total, 0) };
}

/**
 * The paid orders' move, in one statement with the orders queued for the sales count and posted to
 * the operators, and (payMoveAnswered) the request's answer kept for its replays.
 */
const paidMove = (also: SQL[]) =>
  transitionStatement<Partial<StoreAnswerValues>>({
    from: ORDER_STATUS.waitingPay,
    to: ORDER_STATUS.waitingDelivery,
    actor: 'shopper',
    also: [SALES_QUEUED, deskPostsOfMoved('order'), ...also],
  });
const payMove = paidMove([]);
const payMoveAnswered = paidMove([STORE_ANSWER]);

/**
 * Pays the target's payable orders from the balance, in `tx`. `authorize` runs once the orders are
 * locked and found payable (the payment password's check; a card payment has none: the money was
 * just credited by the charge): a CommitThenFail it answers ends the payment with nothing paid.
 * `locked`: the target's orders when the caller has locked them already (payTargetOrders).
 */
export async function payOrders(
  tx: Tx,
  userId: number,
  target: PayTarget,
  authorize?: () => Promise<CommitThenFail | undefined>,
  locked?: OrderState[],
  claim?: Claim,
): Promise<PayAnswer | CommitThenFail> {
  const rows = locked ?? (await payTargetOrders(tx, userId, target));
  const { payable, total } = dueOf(rows);

  const refused = await authorize?.();
  if (refused) return refused;

  const outTradeNo = rows[0].outTradeNo;
  const orderIds = payable.map((r) => r.id);
  let balance: number;
  if (total > 0) {
    const group = target.kind === 'group';
    try {
      const moved = await moveMoney(tx, {
        userId,
        type: 'payment',
        balance: -total,
        ref: group ? { type: 'order_group', id: outTradeNo } : { type: 'order', id: target.orderId },
        uniqueKey: group ? `pay:${outTradeNo}` : `pay:order:${target.orderId}`,
      });
      balance = moved.balanceAfter;
    } catch (error) {
      // Nothing was debited (the conditional update refused); the right password still clears the tries.
      if (error instanceof InsufficientBalanceError) return new CommitThenFail(error);
      throw error;
    }
  } else {
    // Everything was discounted away: nothing to debit, and a ledger entry of nothing is refused.
    const [row] = await tx.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
    balance = row.balance;
  }
  const answer: PayAnswer = { outTradeNo, orderIds, paid: toAmount(total), balance: toAmount(balance) };
  const paid = claim
    ? await payMoveAnswered(tx, { orderIds, userId, ...claim.storing(answer) })
    : await payMove(tx, { orderIds, userId });
  // The rows are locked above, so this cannot happen; if it did, nothing may be paid (and the
  // answer stored with the move is rolled back with it).
  if (paid.length !== orderIds.length) throw new AppError('checkout.payFailed');
  return answer;
}

export async function pay(db: Db, input: PayInput, target: PayTarget): Promise<PayAnswer> {
  const scope = target.kind === 'group' ? 'checkout.payGroup' : 'checkout.payOrder';
  // The slow hashing first, outside the transaction (see preverifyPayPassword).
  const verdict =
    typeof input.password === 'string'
      ? await preverifyPayPassword(db, input.userId, input.password, input.storedHash)
      : undefined;
  return once(
    db,
    { userId: input.userId, scope, key: input.key, request: target },
    (tx, [locked, taken], claim) =>
      payOrders(
        tx,
        input.userId,
        target,
        async () => {
          try {
            await judgePayTry(tx, input.userId, input.password, verdict, taken);
            return undefined;
          } catch (error) {
            if (error instanceof AppError) return new CommitThenFail(error);
            throw error;
          }
        },
        locked,
        claim,
      ),
    // In the round trip that claims the key: the orders locked and the password's try taken (a
    // replay, and a payment that finds nothing to pay, roll the try back with the transaction).
    (tx: Tx) =>
      together([
        payTargetOrders(tx, input.userId, target),
        takePayTry(tx, input.userId, input.password, verdict),
      ]),
  );
}
