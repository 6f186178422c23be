import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { toAmount } from '@common/money';
import { paths } from '@common/paths';
import type { BillAnswer, BillEntry, BillQuery } from '@common/schemas/wallet-bill';
import type { LedgerType } from '@common/wallet';
import type { Db, DbOrTx } from '../../db/client';
import { ledgerEntries, orders, refunds, users } from '../../db/schema';
import { newestPage } from '../../lib/paging';

/**
 * The bill (GET /api/user/bill): every ledger entry of the shopper, newest first, by kind and by
 * month (UTC), each named as the shopper knows it (an order by its order number, a refund by its
 * order's) with the Mini App path that opens it. A page is four queries at most: the entries, the
 * total, the wallet with the months that have entries, and the orders the page names.
 */
const KINDS_OF: Partial<Record<string, LedgerType[]>> = {
  topup: ['topup', 'card_topup'],
  withdraw: ['withdraw_hold', 'withdraw_paid', 'withdraw_return'],
  adjustment: ['adjustment', 'demo_credit'],
};

/** At most this many months are offered to the month filter (ten years of a monthly shopper). */
const MONTHS_SHOWN = 120;

/** [first moment, first moment of the next month) of "2026-11", in UTC. */
function monthRange(month: string): [Date, Date] {
  const [y, m] = month.split('-').map(Number);
  return [new Date(Date.UTC(y, m - 1, 1)), new Date(Date.UTC(y, m, 1))];
}

type Entry = typeof ledgerEntries.$inferSelect;

/** The orders a page of entries names: by id (payments, refunds) and by checkout number. */
interface Named {
  /** Order id -> its order number. */
  sns: Map<string, string>;
  /** Checkout number -> its orders' ids and numbers, oldest first. */
  groups: Map<string, { id: number; sn: string }[]>;
  /** Refund id -> its order. */
  refunds: Map<string, { id: number; sn: string }>;
}

function refOf(e: Entry, named: Named): BillEntry['ref'] {
  if (!e.refId) return null;
  switch (e.refType) {
    case 'order': {
      const sn = named.sns.get(e.refId);
      return {
        type: 'order',
        id: e.refId,
        label: sn ?? `#${e.refId}`,
        link: sn ? paths.orderInfo.href(e.refId) : null,
      };
    }
    case 'order_group': {
      // One order: its number and page; several (a checkout across shops): the first one's
      // number with how many more, and the orders list.
      const group = named.groups.get(e.refId) ?? [];
      if (!group.length) return { type: 'order_group', id: e.refId, label: e.refId, link: null };
      const label = group.length === 1 ? group[0].sn : `${group[0].sn} +${group.length - 1}`;
      const link = group.length === 1 ? paths.orderInfo.href(group[0].id) : paths.myPurchases.href();
      return { type: 'order_group', id: e.refId, label, link };
    }
    case 'recharge':
    case 'withdrawal': {
      // The record's list, opened at the record.
      const list = e.refType === 'recharge' ? paths.topUpRecord : paths.depositRecord;
      return { type: e.refType, id: e.refId, label: `#${e.refId}`, link: `${list.href()}?id=${e.refId}` };
    }
    case 'refund': {
      const order = named.refunds.get(e.refId);
      return order
        ? { type: 'refund', id: e.refId, label: order.sn, link: paths.orderInfo.href(order.id) }
        : { type: 'refund', id: e.refId, label: `#${e.refId}`, link: null };
    }
    default:
      // An operator's adjustment: the note says why; who did it is not the shopper's business.
      return null;
  }
}

function billWhere(userId: number, q: Pick<BillQuery, 'kind' | 'month'>) {
  const kinds = q.kind === undefined ? undefined : (KINDS_OF[q.kind] ?? [q.kind as LedgerType]);
  const range = q.month === undefined ? undefined : monthRange(q.month);
  return and(
    eq(ledgerEntries.userId, userId),
    kinds === undefined ? undefined : inArray(ledgerEntries.type, kinds),
    range === undefined ? undefined : gte(ledgerEntries.createdAt, range[0]),
    range === undefined ? undefined : lt(ledgerEntries.createdAt, range[1]),
  );
}

/** A page of the bill (ledger_entries_user_idx, _user_type_idx, _user_created_idx). */
export const billPageQuery = (db: DbOrTx, userId: number, q: BillQuery) =>
  newestPage(db.select().from(ledgerEntries).$dynamic(), ledgerEntries.id, billWhere(userId, q), q);

const isId = (v: string | null): v is string => /^\d{1,15}$/.test(v ?? '');

/** The orders, checkouts and refunds a page of entries names, the shopper's own only. */
async function namedBy(db: Db, userId: number, rows: Entry[]): Promise<Named> {
  const of = (type: string) => rows.filter((r) => r.refType === type);
  const orderIds = of('order')
    .map((r) => r.refId)
    .filter(isId)
    .map(Number);
  const tradeNos = of('order_group')
    .map((r) => r.refId!)
    .filter(Boolean);
  const refundIds = of('refund')
    .map((r) => r.refId)
    .filter(isId)
    .map(Number);
  const [named, refunded] = await Promise.all([
    orderIds.length || tradeNos.length
      ? db
          .select({ id: orders.id, orderSn: orders.orderSn, outTradeNo: orders.outTradeNo })
          .from(orders)
          .where(
            and(
              eq(orders.userId, userId),
              sql`(${orderIds.length ? inArray(orders.id, orderIds) : sql`false`} or ${tradeNos.length ? inArray(orders.outTradeNo, tradeNos) : sql`false`})`,
            ),
          )
          .orderBy(orders.id)
      : [],
    refundIds.length
      ? db
          .select({ refundId: refunds.id, id: orders.id, sn: orders.orderSn })
          .from(refunds)
          .innerJoin(orders, eq(orders.id, refunds.orderId))
          .where(and(eq(refunds.userId, userId), inArray(refunds.id, refundIds)))
      : [],
  ]);
  const result: Named = { sns: new Map(), groups: new Map(), refunds: new Map() };
  for (const o of named) {
    if (orderIds.includes(o.id)) result.sns.set(String(o.id), o.orderSn);
    if (tradeNos.includes(o.outTradeNo))
      result.groups.set(o.outTradeNo, [
        ...(result.groups.get(o.outTradeNo) ?? []),
        { id: o.id, sn: o.orderSn },
      ]);
  }
  for (const r of refunded) result.refunds.set(String(r.refundId), { id: r.id, sn: r.sn });
  return result;
}

/** The months (UTC, "2026-11") that have entries of the shopper, newest first. */
export const billMonthsQuery = (db: DbOrTx, userId: number) =>
  db
    .selectDistinct({ month: sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM')` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(sql`1 desc`)
    .limit(MONTHS_SHOWN);

export async function bill(db: Db, userId: number, q: BillQuery): Promise<BillAnswer> {
  const where = billWhere(userId, q);
  const [rows, [{ n }], [wallet], months] = await Promise.all([
    billPageQuery(db, userId, q),
    db.select({ n: count() }).from(ledgerEntries).where(where),
    db.select({ balance: users.balance, frozen: users.frozen }).from(users).where(eq(users.id, userId)),
    billMonthsQuery(db, userId),
  ]);
  const named = await namedBy(db, userId, rows);
  return {
    list: rows.map((e) => ({
      id: e.id,
      kind: e.type,
      amount: toAmount(e.balanceChange),
      frozenAmount: toAmount(e.frozenChange),
      balanceAfter: toAmount(e.balanceAfter),
      frozenAfter: toAmount(e.frozenAfter),
      note: e.note,
      ref: refOf(e, named),
      createdAt: e.createdAt.toISOString(),
    })),
    total: Number(n),
    page: q.page,
    limit: q.limit,
    balance: toAmount(wallet.balance),
    frozen: toAmount(wallet.frozen),
    months: months.map((m) => m.month),
  };
}
