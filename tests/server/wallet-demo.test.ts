import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { networks } from '../../server/db/schema';
import { seedDemo } from '../../server/demo/seed';
import { seedNetworks } from '../../server/demo/networks-seed';
import { configurePasswords } from '../../server/lib/passwords';
import { TEST_PASSWORD_HASH_COST } from '../../server/config';
import { fitsNetwork } from '../../server/modules/wallet/networks';
import { freshDatabase } from '../support/db';

let database: Database;
beforeAll(async () => {
  configurePasswords({ costLog2: TEST_PASSWORD_HASH_COST });
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('demo data: the crypto networks', () => {
  it('the demo shop has USDT-TRC20, USDT-ERC20 and BTC, each with a deposit address that says it is fake', async () => {
    await seedDemo(database.db);
    const rows = await database.db.select().from(networks).orderBy(asc(networks.sort));
    expect(rows.map((n) => [n.name, n.enabled])).toEqual([
      ['USDT-TRC20', true],
      ['USDT-ERC20', true],
      ['BTC', true],
    ]);
    for (const n of rows) {
      expect(n.depositAddress).toMatch(/^DEMO-.*not-a-real-address-do-not-send$/);
      // Not even the form of a real address on its network: no wallet would send to it.
      expect(fitsNetwork(n, n.depositAddress)).toBe(false);
      expect(n.addressPattern).not.toBeNull();
    }
    // A real-looking address of each network fits its pattern and no other's.
    const samples = {
      'USDT-TRC20': `T${'Qm'.repeat(16)}x`,
      'USDT-ERC20': `0x${'ab'.repeat(20)}`,
      BTC: `bc1q${'w'.repeat(38)}`,
    };
    for (const n of rows)
      for (const [name, address] of Object.entries(samples))
        expect(fitsNetwork(n, address), `${n.name} ${name}`).toBe(n.name === name);
  });

  it('loading again adds nothing and keeps what the operator changed', async () => {
    await database.db.update(networks).set({ feeRateBps: 250 });
    await seedNetworks(database.db);
    await seedDemo(database.db);
    const rows = await database.db.select().from(networks);
    expect(rows).toHaveLength(3);
    expect(rows.every((n) => n.feeRateBps === 250)).toBe(true);
  });
});
