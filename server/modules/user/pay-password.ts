import { and, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { ResetPayBody } from '@common/schemas/user';
import type { DbOrTx } from '../../db/client';
import { statement } from '../../db/statement';
import { payDevices, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPayCredential, hashPayPin, isPayPinHash, verifyPayPin } from '../../lib/pay-pins';
import { minutesLeft } from '../../lib/rate-limit';
import { requireFreshProof, type ProofContext } from './proof';
import type { UserRow } from './sessions';

/**
 * Wrong payment passwords in a row before payment locks, and for how long. The third lock on one
 * day (the database's date) holds for `dayLockHours` instead: a guesser gets 15 tries a day, not
 * 480.
 */
export const PAY_LOCK = { tries: 5, minutes: 15, locksPerDay: 3, dayLockHours: 24 };

/** The lock's message: minutes left for a short lock, hours for the day-long one. */
function lockedError(lockedMs: number): AppError {
  if (lockedMs > PAY_LOCK.minutes * 60_000)
    return new AppError('checkout.payLockedDay', { hours: Math.max(1, Math.ceil(lockedMs / 3_600_000)) });
  return new AppError('errors.payLocked', {
    minutes: lockedMs > 0 ? minutesLeft(lockedMs) : PAY_LOCK.minutes,
  });
}

/**
 * What authorises a payment: the payment password, or the credential a device released after Face ID
 * or a fingerprint (./pay-devices.ts). Both go through checkPayPassword, under the same five tries.
 */
export type PayProof = string | { credential: string };

/** The proof a payment request carries (its schema lets through exactly one of the two). */
export const payProofOf = (body: { password_pay?: string; pay_credential?: string }): PayProof =>
  body.pay_credential !== undefined ? { credential: body.pay_credential } : (body.password_pay ?? '');

/** Whether `credential` is one a device of this shopper holds; the device's last use is noted. */
async function payDeviceMatches(db: DbOrTx, userId: number, credential: string): Promise<boolean> {
  const used = await db
    .update(payDevices)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(payDevices.userId, userId), eq(payDevices.credentialHash, hashPayCredential(credential))))
    .returning({ id: payDevices.id });
  return used.length > 0;
}

/** An earlier scrypt hash of a payment password is replaced by the keyed form (the check has passed). */
async function upgradePayHash(db: DbOrTx, userId: number, stored: string, password: string) {
  await db
    .update(users)
    .set({ payPasswordHash: hashPayPin(userId, password) })
    .where(and(eq(users.id, userId), eq(users.payPasswordHash, stored)));
}

/**
 * Checks a payment password. Five wrong answers in a row lock payment for 15 minutes, the third lock
 * of a day for 24 hours. Each guess first takes a try with a conditional update, so concurrent
 * guesses cannot slip past the limit. Run inside a payment's transaction, the caller must commit
 * what a wrong guess wrote (the try, the lock) while paying nothing (CommitThenFail).
 */
/** A payment password checked against the stored hash ahead of the transaction that relies on it. */
export interface PayPasswordVerdict {
  hash: string | null;
  ok: boolean;
}

/**
 * Verifies a payment password with no transaction open. The keyed hash takes microseconds, but an
 * earlier scrypt hash a tenth of a second or more: done inside a payment's transaction it would
 * hold a connection (on PGlite the only one) and the orders' row locks that long. checkPayPassword
 * then uses the verdict inside the transaction only if the stored hash is still the one verified,
 * and still takes the try first, so the five-tries rule holds for concurrent guesses as before.
 */
export async function preverifyPayPassword(
  db: DbOrTx,
  userId: number,
  password: string,
  /** The stored hash as the caller has just read it (the request's session); read here without it. */
  known?: string | null,
): Promise<PayPasswordVerdict> {
  let hash = known;
  if (hash === undefined) {
    const [row] = await db.select({ hash: users.payPasswordHash }).from(users).where(eq(users.id, userId));
    hash = row?.hash ?? null;
  }
  return { hash, ok: await verifyPayPin(userId, password, hash) };
}

export async function checkPayPassword(
  db: DbOrTx,
  userId: number,
  proof: PayProof,
  verdict?: PayPasswordVerdict,
): Promise<void> {
  await judgePayTry(db, userId, proof, verdict, await takePayTry(db, userId, proof, verdict));
}

/**
 * A password found right ahead of the transaction, against the hash still stored, takes its try
 * and clears the count in the same update; any other entry takes the try first.
 */
const hashClearedWithTry = (proof: PayProof, verdict: PayPasswordVerdict | undefined): string | null =>
  typeof proof === 'string' && verdict?.ok === true ? verdict.hash : null;

/** The try checkPayPassword takes: the count after it and the hash it counts against, or none (locked, unset). */
export type PayTry = { fails: number; hash: string | null } | undefined;

/** The try; `clearing` null counts it (a hash never equals null). */
const payTry = statement<{ userId: number; clearing: string | null }, NonNullable<PayTry>[]>((db) =>
  db
    .update(users)
    .set({
      payFailCount: sql`case when ${users.payPasswordHash} = ${sql.placeholder('clearing')}::text then 0
        else ${users.payFailCount} + 1 end`,
    })
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        isNotNull(users.payPasswordHash),
        lt(users.payFailCount, PAY_LOCK.tries),
        or(isNull(users.payLockedUntil), lte(users.payLockedUntil, sql`now()`)),
      ),
    )
    .returning({ fails: users.payFailCount, hash: users.payPasswordHash }),
);

/**
 * The first step of checkPayPassword on its own, for a caller that sends it together with other
 * statements (a payment, with its orders' locks): the try, taken with a conditional update. The
 * caller must then judge it (judgePayTry) in the same transaction.
 */
export async function takePayTry(
  db: DbOrTx,
  userId: number,
  proof: PayProof,
  verdict?: PayPasswordVerdict,
): Promise<PayTry> {
  const [slot] = await payTry(db, { userId, clearing: hashClearedWithTry(proof, verdict) });
  return slot;
}

/** The rest of checkPayPassword, once its try (`slot`, from takePayTry) has been taken. */
export async function judgePayTry(
  db: DbOrTx,
  userId: number,
  proof: PayProof,
  verdict: PayPasswordVerdict | undefined,
  slot: PayTry,
): Promise<void> {
  const clearing = hashClearedWithTry(proof, verdict);
  if (!slot) {
    const [user] = await db
      .select({
        hash: users.payPasswordHash,
        // By the database's clock, as the lock was set, and as of now: now() is when this statement's
        // transaction began, which may be before a lock it sees was set, and would then read more
        // than the lock's length (a 15-minute lock told as the day-long one).
        lockedMs: sql<string>`coalesce(extract(epoch from (${users.payLockedUntil} - clock_timestamp())) * 1000, 0)`,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user.hash) throw new AppError('errors.payPasswordNotSet');
    // Locked, or the try that locks it is still being checked.
    throw lockedError(Number(user.lockedMs));
  }
  const password = typeof proof === 'string' ? proof : undefined;
  const ok =
    typeof proof !== 'string'
      ? await payDeviceMatches(db, userId, proof.credential)
      : verdict !== undefined && verdict.hash === slot.hash
        ? verdict.ok
        : await verifyPayPin(userId, proof, slot.hash);
  if (ok) {
    if (clearing === null || slot.hash !== clearing)
      await db.update(users).set({ payFailCount: 0 }).where(eq(users.id, userId));
    if (password !== undefined && slot.hash && !isPayPinHash(slot.hash))
      await upgradePayHash(db, userId, slot.hash, password);
    return;
  }
  if (slot.fails >= PAY_LOCK.tries) {
    // Locks are counted per database date; the count of an earlier day starts again at 1.
    const today = sql`${users.payLockDay} = current_date`;
    const [lock] = await db
      .update(users)
      .set({
        payFailCount: 0,
        payLockCount: sql`case when ${today} then ${users.payLockCount} + 1 else 1 end`,
        payLockDay: sql`current_date`,
        payLockedUntil: sql`now() + case when ${today} and ${users.payLockCount} + 1 >= ${PAY_LOCK.locksPerDay}
          then ${`${PAY_LOCK.dayLockHours} hours`}::interval else ${`${PAY_LOCK.minutes} minutes`}::interval end`,
      })
      .where(eq(users.id, userId))
      .returning({ locks: users.payLockCount });
    if (lock.locks >= PAY_LOCK.locksPerDay)
      throw new AppError('checkout.payLockedDay', { hours: PAY_LOCK.dayLockHours });
    throw new AppError('errors.payLocked', { minutes: PAY_LOCK.minutes });
  }
  // A refused credential counts as a wrong password, and says so: the device forgets it and asks
  // for the password.
  throw new AppError(password === undefined ? 'errors.payCredentialWrong' : 'errors.payPasswordWrong', {
    left: PAY_LOCK.tries - slot.fails,
  });
}

/** Sets or changes the payment password: changing needs the old one, a FIRST one fresh proof. */
export async function changePayPassword(db: DbOrTx, user: UserRow, body: ResetPayBody, ctx: ProofContext) {
  if (user.isDemo) throw new AppError('auth.demoLocked');
  if (user.payPasswordHash !== null) {
    if (!body.oldpassword) throw new AppError('errors.oldPayPasswordRequired');
    await checkPayPassword(db, user.id, body.oldpassword);
    if (body.oldpassword === body.newpassword) throw new AppError('errors.passwordSame');
  } else {
    await requireFreshProof(db, user, body, ctx);
  }
  const payPasswordHash = hashPayPin(user.id, body.newpassword);
  // A new payment password and the end of every device's biometric payments are one change.
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ payPasswordHash, payFailCount: 0, payLockedUntil: null, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await tx.delete(payDevices).where(eq(payDevices.userId, user.id));
  });
}
