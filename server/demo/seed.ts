import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ledgerEntries, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { hashPayPin } from '../lib/pay-pins';
import { DuplicateMovementError, moveMoney } from '../modules/wallet';
import { seedCatalog } from './catalog-seed';
import { seedNetworks } from './networks-seed';

/**
 * The demo shopper (account "demo", password "demo123", payment password "123456"), marked as demo
 * data. Anyone may know these passwords, so none of them can be changed (server/modules/user).
 */
export const DEMO_ACCOUNT = { account: 'demo', password: 'demo123', payPassword: '123456' };

/** The demo shopper's starting balance, $10,000.00: one ledger entry, never a write of the column. */
export const DEMO_CREDIT = { cents: 1_000_000, uniqueKey: 'demo:credit' };

/** Makes the demo shopper once, with its payment password and its demo credit; again, it changes nothing. */
export async function seedDemoShopper(db: Db): Promise<number> {
  const find = () =>
    db
      .select({ id: users.id, payPasswordHash: users.payPasswordHash })
      .from(users)
      .where(sql`lower(${users.account}) = ${DEMO_ACCOUNT.account}`);
  let [demo] = await find();
  if (!demo) {
    await db
      .insert(users)
      .values({
        account: DEMO_ACCOUNT.account,
        passwordHash: await hashPassword(DEMO_ACCOUNT.password),
        givenName: 'Demo',
        familyName: 'Shopper',
        isDemo: true,
      })
      .onConflictDoNothing();
    [demo] = await find();
  }
  // Its payment password is keyed by its id (server/lib/pay-pins.ts), so it is set once the row is
  // made; a demo shopper made before payments existed gets it here too.
  if (demo.payPasswordHash === null) {
    await db
      .update(users)
      .set({ payPasswordHash: hashPayPin(demo.id, DEMO_ACCOUNT.payPassword) })
      .where(and(eq(users.id, demo.id), isNull(users.payPasswordHash)));
  }
  const [credited] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, demo.id), eq(ledgerEntries.uniqueKey, DEMO_CREDIT.uniqueKey)));
  if (!credited) {
    try {
      await db.transaction((tx) =>
        moveMoney(tx, {
          userId: demo.id,
          type: 'demo_credit',
          balance: DEMO_CREDIT.cents,
          uniqueKey: DEMO_CREDIT.uniqueKey,
          note: 'Demo balance',
        }),
      );
    } catch (error) {
      // Another process starting at the same moment credited it first.
      if (!(error instanceof DuplicateMovementError)) throw error;
    }
  }
  return demo.id;
}

/** Loads demo data on first start; running it again changes nothing. */
export async function seedDemo(db: Db): Promise<void> {
  await seedDemoShopper(db);
  // One process at a time (several may start together behind a load balancer).
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('seed:catalog', 0))`);
    await seedCatalog(tx);
    await seedNetworks(tx);
  });
}
