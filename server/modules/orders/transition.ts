import { and, eq, sql, type SQL } from 'drizzle-orm';
import { canMove, type OrderStatus } from '@common/order-status';
import { rowsOf, type DbOrTx, type Tx } from '../../db/client';
import { arrayParam, sqlStatement } from '../../db/statement';
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
  assertAllowed(t);
  if (t.orderIds.length === 0) return [];
  const userId = t.userId === undefined ? undefined : sql`${t.userId}`;
  return movedOf(rowsOf(await tx.execute(transitionSql(tx, t, sql`${arrayParam(t.orderIds)}`, userId))));
}

/** Only along the allowed transitions (canMove): anything else is a bug of the caller's. */
function assertAllowed({ from, to }: Pick<Transition, 'from' | 'to'>): void {
  if (!canMove(from, to)) throw new RangeError(`order status ${from} -> ${to} is not allowed`);
}

type MovedRow = { id: string | number; user_id: string | number; order_sn: string };

// `from` in the notification tells a refused refund (back to the status before) from the step itself.
const movedOf = (rows: MovedRow[]): Moved[] =>
  rows.map((o) => ({ id: Number(o.id), userId: Number(o.user_id), orderSn: o.order_sn }));

/**
 * A transition's one statement (see moveOrders): the move, and an event and a notification (queued
 * for Telegram) for each order it moved. `ids` is the orders' ids as one array value.
 */
function transitionSql(
  db: DbOrTx,
  t: Omit<Transition, 'orderIds' | 'userId'>,
  ids: SQL,
  userId: SQL | undefined,
): SQL {
  const stamp = STAMPS[t.to];
  const setColumns = {
    ...t.set,
    status: t.to,
    ...(stamp ? { [stamp]: sql`now()` } : {}),
    updatedAt: sql`now()`,
  };
  const update = db
    .update(orders)
    .set(setColumns)
    .where(
      and(
        sql`${orders.id} = any(${ids}::bigint[])`,
        eq(orders.status, t.from),
        userId === undefined ? undefined : sql`${orders.userId} = ${userId}`,
      ),
    )
    .returning({ id: orders.id, userId: orders.userId, orderSn: orders.orderSn });
  return sql`
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
      select id, user_id, order_sn from moved order by id`;
}

/**
 * A transition run often in one shape (a payment's), as a statement built once: every run moves
 * `orderIds` (arrayParam) of `userId`, and fills in the placeholders of `t.also` from `values`.
 */
export function transitionStatement<V extends object = Record<string, never>>(
  t: Omit<Transition, 'orderIds' | 'userId'>,
) {
  assertAllowed(t);
  const run = sqlStatement<V & { orderIds: string; userId: number }, MovedRow>((db) =>
    transitionSql(db, t, sql`${sql.placeholder('orderIds')}`, sql`${sql.placeholder('userId')}`),
  );
  return async (tx: Tx, values: V & { orderIds: number[]; userId: number }): Promise<Moved[]> =>
    movedOf(await run(tx, { ...values, orderIds: arrayParam(values.orderIds) }));
}
