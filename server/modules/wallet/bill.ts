import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { toAmount } from '../../../common/money';
import { paths } from '../../../common/paths';
import type { BillAnswer, BillEntry, BillQuery } from '../../../common/schemas/wallet';
import type { LedgerType } from '../../../common/wallet';
import type { Db, DbOrTx } from '../../db/client';
import { ledgerEntries, orders, users } from '../../db/schema';

/**
 * The bill (GET /api/user/bill): every ledger entry of the shopper, newest first, by kind and by
 * month (UTC), each with what it refers to and the Mini App path that opens it. A page is three
 * queries at most: the entries, the total (with the wallet), and the orders the page names.
 */
const KINDS_OF: Partial<Record<string, LedgerType[]>> = { topup: ['topup', 'card_topup'] };

/** [first moment, first moment of the next month) of "2026-11", in UTC. */
function monthRange(month: string): [Date, Date] {
  const [y, m] = month.split('-').map(Number);
  return [new Date(Date.UTC(y, m - 1, 1)), new Date(Date.UTC(y, m, 1))];
}

type Entry = typeof ledgerEntries.$inferSelect;

function refOf(e: Entry, orderSns: Map<string, string>, groups: Map<string, number[]>): BillEntry['ref'] {
  if (!e.refId) return null;
  switch (e.refType) {
    case 'order':
      return {
        type: 'order',
        id: e.refId,
        label: orderSns.get(e.refId) ?? `#${e.refId}`,
        link: orderSns.has(e.refId) ? paths.orderInfo.href(e.refId) : null,
      };
    case 'order_group': {
      const ids = groups.get(e.refId) ?? [];
      // One order: its page; several (a checkout across shops): the orders list.
      const link =
        ids.length === 1 ? paths.orderInfo.href(ids[0]) : ids.length ? paths.myPurchases.href() : null;
      return { type: 'order_group', id: e.refId, label: e.refId, link };
    }
    case 'recharge':
      return {
        type: 'recharge',
        id: e.refId,
        label: `#${e.refId}`,
        link: `${paths.topUpRecord.href()}?id=${e.refId}`,
      };
    case 'withdrawal':
      return {
        type: 'withdrawal',
        id: e.refId,
        label: `#${e.refId}`,
        link: `${paths.depositRecord.href()}?id=${e.refId}`,
      };
    case 'refund':
      return { type: 'refund', id: e.refId, label: `#${e.refId}`, link: null };
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
  db
    .select()
    .from(ledgerEntries)
    .where(billWhere(userId, q))
    .orderBy(desc(ledgerEntries.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);

export async function bill(db: Db, userId: number, q: BillQuery): Promise<BillAnswer> {
  const where = billWhere(userId, q);
  const [rows, [{ n }], [wallet]] = await Promise.all([
    billPageQuery(db, userId, q),
    db.select({ n: count() }).from(ledgerEntries).where(where),
    db.select({ balance: users.balance, frozen: users.frozen }).from(users).where(eq(users.id, userId)),
  ]);
  const orderIds = rows
    .filter((r) => r.refType === 'order' && /^\d{1,15}$/.test(r.refId ?? ''))
    .map((r) => Number(r.refId));
  const tradeNos = rows.filter((r) => r.refType === 'order_group' && r.refId).map((r) => r.refId!);
  const named =
    orderIds.length || tradeNos.length
      ? await db
          .select({ id: orders.id, orderSn: orders.orderSn, outTradeNo: orders.outTradeNo })
          .from(orders)
          .where(
            and(
              eq(orders.userId, userId),
              sql`(${orderIds.length ? inArray(orders.id, orderIds) : sql`false`} or ${tradeNos.length ? inArray(orders.outTradeNo, tradeNos) : sql`false`})`,
            ),
          )
      : [];
  const orderSns = new Map(
    named.filter((o) => orderIds.includes(o.id)).map((o) => [String(o.id), o.orderSn]),
  );
  const groups = new Map<string, number[]>();
  for (const o of named)
    if (tradeNos.includes(o.outTradeNo))
      groups.set(o.outTradeNo, [...(groups.get(o.outTradeNo) ?? []), o.id]);
  return {
    list: rows.map((e) => ({
      id: e.id,
      kind: e.type,
      amount: toAmount(e.balanceChange),
      frozenAmount: toAmount(e.frozenChange),
      balanceAfter: toAmount(e.balanceAfter),
      frozenAfter: toAmount(e.frozenAfter),
      note: e.note,
      ref: refOf(e, orderSns, groups),
      createdAt: e.createdAt.toISOString(),
    })),
    total: Number(n),
    page: q.page,
    limit: q.limit,
    balance: toAmount(wallet.balance),
    frozen: toAmount(wallet.frozen),
  };
}
