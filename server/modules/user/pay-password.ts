import { and, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { ResetPayBody } from '../../../common/schemas/user';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { minutesLeft } from '../../lib/rate-limit';
import { requireFreshProof, type ProofContext } from './proof';
import type { UserRow } from './sessions';

/** Wrong payment passwords in a row before payment locks, and for how long. */
export const PAY_LOCK = { tries: 5, minutes: 15 };

/** A payment password hash made at a lower cost is replaced; best effort (the check has passed). */
async function upgradePayHash(db: DbOrTx, userId: number, stored: string, password: string) {
  try {
    const payPasswordHash = await hashPassword(password);
    await db
      .update(users)
      .set({ payPasswordHash })
      .where(and(eq(users.id, userId), eq(users.payPasswordHash, stored)));
  } catch {
    // Hashing busy: the upgrade waits for the next payment.
  }
}

/**
 * Checks a payment password. Five wrong answers in a row lock payment for 15 minutes. Each guess
 * first takes a try with a conditional update, so concurrent guesses cannot slip past the limit.
 */
export async function checkPayPassword(db: DbOrTx, userId: number, password: string): Promise<void> {
  const [slot] = await db
    .update(users)
    .set({ payFailCount: sql`${users.payFailCount} + 1` })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.payPasswordHash),
        lt(users.payFailCount, PAY_LOCK.tries),
        or(isNull(users.payLockedUntil), lte(users.payLockedUntil, sql`now()`)),
      ),
    )
    .returning({ fails: users.payFailCount, hash: users.payPasswordHash });
  if (!slot) {
    const [user] = await db
      .select({
        hash: users.payPasswordHash,
        // By the database's clock, as the lock was set.
        lockedMs: sql<string>`coalesce(extract(epoch from (${users.payLockedUntil} - now())) * 1000, 0)`,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user.hash) throw new AppError('errors.payPasswordNotSet');
    // Locked, or the try that locks it is still being checked.
    const lockedMs = Number(user.lockedMs);
    throw new AppError('errors.payLocked', {
      minutes: lockedMs > 0 ? minutesLeft(lockedMs) : PAY_LOCK.minutes,
    });
  }
  if (await verifyPassword(password, slot.hash)) {
    await db.update(users).set({ payFailCount: 0 }).where(eq(users.id, userId));
    if (slot.hash && needsRehash(slot.hash)) await upgradePayHash(db, userId, slot.hash, password);
    return;
  }
  if (slot.fails >= PAY_LOCK.tries) {
    await db
      .update(users)
      .set({
        payFailCount: 0,
        payLockedUntil: sql`now() + ${`${PAY_LOCK.minutes} minutes`}::interval`,
      })
      .where(eq(users.id, userId));
    throw new AppError('errors.payLocked', { minutes: PAY_LOCK.minutes });
  }
  throw new AppError('errors.payPasswordWrong', { left: PAY_LOCK.tries - slot.fails });
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
  const payPasswordHash = await hashPassword(body.newpassword);
  await db
    .update(users)
    .set({ payPasswordHash, payFailCount: 0, payLockedUntil: null, updatedAt: new Date() })
    .where(eq(users.id, user.id));
}
