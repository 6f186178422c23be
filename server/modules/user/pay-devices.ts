import { and, desc, eq, sql } from 'drizzle-orm';
import type { AddPayDeviceBody, PayDevice } from '@common/schemas/user';
import type { DbOrTx } from '../../db/client';
import { payDevices } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { hashPayCredential, newPayCredential } from '../../lib/pay-pins';
import { checkPayPassword } from './pay-password';

/**
 * Paying with biometrics (Telegram's biometric manager). After a payment with the password, a
 * device that has Face ID or a fingerprint asks for a credential of its own, proving the password
 * once more; it keeps the credential in its biometric storage, and a later payment sends what
 * Face ID released instead of the password (checkPayPassword, under the same five tries). The
 * server keeps a keyed hash only. The shopper sees and removes devices on /security; all of them go
 * when the payment password changes (changePayPassword) or every session ends (endAllSessions).
 */

/** Issues a credential to the device (a device asking again gets a new one; the old one stops working). */
export async function addPayDevice(
  db: DbOrTx,
  userId: number,
  body: AddPayDeviceBody,
): Promise<{ credential: string }> {
  await checkPayPassword(db, userId, body.password_pay);
  const credential = newPayCredential();
  const credentialHash = hashPayCredential(credential);
  await db
    .insert(payDevices)
    .values({ userId, deviceId: body.device_id, label: body.label, credentialHash })
    .onConflictDoUpdate({
      target: [payDevices.userId, payDevices.deviceId],
      set: { label: body.label, credentialHash, createdAt: sql`now()`, lastUsedAt: null },
    });
  return { credential };
}

export async function listPayDevices(db: DbOrTx, userId: number): Promise<PayDevice[]> {
  const rows = await db
    .select({
      id: payDevices.id,
      deviceId: payDevices.deviceId,
      label: payDevices.label,
      createdAt: payDevices.createdAt,
      lastUsedAt: payDevices.lastUsedAt,
    })
    .from(payDevices)
    .where(eq(payDevices.userId, userId))
    .orderBy(desc(payDevices.createdAt), desc(payDevices.id));
  return rows.map((r) => ({
    id: r.id,
    deviceId: r.deviceId,
    label: r.label,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  }));
}

/** The device pays with the password again; another shopper's device looks absent. */
export async function removePayDevice(db: DbOrTx, userId: number, id: number): Promise<PayDevice[]> {
  const gone = await db
    .delete(payDevices)
    .where(and(eq(payDevices.id, id), eq(payDevices.userId, userId)))
    .returning({ id: payDevices.id });
  if (gone.length === 0) throw new NotFoundError();
  return listPayDevices(db, userId);
}
