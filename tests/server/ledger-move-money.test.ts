import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import {
  DuplicateMovementError,
  InsufficientBalanceError,
  moveMoney,
  type Movement,
} from '../../server/modules/wallet/ledger';
import { checkoutApp, moneyOf, shopper } from './checkout-fixture';
import { useApp } from '../support/use-app';

const t = useApp(() => checkoutApp());

let keys = 0;
const move = (m: Omit<Movement, 'uniqueKey' | 'type'> & Partial<Movement>) =>
  t.database.db.transaction((tx) => moveMoney(tx, { type: 'adjustment', uniqueKey: `unit:${++keys}`, ...m }));

const entriesOf = (userId: number) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(ledgerEntries.id);

describe('moveMoney: the one place balance and frozen change', () => {
  it('changes the row and writes an entry holding what the row holds afterwards', async () => {
    const s = await shopper(t);
    const moved = await move({
      userId: s.id,
      balance: 2500,
      ref: { type: 'operator', id: 'desk' },
      note: 'welcome',
    });
    expect(moved).toMatchObject({ balanceAfter: 2500, frozenAfter: 0 });
    const held = await move({ userId: s.id, type: 'withdraw_hold', balance: -1000, frozen: 1000 });
    expect(held).toMatchObject({ balanceAfter: 1500, frozenAfter: 1000 });
    const entries = await entriesOf(s.id);
    expect(
      entries.map((e) => [e.type, e.balanceChange, e.frozenChange, e.balanceAfter, e.frozenAfter]),
    ).toEqual([
      ['adjustment', 2500, 0, 2500, 0],
      ['withdraw_hold', -1000, 1000, 1500, 1000],
    ]);
    expect(entries[0]).toMatchObject({
      id: moved.entryId,
      refType: 'operator',
      refId: 'desk',
      note: 'welcome',
    });
    expect(await moneyOf(t, s.id)).toMatchObject({
      balance: 1500,
      frozen: 1000,
      ledgerBalance: 1500,
      ledgerFrozen: 1000,
    });
  });

  it('never takes balance or frozen below zero: the shortfall, and nothing written', async () => {
    const s = await shopper(t, { balance: 1000 });
    const before = await moneyOf(t, s.id);
    const error = await move({ userId: s.id, balance: -1250 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientBalanceError);
    expect((error as InsufficientBalanceError).shortfall).toBe(250);
    expect(
      translate('en-US', (error as InsufficientBalanceError).key, (error as InsufficientBalanceError).params),
    ).toBe(translate('en-US', 'errors.balanceShort', { shortfall: '2.50' }));
    await expect(move({ userId: s.id, balance: 0, frozen: -1 })).rejects.toBeInstanceOf(
      InsufficientBalanceError,
    );
    expect(await moneyOf(t, s.id)).toEqual(before);
  });

  it('a movement whose key the shopper already has is refused and rolls back with its transaction', async () => {
    const s = await shopper(t, { balance: 1000 });
    await move({ userId: s.id, balance: -300, uniqueKey: 'pay:SAME' });
    await expect(move({ userId: s.id, balance: -300, uniqueKey: 'pay:SAME' })).rejects.toBeInstanceOf(
      DuplicateMovementError,
    );
    expect(await moneyOf(t, s.id)).toMatchObject({ balance: 700, ledgerBalance: 700, entries: 2 });
    // The key is unique per shopper, not across shoppers.
    const other = await shopper(t, { balance: 1000 });
    await move({ userId: other.id, balance: -300, uniqueKey: 'pay:SAME' });
    expect((await moneyOf(t, other.id)).balance).toBe(700);
  });

  it('refuses what is not a movement of whole cents', async () => {
    const s = await shopper(t);
    await expect(move({ userId: s.id, balance: 0 })).rejects.toBeInstanceOf(RangeError);
    await expect(move({ userId: s.id, balance: 1.5 })).rejects.toBeInstanceOf(RangeError);
    expect((await moneyOf(t, s.id)).entries).toBe(0);
  });

  it('concurrent debits: exactly as many as the balance covers go through', async () => {
    const s = await shopper(t, { balance: 1000 });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => move({ userId: s.id, balance: -300 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((x) => x.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientBalanceError);
    expect(await moneyOf(t, s.id)).toMatchObject({ balance: 100, ledgerBalance: 100, entries: 4 });
    // Every entry's balance after is the running sum.
    let running = 0;
    for (const e of await entriesOf(s.id)) {
      running += e.balanceChange;
      expect(e.balanceAfter).toBe(running);
    }
  });
});
