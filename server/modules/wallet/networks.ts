import { and, asc, eq } from 'drizzle-orm';
import { toAmount } from '@common/money';
import type { NetworkItem } from '@common/schemas/wallet-fields';
import { fitsAddressPattern } from '@common/wallet';
import type { DbOrTx } from '../../db/client';
import { networks } from '../../db/schema';

export type NetworkRow = typeof networks.$inferSelect;

/** A network as the shopper sees it (amounts as decimal strings). */
export const networkView = (n: NetworkRow): NetworkItem => ({
  id: n.id,
  name: n.name,
  depositAddress: n.depositAddress,
  minRecharge: toAmount(n.minRecharge),
  minWithdraw: toAmount(n.minWithdraw),
  maxWithdraw: toAmount(n.maxWithdraw),
  feeRateBps: n.feeRateBps,
  feeMin: toAmount(n.feeMin),
  addressPattern: n.addressPattern,
});

/** The networks shoppers may use, in the operator's order. */
export const enabledNetworks = (db: DbOrTx): Promise<NetworkRow[]> =>
  db.select().from(networks).where(eq(networks.enabled, true)).orderBy(asc(networks.sort), asc(networks.id));

/** An enabled network by id, or undefined (a disabled one is as absent to a shopper). */
export async function enabledNetwork(db: DbOrTx, id: number): Promise<NetworkRow | undefined> {
  const [row] = await db
    .select()
    .from(networks)
    .where(and(eq(networks.id, id), eq(networks.enabled, true)));
  return row;
}

/** Whether `address` can be an address on network `n` (common/wallet.ts: fitsAddressPattern). */
export const fitsNetwork = (n: Pick<NetworkRow, 'addressPattern'>, address: string): boolean =>
  fitsAddressPattern(n.addressPattern, address);
