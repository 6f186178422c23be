import { and, desc, eq } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import type { AddressItem } from '@common/schemas/address';
import type { DbOrTx } from '../../db/client';
import { addresses, type AddressSnapshot } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { regionName } from '../address';

export type AddressRow = typeof addresses.$inferSelect;

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
    const [row] = await db
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
    if (!row) throw new NotFoundError('checkout.addressNotFound');
    return row;
  }
  const [row] = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.id))
    .limit(1);
  return row ?? null;
}

const countryNames = new Map<Lang, Intl.DisplayNames>();

/** A country's name in `lang` from the runtime's CLDR data; the code itself if it has none. */
function countryName(code: string, lang: Lang): string {
  let names = countryNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
    countryNames.set(lang, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The address as the answers show it: a region of a country's list by its name in `lang` (the
 * address module's lists: "US-NY" reads "New York"), a region typed as free text as it is.
 */
export function toAddressItem(row: AddressRow, lang: Lang): AddressItem {
  return {
    id: row.id,
    addressee: row.addressee,
    mobile: row.mobile,
    country: row.country,
    countryName: countryName(row.country, lang),
    region: row.region,
    regionName: regionName(row.country, row.region, lang),
    detail: row.detail,
    tag: row.tag,
    isDefault: row.isDefault,
  };
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
