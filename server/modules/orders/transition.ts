import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { canMove, type OrderStatus } from '@common/order-status';
import { rowsOf, type Tx } from '../../db/client';
import { notifications, orderEvents, orders, ORDER_ACTORS, outbox } from '../../db/schema';

export type OrderActor = (typeof ORDER_ACTORS)[number];

/** The timestamp column each status stamps when an order enters it. */
const STAMPS: Partial<Record<OrderStatus, keyof typeof orders.$inferInsert>> = {
  1: 'paidAt',
  2: 'shippedAt',
  3: 'receivedAt',
  4: 'completedAt',
  [-1]: 'cancelledAt',
  [-2]: 'refundedAt',
};

export interface Transition {
  orderIds: number[];
  from: OrderStatus;
  to: OrderStatus;
  actor: OrderActor;
  note?: string;
  /** Further columns to set with the move (carrier and tracking number when shipping). */
  set?: Partial<typeof orders.$inferInsert>;
  /** Only orders of this shopper move (the shopper's own actions). */
  userId?: number;
  /**
   * Further writes for the moved orders in the same statement: CTEs (`name as (…)`) that read the
   * ids from `moved` (a payment queues the orders' sales and the operators' post this way).
   */
  also?: SQL[];
}

export interface Moved {
  id: number;
  userId: number;
  orderSn: string;
}

/**
 * Moves orders from one status to another, only along the allowed transitions (canMove), in the caller's
 * transaction, in one statement: a conditional UPDATE on the current status (an order that is no
 * longer `from` is simply not moved, so two racing moves cannot both happen), with an order event
 * and a notification for the shopper per moved order (kind `order`, params {sn, status, from}: the text is
 * `notify.order.<to>` with the order number, see modules/notifications/texts.ts). Answers the
 * orders that moved; the caller decides what "none moved" means.
 */
export async function moveOrders(tx: Tx, t: Transition): Promise<Moved[]> {
  if (!canMove(t.from, t.to)) throw new RangeError(`order status ${t.from} -> ${t.to} is not allowed`);
  if (t.orderIds.length === 0) return [];
  const stamp = STAMPS[t.to];
  const update = tx
    .update(orders)
    .set({
      ...t.set,
      status: t.to,
      ...(stamp ? { [stamp]: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        inArray(orders.id, t.orderIds),
        eq(orders.status, t.from),
        t.userId === undefined ? undefined : eq(orders.userId, t.userId),
      ),
    )
    .returning({ id: orders.id, userId: orders.userId, orderSn: orders.orderSn });
  // One statement: the move, and an event and a notification (queued for Telegram) for each order it moved.
  const moved = rowsOf<{ id: string | number; user_id: string | number; order_sn: string }>(
    await tx.execute(sql`
      with moved as (${update.getSQL()}),
      events as (
        insert into ${orderEvents} (order_id, from_status, to_status, actor, note)
        select id, ${t.from}::int, ${t.to}::int, ${t.actor}, ${t.note ?? ''} from moved order by id
      ),
      told as (
        insert into ${notifications} (user_id, kind, params, ref_type, ref_id)
        select user_id, 'order', jsonb_build_object('sn', order_sn, 'status', ${t.to}::int, 'from', ${t.from}::int),
          'order', id::text
        from moved order by id
        returning id
      ),
      queued as (
        insert into ${outbox} (kind, ref_id) select 'notification', id from told order by id
      )${sql.join(
        (t.also ?? []).map((cte) => sql`, ${cte}`),
        sql``,
      )}
      select id, user_id, order_sn from moved order by id`),
  );
  // `from` in the notification tells a refused refund (back to the status before) from the step itself.
  return moved.map((o) => ({ id: Number(o.id), userId: Number(o.user_id), orderSn: o.order_sn }));
}
