import { sql } from 'drizzle-orm';
import { canMove, isOrderStatus, ORDER_STATUS } from '../../common/order-status';
import type { DbOrTx } from '../../server/db/client';

/**
 * The money and stock invariants no crash or race may break, read from the database as it is.
 * Used by the crash check, the checkout bench and the property tests: each answers a list of
 * broken rules (empty when everything holds), so a failure says what broke.
 */
export interface StockSnapshot {
  products: Map<number, number>;
  specs: Map<number, number>;
}

type Row = Record<string, unknown>;
export const rows = async (db: DbOrTx, query: ReturnType<typeof sql>): Promise<Row[]> => {
  const result = (await db.execute(query)) as unknown as { rows?: Row[] } | Row[];
  return Array.isArray(result) ? result : (result.rows ?? []);
};

/** Stock of every product and spec now (taken before the run the stock rule compares with). */
export async function stockSnapshot(db: DbOrTx): Promise<StockSnapshot> {
  const products = await rows(db, sql`select id, stock from products`);
  const specs = await rows(db, sql`select id, stock from product_specs`);
  return {
    products: new Map(products.map((r) => [Number(r.id), Number(r.stock)])),
    specs: new Map(specs.map((r) => [Number(r.id), Number(r.stock)])),
  };
}

/** Only these users' rows (a property test's own shoppers), or everyone's. */
export const among = (column: ReturnType<typeof sql>, userIds?: number[]) =>
  userIds === undefined
    ? sql`true`
    : sql`${column} in (${sql.join(
        [0, ...userIds].map((id) => sql`${id}`),
        sql`, `,
      )})`;

/**
 * balance == sum(balance_change) and frozen == sum(frozen_change) for every user (or those of
 * `userIds`); nothing negative.
 */
export async function ledgerProblems(db: DbOrTx, userIds?: number[]): Promise<string[]> {
  const off = await rows(
    db,
    sql`select u.id, u.balance, u.frozen, coalesce(l.b, 0) as b, coalesce(l.f, 0) as f
        from users u left join (
          select user_id, sum(balance_change) as b, sum(frozen_change) as f from ledger_entries group by user_id
        ) l on l.user_id = u.id
        where ${among(sql`u.id`, userIds)}
          and (u.balance <> coalesce(l.b, 0) or u.frozen <> coalesce(l.f, 0) or u.balance < 0 or u.frozen < 0)`,
  );
  return off.map(
    (r) => `user ${r.id}: balance ${r.balance} frozen ${r.frozen}, ledger says ${r.b} and ${r.f}`,
  );
}

/** Stock now + units in orders that were not cancelled == stock before, for products and specs alike. */
export async function stockProblems(db: DbOrTx, before: StockSnapshot): Promise<string[]> {
  const now = await stockSnapshot(db);
  const sold = await rows(
    db,
    sql`select i.product_id, i.spec_id, sum(i.num)::int as num from order_items i
        join orders o on o.id = i.order_id where o.status <> ${ORDER_STATUS.cancelled}
        group by i.product_id, i.spec_id`,
  );
  const soldProducts = new Map<number, number>();
  const soldSpecs = new Map<number, number>();
  for (const r of sold) {
    const p = Number(r.product_id);
    soldProducts.set(p, (soldProducts.get(p) ?? 0) + Number(r.num));
    if (Number(r.spec_id) !== 0) soldSpecs.set(Number(r.spec_id), Number(r.num));
  }
  const problems: string[] = [];
  for (const [id, start] of before.products) {
    const left = now.products.get(id) ?? 0;
    if (left < 0 || left + (soldProducts.get(id) ?? 0) !== start) {
      problems.push(`product ${id}: ${left} left + ${soldProducts.get(id) ?? 0} sold != ${start}`);
    }
  }
  for (const [id, start] of before.specs) {
    const left = now.specs.get(id) ?? 0;
    if (left < 0 || left + (soldSpecs.get(id) ?? 0) !== start) {
      problems.push(`spec ${id}: ${left} left + ${soldSpecs.get(id) ?? 0} sold != ${start}`);
    }
  }
  return problems;
}

/**
 * Nothing half made: every order has items and its creation event; every paid order is covered by
 * exactly one payment entry (its group's or its own) and every payment entry by paid orders of the
 * same shopper summing to what it took.
 */
export async function orderProblems(db: DbOrTx): Promise<string[]> {
  const problems: string[] = [];
  for (const r of await rows(
    db,
    sql`select o.id from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`,
  )) {
    problems.push(`order ${r.id} has no items`);
  }
  const payments = await rows(
    db,
    sql`select l.user_id, l.ref_type, l.ref_id, -l.balance_change as paid,
          (select coalesce(sum(o.total), 0) from orders o
            where o.user_id = l.user_id and o.paid_at is not null
              and ((l.ref_type = 'order_group' and o.out_trade_no = l.ref_id
                    and not exists (select 1 from ledger_entries x where x.type = 'payment'
                      and x.ref_type = 'order' and x.ref_id = o.id::text))
                or (l.ref_type = 'order' and o.id::text = l.ref_id))) as covered
        from ledger_entries l where l.type = 'payment'`,
  );
  for (const p of payments) {
    if (Number(p.paid) !== Number(p.covered)) {
      problems.push(`payment ${p.ref_type} ${p.ref_id} took ${p.paid} but paid orders total ${p.covered}`);
    }
  }
  const unpaid = await rows(
    db,
    sql`select o.id from orders o where o.paid_at is not null and not exists (
          select 1 from ledger_entries l where l.type = 'payment' and l.user_id = o.user_id and (
            (l.ref_type = 'order' and l.ref_id = o.id::text) or (l.ref_type = 'order_group' and l.ref_id = o.out_trade_no)))`,
  );
  for (const r of unpaid) problems.push(`order ${r.id} is paid without a payment entry`);
  return problems;
}

/** Every order moved only along the allowed transitions (canMove), and its last event is its status. */
export async function statusProblems(db: DbOrTx): Promise<string[]> {
  const events = await rows(
    db,
    sql`select e.order_id, e.from_status, e.to_status, o.status from order_events e
        join orders o on o.id = e.order_id order by e.order_id, e.id`,
  );
  const problems: string[] = [];
  let current: { id: number; last: number | null; status: number } | undefined;
  const close = () => {
    if (current && current.last !== current.status) {
      problems.push(`order ${current.id}: status ${current.status} but last event to ${current.last}`);
    }
  };
  for (const e of events) {
    const id = Number(e.order_id);
    if (current?.id !== id) {
      close();
      current = { id, last: null, status: Number(e.status) };
    }
    const from = e.from_status === null ? null : Number(e.from_status);
    const to = Number(e.to_status);
    const ok =
      from === null
        ? current.last === null && to === ORDER_STATUS.waitingPay
        : from === current.last && isOrderStatus(from) && isOrderStatus(to) && canMove(from, to);
    if (!ok) problems.push(`order ${id}: ${from} -> ${to} after ${current.last}`);
    current.last = to;
  }
  close();
  return problems;
}

export async function allProblems(db: DbOrTx, before: StockSnapshot): Promise<string[]> {
  return [
    ...(await ledgerProblems(db)),
    ...(await stockProblems(db, before)),
    ...(await orderProblems(db)),
    ...(await statusProblems(db)),
  ];
}
