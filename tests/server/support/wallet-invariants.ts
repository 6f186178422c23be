import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { among, ledgerProblems, rows } from '../../../scripts/lib/invariants';

/**
 * The wallet's invariants, read from the database as it is. Each answers the rules it finds broken
 * (empty when everything holds), so a failure says what broke. The ledger's own rule is the one the
 * crash check and the benches use (scripts/lib/invariants.ts); the others are the wallet's.
 */

/**
 * Every withdrawal's hold (amount + fee, balance to frozen) was written exactly once, and released
 * exactly once by its decision: a passed one paid out of frozen, a refused one returned to the
 * balance, an auditing one neither. No withdrawal entry refers to a withdrawal of someone else.
 */
export async function holdProblems(db: DbOrTx, userIds?: number[]): Promise<string[]> {
  const found = await rows(
    db,
    sql`select w.id, w.status, w.amount + w.fee as total,
          count(l.id) filter (where l.type = 'withdraw_hold' and l.balance_change = -(w.amount + w.fee) and l.frozen_change = w.amount + w.fee) as holds,
          count(l.id) filter (where l.type = 'withdraw_paid' and l.balance_change = 0 and l.frozen_change = -(w.amount + w.fee)) as paid,
          count(l.id) filter (where l.type = 'withdraw_return' and l.balance_change = w.amount + w.fee and l.frozen_change = -(w.amount + w.fee)) as returned,
          count(l.id) as entries
        from withdrawals w
        left join ledger_entries l on l.ref_type = 'withdrawal' and l.ref_id = w.id::text and l.user_id = w.user_id
        where ${among(sql`w.user_id`, userIds)}
        group by w.id`,
  );
  const problems: string[] = [];
  for (const r of found) {
    const [holds, paid, returned, entries] = [r.holds, r.paid, r.returned, r.entries].map(Number);
    const status = Number(r.status);
    const want = { holds: 1, paid: status === 1 ? 1 : 0, returned: status === 2 ? 1 : 0 };
    if (
      holds !== want.holds ||
      paid !== want.paid ||
      returned !== want.returned ||
      entries !== holds + paid + returned
    )
      problems.push(
        `withdrawal ${r.id} (status ${status}, total ${r.total}): ${holds} holds, ${paid} payouts, ${returned} returns, ${entries} entries`,
      );
  }
  const orphans = await rows(
    db,
    sql`select l.id from ledger_entries l where l.type in ('withdraw_hold', 'withdraw_paid', 'withdraw_return')
        and ${among(sql`l.user_id`, userIds)} and not exists (select 1 from withdrawals w where w.id::text = l.ref_id and w.user_id = l.user_id and l.ref_type = 'withdrawal')`,
  );
  for (const o of orphans)
    problems.push(`ledger entry ${o.id} moves a withdrawal's money without its withdrawal`);
  return problems;
}

/**
 * A passed top-up credited exactly its arrival amount, once (one topup or card_topup entry of its
 * shopper); an auditing or refused one credited nothing; every credit belongs to a passed top-up.
 */
export async function topUpProblems(db: DbOrTx, userIds?: number[]): Promise<string[]> {
  const found = await rows(
    db,
    sql`select r.id, r.status, r.arrival_amount,
          count(l.id) as credits, coalesce(sum(l.balance_change), 0) as credited
        from recharges r
        left join ledger_entries l on l.type in ('topup', 'card_topup') and l.ref_type = 'recharge'
          and l.ref_id = r.id::text and l.user_id = r.user_id
        where ${among(sql`r.user_id`, userIds)}
        group by r.id`,
  );
  const problems: string[] = [];
  for (const r of found) {
    const credits = Number(r.credits);
    const ok =
      Number(r.status) === 1
        ? credits === 1 && Number(r.credited) === Number(r.arrival_amount)
        : credits === 0;
    if (!ok)
      problems.push(
        `top-up ${r.id} (status ${r.status}, arrival ${r.arrival_amount}): ${credits} credits of ${r.credited}`,
      );
  }
  const orphans = await rows(
    db,
    sql`select l.id from ledger_entries l where l.type in ('topup', 'card_topup')
        and ${among(sql`l.user_id`, userIds)} and not exists (select 1 from recharges r where r.id::text = l.ref_id and r.user_id = l.user_id and l.ref_type = 'recharge')`,
  );
  for (const o of orphans) problems.push(`ledger entry ${o.id} credits a top-up that does not exist`);
  return problems;
}

export async function walletProblems(db: DbOrTx, userIds?: number[]): Promise<string[]> {
  return [
    ...(await ledgerProblems(db, userIds)),
    ...(await holdProblems(db, userIds)),
    ...(await topUpProblems(db, userIds)),
  ];
}
