import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import { ADDRESS_TAGS, MAX_ADDRESSES } from '@common/address';
import type { AddressItem, AddressSaveBody } from '@common/schemas/address';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { addresses } from '../../db/schema';
import { AppError, NotFoundError } from '../../lib/errors';
import { countryName, isCountry, isRegionOf, regionName } from './areas';

/**
 * A shopper's shipping addresses: at most MAX_ADDRESSES, exactly one default while any exist (the
 * first one becomes it; choosing another moves it; deleting it passes it to the most recent other).
 * Every change runs in one transaction under a lock on the shopper's addresses, so concurrent calls
 * queue instead of racing; the unique partial index addresses_one_default_uq would refuse a second
 * default even if they did not.
 */
type AddressRow = typeof addresses.$inferSelect;

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

async function lockAddresses(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`address:${userId}`}, 0))`);
}

const mine = (userId: number, id: number) => and(eq(addresses.id, id), eq(addresses.userId, userId));

/** The default first, then the newest. */
export async function listAddresses(db: DbOrTx, userId: number, lang: Lang): Promise<AddressItem[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.id));
  return rows.map((row) => toAddressItem(row, lang));
}

/** One of the shopper's addresses; someone else's looks exactly like a missing one. */
export async function getAddress(db: DbOrTx, userId: number, id: number): Promise<AddressRow> {
  const [row] = await db.select().from(addresses).where(mine(userId, id));
  if (!row) throw new NotFoundError('address.notFound');
  return row;
}

/** Country a real ISO code; region one of the country's list where it has one. */
function checkArea(body: AddressSaveBody): void {
  if (!isCountry(body.country)) throw new AppError('address.countryUnknown');
  if (!isRegionOf(body.country, body.region)) throw new AppError('address.regionUnknown');
}

/** The tag as stored: one of the three kinds (whatever its case) or the shopper's own word. */
const normaliseTag = (tag: string) => {
  const kind = ADDRESS_TAGS.find((t) => t === tag.toLowerCase());
  return kind ?? tag;
};

async function clearDefault(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}

/** POST /api/user/address_add: a new address, or an edit of one of the shopper's (`id`). */
export async function saveAddress(db: Db, userId: number, body: AddressSaveBody): Promise<AddressRow> {
  checkArea(body);
  const fields = {
    addressee: body.addressee,
    mobile: body.mobile,
    country: body.country,
    region: body.region,
    detail: body.detail,
    tag: normaliseTag(body.tag),
  };
  return db.transaction(async (tx) => {
    await lockAddresses(tx, userId);
    if (body.id !== undefined) {
      const current = await getAddress(tx, userId, body.id);
      // The default stays default until another one is chosen: "not default" alone would leave none.
      const makeDefault = body.is_default === true && !current.isDefault;
      if (makeDefault) await clearDefault(tx, userId);
      const [row] = await tx
        .update(addresses)
        .set({ ...fields, ...(makeDefault ? { isDefault: true } : {}), updatedAt: sql`now()` })
        .where(mine(userId, body.id))
        .returning();
      return row;
    }
    const [{ n }] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    if (n >= MAX_ADDRESSES) throw new AppError('address.tooMany', { max: MAX_ADDRESSES });
    const isDefault = n === 0 || body.is_default === true;
    if (isDefault && n > 0) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(addresses)
      .values({ ...fields, userId, isDefault })
      .returning();
    return row;
  });
}

/** POST /api/user/address_set_default. */
export async function setDefaultAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAddresses(tx, userId);
    const current = await getAddress(tx, userId, id);
    if (current.isDefault) return;
    await clearDefault(tx, userId);
    await tx
      .update(addresses)
      .set({ isDefault: true, updatedAt: sql`now()` })
      .where(mine(userId, id));
  });
}

/** GET /api/user/address_del: deleting the default passes it to the most recent other address. */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAddresses(tx, userId);
    const [removed] = await tx.delete(addresses).where(mine(userId, id)).returning();
    if (!removed) throw new NotFoundError('address.notFound');
    if (!removed.isDefault) return;
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.userId, userId), ne(addresses.id, id)))
      .orderBy(desc(addresses.id))
      .limit(1);
    if (next)
      await tx
        .update(addresses)
        .set({ isDefault: true, updatedAt: sql`now()` })
        .where(eq(addresses.id, next.id));
  });
}
