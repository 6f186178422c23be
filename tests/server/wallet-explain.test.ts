import { eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, payoutMethods, recharges, withdrawals } from '../../server/db/schema';
import { rechargeListQuery } from '../../server/modules/wallet/operator-recharges';
import { withdrawalListQuery } from '../../server/modules/wallet/operator-withdrawals';
import { billMonthsQuery, billPageQuery } from '../../server/modules/wallet/bill';
import { payoutListQuery } from '../../server/modules/wallet/payouts';
import { rechargePageQuery, withdrawalPageQuery } from '../../server/modules/wallet/records';
import { withdrawnTodayQuery } from '../../server/modules/wallet/withdraw';
import { expectIndexOrder, explainPlan } from '../support/explain';
import { useTestApp } from '../support/use-app';

/**
 * The wallet's lists are served by their indexes: each query is built by the service's own
 * builder and explained with sequential scans (and, where the order matters, sorts) made
 * unattractive, as tables this small need.
 */
const t = useTestApp();
let userId: number;
beforeAll(async () => {
  const { db } = t.database;
  const ids = [];
  for (let i = 0; i < 3; i++) ids.push((await t.register(`explain_wallet_${i}`)).id);
  for (const id of ids) {
    for (let n = 0; n < 8; n++) {
      await db.insert(recharges).values({
        userId: id,
        type: n % 2 ? 'manual' : 'card',
        amount: 1000 + n,
        status: n % 3,
        arrivalAmount: n % 3 === 1 ? 1000 : null,
      });
      await db
        .insert(withdrawals)
        .values({ userId: id, type: 'bank', amount: 1000 + n, fee: 100, status: n % 3 });
      await db.insert(ledgerEntries).values({
        userId: id,
        type: n % 2 ? 'topup' : 'payment',
        balanceChange: 100,
        balanceAfter: 100 * (n + 1),
        frozenAfter: 0,
        uniqueKey: `explain:${n}`,
      });
      await db
        .insert(payoutMethods)
        .values({ userId: id, type: 'chain', address: `addr-${n}`, fingerprint: `fp-${n}` });
    }
  }
  userId = ids[1];
  await db.execute(sql`analyze`);
});

const plan = (query: { getSQL(): SQL }, ordered = false) => explainPlan(t.database.db, query, { ordered });

const first = { page: 1, limit: 20 };

describe("the shopper's records", () => {
  it('top-ups: recharges_user_idx for all, recharges_user_status_idx by status, newest first', async () => {
    const all = await plan(rechargePageQuery(t.database.db, userId, first), true);
    expectIndexOrder(all, 'recharges_user_idx', 'recharges');
    expect(all).not.toMatch(/Seq Scan on recharges/);
    const passed = await plan(rechargePageQuery(t.database.db, userId, { ...first, status: 1 }), true);
    expectIndexOrder(passed, 'recharges_user_status_idx', 'recharges');
  });

  it('withdrawals: withdrawals_user_idx and withdrawals_user_status_idx, newest first', async () => {
    const all = await plan(withdrawalPageQuery(t.database.db, userId, first), true);
    expectIndexOrder(all, 'withdrawals_user_idx', 'withdrawals');
    const auditing = await plan(withdrawalPageQuery(t.database.db, userId, { ...first, status: 0 }), true);
    expectIndexOrder(auditing, 'withdrawals_user_status_idx', 'withdrawals');
  });

  it("today's withdrawals (the per-day limit) come from an index of the shopper's", async () => {
    const text = await plan(withdrawnTodayQuery(t.database.db, userId));
    expect(text).toMatch(/Index.* using withdrawals_user_\w*idx on withdrawals/);
    expect(text).not.toMatch(/Seq Scan/);
  });

  it('saved payout methods: payout_methods_user_idx, newest first', async () => {
    const text = await plan(payoutListQuery(t.database.db, userId), true);
    expectIndexOrder(text, 'payout_methods_user_idx', 'payout_methods');
    expect(text).not.toMatch(/Seq Scan on payout_methods/);
  });
});

describe('the bill', () => {
  it('every entry: ledger_entries_user_idx newest first; a kind: ledger_entries_user_type_idx', async () => {
    const all = await plan(billPageQuery(t.database.db, userId, first), true);
    expectIndexOrder(all, 'ledger_entries_user_idx', 'ledger_entries');
    const kind = await plan(billPageQuery(t.database.db, userId, { ...first, kind: 'payment' }), true);
    expectIndexOrder(kind, 'ledger_entries_user_type_idx', 'ledger_entries');
  });

  it("a month is read from an index of the shopper's entries", async () => {
    const text = await plan(billPageQuery(t.database.db, userId, { ...first, month: '2026-11' }));
    expect(text).toMatch(/Index.* using ledger_entries_user_(created_)?idx on ledger_entries/);
    expect(text).not.toMatch(/Seq Scan/);
  });

  it("the months that have entries are read from an index of the shopper's entries", async () => {
    const text = await plan(billMonthsQuery(t.database.db, userId));
    expect(text).toMatch(/Index.* using ledger_entries_user_(created_)?idx on ledger_entries/);
    expect(text).not.toMatch(/Seq Scan/);
  });
});

describe("the operator's lists", () => {
  it('by status: recharges_status_idx and withdrawals_status_idx, newest first', async () => {
    const tops = await plan(rechargeListQuery(t.database.db, eq(recharges.status, 0), 1, 20), true);
    expect(tops).toMatch(/Index Scan using recharges_status_idx on recharges/);
    const outs = await plan(withdrawalListQuery(t.database.db, eq(withdrawals.status, 0), 1, 20), true);
    expect(outs).toMatch(/Index Scan using withdrawals_status_idx on withdrawals/);
  });
});
