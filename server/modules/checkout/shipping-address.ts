import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { statement } from '../../db/statement';
import { addresses, type AddressSnapshot } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';

export type AddressRow = typeof addresses.$inferSelect;

const chosen = statement<{ addressId: number; userId: number }, AddressRow[]>((db) =>
  db
    .select()
    .from(addresses)
    .where(
      and(eq(addresses.id, sql.placeholder('addressId')), eq(addresses.userId, sql.placeholder('userId'))),
    ),
);

const byDefault = statement<{ userId: number }, AddressRow[]>((db) =>
  db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, sql.placeholder('userId')))
    .orderBy(desc(addresses.isDefault), desc(addresses.id))
    .limit(1),
);

/**
 * The address a checkout ships to: the one chosen (it must be the shopper's own; another's looks
 * absent), else the shopper's default; null when the shopper has none.
 */
export async function chosenAddress(
  db: DbOrTx,
  userId: number,
  addressId?: number,
): Promise<AddressRow | null> {
  if (addressId !== undefined) {
    const [row] = await chosen(db, { addressId, userId });
    if (!row) throw new NotFoundError('checkout.addressNotFound');
    return row;
  }
  const [row] = await byDefault(db, { userId });
  return row ?? null;
}

/** What an order keeps of the address (a copy: later edits do not change a placed order). */
export const addressSnapshot = (row: AddressRow): AddressSnapshot => ({
  addressee: row.addressee,
  mobile: row.mobile,
  country: row.country,
  region: row.region,
  detail: row.detail,
  tag: row.tag,
});
