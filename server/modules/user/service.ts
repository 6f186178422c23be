import { and, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { toAmount } from '../../../common/money';
import type { Lang } from '../../../common/languages';
import { toLang } from '../../../common/languages';
import type { ProfileBody, ResetPayBody, ResetPwdBody, UserInfo } from '../../../common/schemas/user';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { minutesLeft } from '../../lib/rate-limit';
import { limitPasswordAttempt, passwordFailed, passwordSucceeded } from './login';
import { requireFreshProof, type ProofContext } from './proof';
import { useAsAvatar } from '../upload/service';
import type { UserRow } from './sessions';

export const PAY_LOCK = { tries: 5, minutes: 15 };

export function toUserInfo(u: UserRow, counts = { unpaid: 0, undelivered: 0 }): UserInfo {
  return {
    id: u.id,
    account: u.account,
    familyName: u.familyName,
    givenName: u.givenName,
    email: u.email ?? '',
    mobile: u.mobile ?? '',
    avatar: u.avatar,
    balance: toAmount(u.balance),
    frozen: toAmount(u.frozen),
    hasPayPassword: u.payPasswordHash !== null,
    hasPassword: u.passwordHash !== null,
    lang: toLang(u.lang),
    telegramLinked: u.telegramId !== null,
    telegramName: u.telegramId === null ? '' : [u.givenName, u.familyName].filter(Boolean).join(' '),
    unpaidCount: counts.unpaid,
    undeliveredCount: counts.undelivered,
  };
}

export async function updateProfile(db: DbOrTx, user: UserRow, body: ProfileBody): Promise<UserRow> {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (body.familyName !== undefined) set.familyName = body.familyName;
  if (body.givenName !== undefined) set.givenName = body.givenName;
  if (body.email !== undefined) set.email = body.email;
  if (body.mobile !== undefined) set.mobile = body.mobile;
  if (body.avatar !== undefined) set.avatar = body.avatar;
  return db.transaction(async (tx) => {
    if (body.avatar !== undefined) await useAsAvatar(tx, user.id, body.avatar, user.avatar);
    const [row] = await tx.update(users).set(set).where(eq(users.id, user.id)).returning();
    return row;
  });
}

/**
 * Changes the login password; every session of the user ends (the client logs in again). The
 * current password is checked under the same limits as a login. A FIRST password (an account made
 * through Telegram) needs fresh proof instead, since a stolen session must not be able to add one.
 * The demo shopper's passwords never change: anyone may know them.
 */
export async function changePassword(db: DbOrTx, user: UserRow, body: ResetPwdBody, ctx: ProofContext) {
  if (user.isDemo) throw new AppError('auth.demoLocked');
  if (user.passwordHash !== null) {
    if (!body.oldpassword) throw new AppError('errors.oldPasswordRequired');
    await limitPasswordAttempt(db, user.account, ctx.address);
    if (!(await verifyPassword(body.oldpassword, user.passwordHash))) {
      await passwordFailed(db, user.account, ctx.address);
      throw new AppError('errors.oldPasswordWrong');
    }
    await passwordSucceeded(db, user.account, ctx.address);
    if (body.oldpassword === body.newpassword) throw new AppError('errors.passwordSame');
  } else {
    await requireFreshProof(db, user, body, ctx);
  }
  const passwordHash = await hashPassword(body.newpassword);
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
  await db.delete(sessions).where(eq(sessions.userId, user.id));
}

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
        or(isNull(users.payLockedUntil), lte(users.payLockedUntil, new Date())),
      ),
    )
    .returning({ fails: users.payFailCount, hash: users.payPasswordHash });
  if (!slot) {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user.payPasswordHash) throw new AppError('errors.payPasswordNotSet');
    // Locked, or the try that locks it is still being checked.
    const lockedMs = user.payLockedUntil ? user.payLockedUntil.getTime() - Date.now() : 0;
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
      .set({ payFailCount: 0, payLockedUntil: new Date(Date.now() + PAY_LOCK.minutes * 60000) })
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

export async function setLanguage(db: DbOrTx, userId: number, lang: Lang): Promise<void> {
  await db.update(users).set({ lang, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** "Log out everywhere": every session of the user ends, in one statement. */
export async function endAllSessions(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
