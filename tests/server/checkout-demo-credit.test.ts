import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, users } from '../../server/db/schema';
import { DEMO_ACCOUNT, seedDemoShopper } from '../../server/demo/seed';
import { verifyPayPin } from '../../server/lib/pay-pins';
import { createTestApp } from '../support/app';
import { checkoutApp, moneyOf } from './checkout-fixture';
import { useApp } from '../support/use-app';

const t = useApp(() => checkoutApp());

describe('the demo shopper starts with $10,000.00 as a ledger entry', () => {
  it('a demo shopper made before payments existed gets its credit and payment password on the next start', async () => {
    const older = await createTestApp();
    try {
      // What the first starts left: the account, no payment password, a balance of zero.
      await older.database.db.insert(users).values({ account: 'demo', isDemo: true });
      const id = await seedDemoShopper(older.database.db);
      expect(await moneyOf(older, id)).toMatchObject({
        balance: 1_000_000,
        ledgerBalance: 1_000_000,
        entries: 1,
      });
      const [demo] = await older.database.db.select().from(users).where(eq(users.id, id));
      expect(demo.payPasswordHash).not.toBeNull();
    } finally {
      await older.close();
    }
  });

  it('one demo_credit entry, the balance exactly its sum, and a payment password to pay with', async () => {
    const id = await seedDemoShopper(t.database.db);
    expect(await moneyOf(t, id)).toEqual({
      balance: 1_000_000,
      frozen: 0,
      ledgerBalance: 1_000_000,
      ledgerFrozen: 0,
      entries: 1,
    });
    const [entry] = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, id));
    expect(entry).toMatchObject({
      type: 'demo_credit',
      balanceChange: 1_000_000,
      balanceAfter: 1_000_000,
      uniqueKey: 'demo:credit',
    });
    const [demo] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(demo.isDemo).toBe(true);
    expect(await verifyPayPin(id, DEMO_ACCOUNT.payPassword, demo.payPasswordHash)).toBe(true);
  });

  it('seeding again credits nothing more, also several at once', async () => {
    const ids = await Promise.all([1, 2, 3].map(() => seedDemoShopper(t.database.db)));
    expect(new Set(ids).size).toBe(1);
    expect(await moneyOf(t, ids[0])).toMatchObject({ balance: 1_000_000, entries: 1 });
  });

  it('a new shopper starts at zero, with no ledger entry', async () => {
    const s = await t.register('newcomer');
    expect(await moneyOf(t, s.id)).toEqual({
      balance: 0,
      frozen: 0,
      ledgerBalance: 0,
      ledgerFrozen: 0,
      entries: 0,
    });
  });
});
