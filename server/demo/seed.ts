import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { seedCatalog } from './catalog-seed';
import { seedNetworks } from './networks-seed';

/** The demo shopper (account "demo", password "demo123"), marked as demo data. */
export const DEMO_ACCOUNT = { account: 'demo', password: 'demo123' };

/** Loads demo data on first start (catalogue, shopper, crypto networks); running it again changes nothing. */
export async function seedDemo(db: Db): Promise<void> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.account}) = ${DEMO_ACCOUNT.account}`);
  if (!existing) {
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
  }
  // One process at a time (several may start together behind a load balancer).
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('seed:catalog', 0))`);
    await seedCatalog(tx);
    await seedNetworks(tx);
  });
}
