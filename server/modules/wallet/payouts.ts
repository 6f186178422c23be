import { and, count, desc, eq } from 'drizzle-orm';
import type { PayoutMethod } from '@common/schemas/wallet-withdraw';
import type { DbOrTx } from '../../db/client';
import { networks, payoutMethods } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { payoutView, type PayoutRow } from './records';
import { encryptCard, fingerprint } from '../../lib/wallet-key';

/** Saved payout methods a shopper keeps at most; past it a new destination is used but not saved. */
export const MAX_PAYOUT_METHODS = 20;

/** The shopper's saved payout methods with their networks' names (payout_methods_user_idx). */
export const payoutListQuery = (db: DbOrTx, userId: number) =>
  db
    .select({ method: payoutMethods, networkName: networks.name })
    .from(payoutMethods)
    .leftJoin(networks, eq(networks.id, payoutMethods.networkId))
    .where(eq(payoutMethods.userId, userId))
    .orderBy(desc(payoutMethods.id));

/** The shopper's saved payout methods, newest first (one query). */
export async function listPayouts(db: DbOrTx, userId: number): Promise<PayoutMethod[]> {
  const rows = await payoutListQuery(db, userId);
  return rows.map((r) => payoutView({ ...r.method, networkName: r.networkName }));
}

/** One of the shopper's own methods; another shopper's looks exactly like none. */
export async function ownPayout(db: DbOrTx, userId: number, id: number): Promise<PayoutRow> {
  const [row] = await db
    .select()
    .from(payoutMethods)
    .where(and(eq(payoutMethods.id, id), eq(payoutMethods.userId, userId)));
  if (!row) throw new NotFoundError('wallet.payoutNotFound');
  return row;
}

/** Deletes one of the shopper's methods (withdrawals made to it keep their own copy). */
export async function deletePayout(db: DbOrTx, userId: number, id: number): Promise<PayoutMethod[]> {
  const gone = await db
    .delete(payoutMethods)
    .where(and(eq(payoutMethods.id, id), eq(payoutMethods.userId, userId)))
    .returning({ id: payoutMethods.id });
  if (gone.length === 0) throw new NotFoundError('wallet.payoutNotFound');
  return listPayouts(db, userId);
}

export type NewDestination =
  | { type: 'bank'; bankName: string; holder: string; cardDigits: string }
  | { type: 'chain'; networkId: number; address: string };

/** What names a destination, whatever its spelling: the card's digits, or the network and address. */
export const destinationFingerprint = (d: NewDestination): string =>
  fingerprint(d.type === 'bank' ? `bank:${d.cardDigits}` : `chain:${d.networkId}:${d.address}`);

/**
 * Saves a destination the shopper withdrew to (a card with its number encrypted), or finds the one
 * already saved: the same card again updates its bank and holder names. Answers the method's id,
 * or null when the shopper already keeps MAX_PAYOUT_METHODS.
 */
export async function savePayout(db: DbOrTx, userId: number, d: NewDestination): Promise<number | null> {
  const fp = destinationFingerprint(d);
  const [existing] = await db
    .select({ id: payoutMethods.id })
    .from(payoutMethods)
    .where(and(eq(payoutMethods.userId, userId), eq(payoutMethods.fingerprint, fp)));
  if (existing) {
    if (d.type === 'bank')
      await db
        .update(payoutMethods)
        .set({ bankName: d.bankName, holder: d.holder })
        .where(eq(payoutMethods.id, existing.id));
    return existing.id;
  }
  const [{ n }] = await db.select({ n: count() }).from(payoutMethods).where(eq(payoutMethods.userId, userId));
  if (Number(n) >= MAX_PAYOUT_METHODS) return null;
  const values =
    d.type === 'bank'
      ? {
          bankName: d.bankName,
          holder: d.holder,
          cardEncrypted: encryptCard(d.cardDigits),
          cardLast4: d.cardDigits.slice(-4),
        }
      : { networkId: d.networkId, address: d.address };
  const [row] = await db
    .insert(payoutMethods)
    .values({ userId, type: d.type, fingerprint: fp, ...values })
    .onConflictDoNothing({ target: [payoutMethods.userId, payoutMethods.fingerprint] })
    .returning({ id: payoutMethods.id });
  return row?.id ?? null;
}
