import { and, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { toAmount } from '../../../common/money';
import type { Lang } from '../../../common/languages';
import { toLang } from '../../../common/languages';
import type { ProfileBody, RegisterBody, UserInfo } from '../../../common/schemas/user';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { AppError, TooManyError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { blockedFor, hit, minutesLeft, release, reset } from '../../lib/rate-limit';
import { useAsAvatar } from '../upload/service';
import type { UserRow } from './sessions';

export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perAccount: 5,
  perAddress: 20,
};
export const PAY_LOCK = { tries: 5, minutes: 15 };

/** PostgreSQL's unique_violation; drizzle wraps the driver's error, so the code is on `cause`. */
const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' &&
  e !== null &&
  ((e as { code?: string }).code === '23505' || isUniqueViolation((e as { cause?: unknown }).cause));

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

export async function register(db: DbOrTx, body: RegisterBody, lang: Lang): Promise<UserRow> {
  const passwordHash = await hashPassword(body.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        account: body.account,
        passwordHash,
        email: body.email ?? null,
        mobile: body.mobile ?? null,
        familyName: body.familyName ?? '',
        givenName: body.givenName ?? '',
        lang,
      })
      .returning();
    return row;
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('errors.accountTaken');
    throw e;
  }
}

/**
 * Password login, limited per account and per client address (failures count). Each attempt is
 * counted before the password is checked, so concurrent guesses cannot all slip under the limit;
 * an attempt refused unchecked, or one that succeeds, is taken back.
 */
export async function login(
  db: DbOrTx,
  account: string,
  password: string,
  address: string,
): Promise<UserRow> {
  const accountKey = `login:account:${account.toLowerCase()}`;
  const addressKey = `login:address:${address}`;
  const overAccount = (await hit(db, accountKey, LOGIN_LIMITS.windowMs)) > LOGIN_LIMITS.perAccount;
  const overAddress = (await hit(db, addressKey, LOGIN_LIMITS.windowMs)) > LOGIN_LIMITS.perAddress;
  if (overAccount || overAddress) {
    const wait = Math.max(
      await blockedFor(db, accountKey, LOGIN_LIMITS.perAccount),
      await blockedFor(db, addressKey, LOGIN_LIMITS.perAddress),
    );
    await release(db, accountKey);
    await release(db, addressKey);
    throw new TooManyError('errors.tooManyLogins', { minutes: minutesLeft(wait) });
  }
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.account}) = ${account.toLowerCase()}`);
  if (!user || !(await verifyPassword(password, user.passwordHash))) {
    throw new AppError('errors.loginFailed');
  }
  await reset(db, accountKey);
  await release(db, addressKey);
  return user;
}

/** Edits the profile; a new avatar must be one of the shopper's own uploads (then marked used). */
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
 * Changes the login password; every session of the user ends (the client logs in again). Wrong
 * current passwords count against the same per-account limit as logins, so a stolen session cannot
 * guess the password without limit.
 */
export async function changePassword(db: DbOrTx, user: UserRow, oldPassword: string, newPassword: string) {
  if (user.passwordHash !== null) {
    if (!oldPassword) throw new AppError('errors.oldPasswordRequired');
    const accountKey = `login:account:${user.account.toLowerCase()}`;
    if ((await hit(db, accountKey, LOGIN_LIMITS.windowMs)) > LOGIN_LIMITS.perAccount) {
      const wait = await blockedFor(db, accountKey, LOGIN_LIMITS.perAccount);
      await release(db, accountKey);
      throw new TooManyError('errors.tooManyLogins', { minutes: minutesLeft(wait) });
    }
    if (!(await verifyPassword(oldPassword, user.passwordHash)))
      throw new AppError('errors.oldPasswordWrong');
    await release(db, accountKey);
    if (oldPassword === newPassword) throw new AppError('errors.passwordSame');
  }
  const passwordHash = await hashPassword(newPassword);
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
  await db.delete(sessions).where(eq(sessions.userId, user.id));
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

export async function changePayPassword(db: DbOrTx, user: UserRow, oldPassword: string, newPassword: string) {
  if (user.payPasswordHash !== null) {
    if (!oldPassword) throw new AppError('errors.oldPayPasswordRequired');
    await checkPayPassword(db, user.id, oldPassword);
    if (oldPassword === newPassword) throw new AppError('errors.passwordSame');
  }
  const payPasswordHash = await hashPassword(newPassword);
  await db
    .update(users)
    .set({ payPasswordHash, payFailCount: 0, payLockedUntil: null, updatedAt: new Date() })
    .where(eq(users.id, user.id));
}

export async function setLanguage(db: DbOrTx, userId: number, lang: Lang): Promise<void> {
  await db.update(users).set({ lang, updatedAt: new Date() }).where(eq(users.id, userId));
}
