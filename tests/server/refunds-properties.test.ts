import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { toAmount } from '../../common/money';
import { orders, refunds, users } from '../../server/db/schema';
import { approveRefund, receiveRefund, refuseRefund } from '../../server/modules/refunds';
import { moveMoney } from '../../server/modules/wallet/ledger';
import { type Shopper } from './checkout-fixture';
import { applyFor, buyer, paidOrder, pictures, refundShop } from './refunds-fixture';
import { useApp } from '../support/use-app';

/**
 * Money properties of refunds over random sequences of what shoppers and the operator do with them:
 * apply (any amount, some or all products, refund only or return), name the return parcel, approve,
 * refuse, received, each of them repeated or out of turn. Orders are paid through the ledger. After
 * EVERY step:
 *   - each shopper's balance == the sum of their ledger, never negative;
 *   - what was refunded for an order never exceeds what was paid for it, and is credited once
 *     (at most one refund entry per refund, exactly one for a refunded refund, none otherwise);
 *   - an order is refunded (-2) exactly when its refund is; a refused one is back to where it was.
 */
const RUNS = 12;

const s = useApp(refundShop);
let shoppers: Shopper[];
let pays = 0;
/** Refund rows the invariants looked at: the property must have seen some. */
let checked = 0;

beforeAll(async () => {
  shoppers = [await buyer(s), await buyer(s)];
});

async function paidThroughLedger(who: Shopper, status: 1 | 2 | 3): Promise<number> {
  const orderId = await paidOrder(s, who.id, { status, discount: 700 });
  const [o] = await s.t.database.db.select().from(orders).where(eq(orders.id, orderId));
  // The operator first credits what the order costs: however many orders a sequence makes, the
  // shopper can pay them (else the payment, not a refund, would fail).
  await s.t.database.db.transaction(async (tx) => {
    await moveMoney(tx, {
      userId: who.id,
      type: 'adjustment',
      balance: o.total,
      uniqueKey: `prop-credit:${++pays}`,
    });
    await moveMoney(tx, {
      userId: who.id,
      type: 'payment',
      balance: -o.total,
      ref: { type: 'order', id: orderId },
      uniqueKey: `prop-pay:${pays}`,
    });
  });
  return orderId;
}

async function checkInvariants(): Promise<void> {
  const db = s.t.database.db;
  const money = await db
    .select({
      id: users.id,
      balance: users.balance,
      ledger: sql<string>`coalesce((select sum(balance_change) from ledger_entries l where l.user_id = users.id), 0)`,
    })
    .from(users);
  for (const u of money) {
    expect(u.balance).toBeGreaterThanOrEqual(0);
    expect(u.balance, `user ${u.id}: balance == ledger`).toBe(Number(u.ledger));
  }
  const rows = await db
    .select({
      order_id: refunds.orderId,
      total: orders.total,
      order_status: orders.status,
      refund_status: refunds.status,
      amount: refunds.amount,
      entries: sql<number>`(select count(*)::int from ledger_entries l where l.unique_key = 'refund:' || ${refunds.id})`,
      credited: sql<number>`(select coalesce(sum(balance_change), 0)::int from ledger_entries l where l.type = 'refund' and l.ref_id = ${refunds.id}::text)`,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId));
  checked += rows.length;
  for (const r of rows) {
    expect(r.amount, `order ${r.order_id}: refund <= paid`).toBeLessThanOrEqual(r.total);
    expect(Number(r.credited)).toBeLessThanOrEqual(r.total);
    const refunded = r.refund_status === 'refunded';
    expect(Number(r.entries), `order ${r.order_id}: credited once`).toBe(refunded ? 1 : 0);
    expect(Number(r.credited)).toBe(refunded ? r.amount : 0);
    expect(r.order_status === -2, `order ${r.order_id}: refunded together`).toBe(refunded);
    if (r.refund_status === 'refused') expect([1, 2, 3]).toContain(r.order_status);
    else expect([-4, -2]).toContain(r.order_status);
  }
}

const step = fc.record({
  who: fc.integer({ min: 0, max: 1 }),
  pick: fc.nat(),
  op: fc.constantFrom('order', 'apply', 'apply', 'parcel', 'approve', 'refuse', 'received'),
  status: fc.constantFrom(1 as const, 2 as const, 3 as const),
  type: fc.constantFrom('refund', 'return'),
  // Cents asked: often within what was paid, sometimes above it.
  cents: fc.integer({ min: 1, max: 9000 }),
  some: fc.boolean(),
});

describe('refunds: money properties over random sequences', () => {
  it('a refund never exceeds what was paid, credits once, and the ledger holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 14 }), async (steps) => {
        const made: { who: Shopper; id: number }[] = [];
        for (const st of steps) {
          const who = shoppers[st.who];
          const target = made.length ? made[st.pick % made.length] : undefined;
          if (st.op === 'order' || !target) {
            made.push({ who, id: await paidThroughLedger(who, st.status) });
          } else if (st.op === 'apply') {
            await applyFor(s, target.who, {
              order_id: target.id,
              service_type: st.type,
              amount: toAmount(st.cents),
              product_ids: st.some ? [s.lamp] : [],
              images: await pictures(s, target.who.token, 1),
            });
          } else if (st.op === 'parcel') {
            await s.t.endpoint('order.refundReturn', {
              body: { order_id: target.id, carrier: 'DHL', tracking_no: 'RT1' },
              token: target.who.token,
            });
          } else {
            const db = s.t.database.db;
            const p = { orderId: target.id, operator: 'prop' };
            const decide =
              st.op === 'approve'
                ? approveRefund(db, p)
                : st.op === 'received'
                  ? receiveRefund(db, p)
                  : refuseRefund(db, { ...p, reason: 'Property test' });
            await decide.catch((e: { code?: string }) => {
              if (!String(e.code ?? '').startsWith('operator.')) throw e;
            });
          }
          await checkInvariants();
        }
      }),
      { numRuns: RUNS },
    );
    expect(checked).toBeGreaterThan(0);
  }, 600_000);
});
