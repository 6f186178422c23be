import type { DbOrTx } from '../db/client';
import { networks } from '../db/schema';

/**
 * The demo shop's crypto networks. Their deposit addresses are clearly fake: they say
 * so, and they fit no real network's address format, so no wallet would send funds to them.
 * Loaded with the demo catalogue; a network of the same name already there is left as it is.
 */
export const DEMO_NETWORKS = [
  {
    name: 'USDT-TRC20',
    depositAddress: 'DEMO-TRC20-not-a-real-address-do-not-send',
    addressPattern: 'T[1-9A-HJ-NP-Za-km-z]{33}',
    minRecharge: 1000,
    minWithdraw: 1000,
    maxWithdraw: 1_000_000,
    feeRateBps: 100,
    feeMin: 100,
    sort: 1,
  },
  {
    name: 'USDT-ERC20',
    depositAddress: 'DEMO-ERC20-not-a-real-address-do-not-send',
    addressPattern: '0x[0-9a-fA-F]{40}',
    minRecharge: 2000,
    minWithdraw: 2000,
    maxWithdraw: 1_000_000,
    feeRateBps: 100,
    feeMin: 500,
    sort: 2,
  },
  {
    name: 'BTC',
    depositAddress: 'DEMO-BTC-not-a-real-address-do-not-send',
    addressPattern: 'bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34}',
    minRecharge: 5000,
    minWithdraw: 5000,
    maxWithdraw: 1_000_000,
    feeRateBps: 50,
    feeMin: 1000,
    sort: 3,
  },
];

export async function seedNetworks(db: DbOrTx): Promise<void> {
  await db.insert(networks).values(DEMO_NETWORKS).onConflictDoNothing();
}
