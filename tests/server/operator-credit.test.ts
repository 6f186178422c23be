import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { credit, debit } from '../../server/modules/wallet';
import { findShopper } from '../../server/modules/operator';
import { freshDatabase } from '../support/db';
import { addShopper, ledgerHolds, ledgerOf, operatorRefusal } from './operator-fixture';

let database: Database;
let db: Database['db'];
let ada: number;
beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
  ada = await addShopper(db, 'Ada', 7_123_456_789);
});
afterAll(() => database.close());

/** The refusal's stable code (and that it is a refusal, not a fault). */
const refusal = async (work: Promise<unknown>) => (await operatorRefusal(work)).code;

describe('finding the shopper', () => {
  it('by account name in any case, by Telegram id, and by the tg: and account: prefixes', async () => {
    for (const ref of ['Ada', 'ada', ' ADA ', '7123456789', 'tg:7123456789', 'account:ada'])
      expect((await findShopper(db, ref)).id).toBe(ada);
  });

  it("digits that are one shopper's account and another's Telegram id are ambiguous until prefixed", async () => {
    const numbered = await addShopper(db, '5550001');
    const telegram = await addShopper(db, 'tg_5550001', 5_550_001);
    expect(await refusal(findShopper(db, '5550001'))).toBe('operator.shopperAmbiguous');
    expect((await findShopper(db, 'account:5550001')).id).toBe(numbered);
    expect((await findShopper(db, 'tg:5550001')).id).toBe(telegram);
  });

  it('an unknown shopper, an empty reference or a malformed Telegram id is refused', async () => {
    expect(await refusal(findShopper(db, 'nobody'))).toBe('operator.shopperNotFound');
    expect(await refusal(findShopper(db, '999000111'))).toBe('operator.shopperNotFound');
    expect(await refusal(findShopper(db, '   '))).toBe('operator.badInput');
    expect(await refusal(findShopper(db, 'tg:abc'))).toBe('operator.badInput');
  });
});

describe('credit', () => {
  it('adds the amount through one ledger adjustment naming the operator and the reason', async () => {
    const id = await addShopper(db, 'credited');
    const done = await credit(db, {
      user: 'credited',
      amount: 1250,
      reason: 'Late delivery',
      operator: 'alice',
    });
    expect(done).toMatchObject({
      change: 1250,
      balance: 1250,
      replayed: false,
      shopper: { id, account: 'credited' },
    });
    const entries = await ledgerOf(db, id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      id: done.entryId,
      type: 'adjustment',
      balanceChange: 1250,
      balanceAfter: 1250,
      refType: 'operator',
      refId: 'alice',
      note: 'Late delivery',
      uniqueKey: `adjust:${done.requestId}`,
    });
    expect(await ledgerHolds(db, id)).toEqual({ balance: 1250, sum: 1250 });
  });

  it('finds the shopper by Telegram id too', async () => {
    const done = await credit(db, { user: '7123456789', amount: 500, reason: 'Goodwill', operator: 'alice' });
    expect(done.shopper).toEqual({ id: ada, account: 'Ada', telegramId: 7_123_456_789 });
    expect(done.balance).toBe(500);
  });

  it('moves money once per request id: a retry answers the first adjustment, one ledger entry', async () => {
    const id = await addShopper(db, 'retried');
    const params = { user: 'retried', amount: 999, reason: 'Retry', operator: 'bob', requestId: 'req-1' };
    const first = await credit(db, params);
    const again = await credit(db, params);
    expect(again).toMatchObject({ replayed: true, entryId: first.entryId, balance: 999, change: 999 });
    expect(await ledgerOf(db, id)).toHaveLength(1);
    // Another request is another credit.
    await credit(db, { ...params, requestId: 'req-2' });
    expect(await ledgerHolds(db, id)).toEqual({ balance: 1998, sum: 1998 });
  });

  it('five concurrent runs of the same request credit once', async () => {
    const id = await addShopper(db, 'five_at_once');
    const params = {
      user: 'five_at_once',
      amount: 700,
      reason: 'Race',
      operator: 'bob',
      requestId: 'race-1',
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => credit(db, params)));
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.entryId)).size).toBe(1);
    expect(await ledgerHolds(db, id)).toEqual({ balance: 700, sum: 700 });
  });

  it('a request id reused with another amount or as a debit is refused, nothing moves', async () => {
    const id = await addShopper(db, 'reused');
    const params = { user: 'reused', amount: 300, reason: 'First', operator: 'bob', requestId: 'reuse-1' };
    await credit(db, params);
    expect(await refusal(credit(db, { ...params, amount: 301 }))).toBe('operator.requestIdReused');
    expect(await refusal(debit(db, params))).toBe('operator.requestIdReused');
    expect(await ledgerHolds(db, id)).toEqual({ balance: 300, sum: 300 });
  });

  it('refuses amounts of zero, below zero, fractions, over the maximum; an empty reason; an unknown shopper', async () => {
    const id = await addShopper(db, 'refused');
    const base = { user: 'refused', amount: 100, reason: 'x', operator: 'bob' };
    for (const amount of [0, -100, 1.5, 1_000_000_001, Number.NaN])
      expect(await refusal(credit(db, { ...base, amount }))).toBe('operator.badInput');
    expect(await refusal(credit(db, { ...base, reason: '  ' }))).toBe('operator.badInput');
    expect(await refusal(credit(db, { ...base, reason: 'two\nlines' }))).toBe('operator.badInput');
    expect(await refusal(credit(db, { ...base, operator: '' }))).toBe('operator.badInput');
    expect(await refusal(credit(db, { ...base, requestId: 'has space' }))).toBe('operator.badInput');
    expect(await refusal(credit(db, { ...base, user: 'ghost' }))).toBe('operator.shopperNotFound');
    expect(await ledgerOf(db, id)).toHaveLength(0);
  });
});

describe('debit', () => {
  it('takes money with a negative adjustment, and refuses more than the balance with nothing changed', async () => {
    const id = await addShopper(db, 'debited');
    await credit(db, { user: 'debited', amount: 1000, reason: 'Start', operator: 'alice' });
    const done = await debit(db, {
      user: 'debited',
      amount: 400,
      reason: 'Credited twice',
      operator: 'alice',
    });
    expect(done).toMatchObject({ change: -400, balance: 600 });
    const [, entry] = await ledgerOf(db, id);
    expect(entry).toMatchObject({
      type: 'adjustment',
      balanceChange: -400,
      balanceAfter: 600,
      refId: 'alice',
    });

    const err = await operatorRefusal(
      debit(db, { user: 'debited', amount: 601, reason: 'Too much', operator: 'alice' }),
    );
    expect(err.code).toBe('operator.balanceShort');
    expect(err.message).toContain('$6.00');
    expect(await ledgerHolds(db, id)).toEqual({ balance: 600, sum: 600 });
    expect(await ledgerOf(db, id)).toHaveLength(2);
  });
});
