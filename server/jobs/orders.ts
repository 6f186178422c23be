import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ORDER_STATUS, type OrderStatus } from '../../common/order-status';
import type { Config } from '../config';
import type { Database, Db, DbOrTx, Tx } from '../db/client';
import { orders } from '../db/schema';
import { invalidateCatalog } from '../modules/catalog';
import { returnStock, moveOrders } from '../modules/orders';
import type { Job } from './runner';

/**
 * The order jobs: unpaid orders past `pay_before` are cancelled (stock returns), delivered orders
 * shipped ORDER_RECEIVE_DAYS ago are received, received orders ORDER_COMPLETE_DAYS old are
 * completed. Each works from the orders' own timestamps against the database's clock, so a process
 * that was down catches up on its first run, and every process agrees on what is due. A batch is
 * claimed with `FOR UPDATE SKIP LOCKED` and moved in the same transaction by moveOrders
 * (conditional on the status), so several processes never move, or return the stock of, the same
 * order twice. Each answers how many orders it moved.
 */
export const ORDER_BATCH = 200;

export interface Sweep {
  from: OrderStatus;
  to: OrderStatus;
  /** The orders of status `from` that are due, by the database's clock. */
  due: SQL;
  /** Due orders are taken oldest first by this column (a partial index of migration 0005 each). */
  oldest: AnyPgColumn;
  /** Runs in the batch's transaction after the move, with the ids that moved. */
  after?: (tx: Tx, ids: number[]) => Promise<void>;
}

/** Unpaid orders whose time to pay has passed: cancelled, their stock returned once. */
export const expirySweep: Sweep = {
  from: ORDER_STATUS.waitingPay,
  to: ORDER_STATUS.cancelled,
  due: sql`${orders.payBefore} < now()`,
  oldest: orders.payBefore,
  after: (tx, ids) => returnStock(tx, ids),
};

/** Delivered orders shipped more than `days` ago: received. */
export const receiveSweep = (days: number): Sweep => ({
  from: ORDER_STATUS.delivered,
  to: ORDER_STATUS.received,
  due: sql`${orders.shippedAt} < now() - ${days}::int * interval '1 day'`,
  oldest: orders.shippedAt,
});

/** Received orders received more than `days` ago: completed. */
export const completeSweep = (days: number): Sweep => ({
  from: ORDER_STATUS.received,
  to: ORDER_STATUS.completed,
  due: sql`${orders.receivedAt} < now() - ${days}::int * interval '1 day'`,
  oldest: orders.receivedAt,
});

/** One batch of due orders, locked; rows another worker holds are skipped, not waited for. */
export function dueOrdersQuery(db: DbOrTx, s: Sweep, batch: number) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, s.from), s.due))
    .orderBy(asc(s.oldest))
    .limit(batch)
    .for('update', { skipLocked: true });
}

/** Moves due orders batch by batch, each batch its own transaction, until none is left. */
async function sweep(db: Db, s: Sweep, batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const ids = (await dueOrdersQuery(tx, s, batch)).map((r) => r.id);
      const moved = await moveOrders(tx, { orderIds: ids, from: s.from, to: s.to, actor: 'system' });
      if (moved.length > 0)
        await s.after?.(
          tx,
          moved.map((o) => o.id),
        );
      return { claimed: ids.length, moved: moved.length };
    });
    total += claimed.moved;
    // A short batch was the last; a full one that moved nothing would only repeat itself.
    if (claimed.claimed < batch || claimed.moved === 0) return total;
  }
}

export async function expireUnpaidOrders(db: Db, batch = ORDER_BATCH): Promise<number> {
  const moved = await sweep(db, expirySweep, batch);
  // Stock went back: product pages and lists are read again.
  if (moved > 0) invalidateCatalog(db);
  return moved;
}

export const autoReceiveOrders = (db: Db, days: number, batch = ORDER_BATCH): Promise<number> =>
  sweep(db, receiveSweep(days), batch);

export const autoCompleteOrders = (db: Db, days: number, batch = ORDER_BATCH): Promise<number> =>
  sweep(db, completeSweep(days), batch);

/** The order jobs of one server process, run every ORDER_JOB_SECONDS. */
export function orderJobs(
  database: Database,
  config: Pick<Config, 'ORDER_RECEIVE_DAYS' | 'ORDER_COMPLETE_DAYS'>,
): Job[] {
  const { db } = database;
  return [
    { name: 'expire-unpaid-orders', run: () => expireUnpaidOrders(db) },
    { name: 'auto-receive-orders', run: () => autoReceiveOrders(db, config.ORDER_RECEIVE_DAYS) },
    { name: 'auto-complete-orders', run: () => autoCompleteOrders(db, config.ORDER_COMPLETE_DAYS) },
  ];
}
