import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orders, refunds } from '../../server/db/schema';
import { approveRefund, refuseRefund } from '../../server/modules/refunds';
import type { Shopper } from './checkout-fixture';
import { applyFor, askRefund, balanceOf, buyer, paidOrder, pictures, refundShop } from './refunds-fixture';
import { useApp } from '../support/use-app';

const s = useApp(refundShop);
let me: Shopper;

beforeAll(async () => {
  me = await buyer(s);
});

const refundsOf = async (orderId: number) =>
  Number(
    (await s.t.database.db.select({ n: count() }).from(refunds).where(eq(refunds.orderId, orderId)))[0].n,
  );

/** A paid order of mine with a refund asked for, and my balance while it waits for the operator. */
async function refundAsked() {
  const orderId = await paidOrder(s, me.id);
  await askRefund(s, me, orderId);
  return { orderId, before: await balanceOf(s, me.id) };
}

describe('refund: races', () => {
  it('two refund requests for one order at once (different keys): exactly one', async () => {
    const orderId = await paidOrder(s, me.id, { status: 2 });
    const [a, b] = [await pictures(s, me.token, 1), await pictures(s, me.token, 1)];
    const answers = await Promise.all([
      applyFor(s, me, { order_id: orderId, images: a }),
      applyFor(s, me, { order_id: orderId, images: b }),
    ]);
    expect(answers.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(answers.find((r) => r.code === 0)?.error).toBe('orders.refundExists');
    expect(await refundsOf(orderId)).toBe(1);
    const [row] = await s.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row.status).toBe(-4);
  });

  it('approve and refuse at once: one wins, the other hears "already decided", money moves at most once', async () => {
    for (let round = 0; round < 3; round++) {
      const { orderId, before } = await refundAsked();
      const db = s.t.database.db;
      const results = await Promise.allSettled([
        approveRefund(db, { orderId, operator: 'a' }),
        refuseRefund(db, { orderId, operator: 'b', reason: 'Refused in a race' }),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0].reason).toMatchObject({ code: 'operator.refundDecided' });
      const [row] = await db.select().from(refunds).where(eq(refunds.orderId, orderId));
      const credited = (await balanceOf(s, me.id)) - before;
      expect(credited).toBe(row.status === 'refunded' ? row.amount : 0);
      const entries = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.uniqueKey, `refund:${row.id}`));
      expect(entries).toHaveLength(row.status === 'refunded' ? 1 : 0);
    }
  });

  it('two approvals at once: credited once', async () => {
    const { orderId, before } = await refundAsked();
    const db = s.t.database.db;
    const results = await Promise.allSettled([
      approveRefund(db, { orderId, operator: 'a' }),
      approveRefund(db, { orderId, operator: 'b' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await balanceOf(s, me.id)) - before).toBe(5500);
  });
});
