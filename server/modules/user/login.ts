import { and, eq, sql } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import type { RegisterBody } from '@common/schemas/user';
import type { DbOrTx } from '../../db/client';
import { rateLimits, users } from '../../db/schema';
import { AppError, TooManyError } from '../../lib/errors';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { blockedFor, hit, minutesLeft, release, reset, takeSlot } from '../../lib/rate-limit';
import type { UserRow } from './sessions';

/**
 * Password login and registration, and the limits that keep guessing and flooding slow.
 *
 * Login failures count per (account, address) pair, which locks after a few: that locks out the
 * guesser, not the owner. Per address they lock too (one address guessing many accounts). Per
 * account there is only a much higher ceiling, beyond which attempts from addresses the account
 * has never logged in from are spaced out by a growing delay instead of locked, so the owner can
 * still log in from their own device, or through Telegram (never limited by password failures).
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perPair: 5,
  perAddress: 20,
  /** Failures per account in the window before attempts from new addresses are slowed. */
  accountCeiling: 50,
  /** The delay doubles with each failure beyond the ceiling, up to this. */
  maxDelayMs: 15 * 60 * 1000,
  /** How long an address the account logged in from counts as the owner's device. */
  knownDeviceMs: 30 * 24 * 3600 * 1000,
};

export const REGISTER_LIMITS = {
  windowMs: 60 * 60 * 1000,
  perAddress: 20,
  /** Across all addresses: bounds the hashing work and table growth a botnet can cause. */
  globalWindowMs: 10 * 60 * 1000,
  global: 300,
};

const norm = (account: string) => account.trim().toLowerCase();
export const loginKeys = (account: string, address: string) => ({
  pair: `login:pair:${norm(account)}:${address}`,
  address: `login:address:${address}`,
  account: `login:account:${norm(account)}`,
  slow: `login:slow:${norm(account)}`,
  known: `login:known:${norm(account)}:${address}`,
});

/** PostgreSQL's unique_violation; drizzle wraps the driver's error, so the code is on `cause`. */
const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' &&
  e !== null &&
  ((e as { code?: string }).code === '23505' || isUniqueViolation((e as { cause?: unknown }).cause));

const findAccount = (db: DbOrTx, account: string) =>
  db
    .select()
    .from(users)
    .where(sql`lower(${users.account}) = ${norm(account)}`);

/** Counts the attempt against the registering address and all of them; refuses beyond either limit. */
async function limitRegistration(db: DbOrTx, address: string): Promise<void> {
  const limits: [string, number, number][] = [
    [`register:address:${address}`, REGISTER_LIMITS.perAddress, REGISTER_LIMITS.windowMs],
    ['register:all', REGISTER_LIMITS.global, REGISTER_LIMITS.globalWindowMs],
  ];
  for (const [key, max, windowMs] of limits)
    await takeSlot(db, key, max, windowMs, 'auth.tooManyRegistrations');
}

/**
 * A new account. A taken name is answered from a cheap lookup before any hashing; the unique
 * index stays the last word when two registrations of one name race.
 */
export async function register(
  db: DbOrTx,
  body: RegisterBody,
  lang: Lang,
  address: string,
): Promise<UserRow> {
  await limitRegistration(db, address);
  if ((await findAccount(db, body.account)).length > 0) throw new AppError('errors.accountTaken');
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

/** Claims the next attempt of a slowed account: true when its delay has passed (and starts the next). */
async function claimSlowSlot(db: DbOrTx, key: string, delayMs: number): Promise<boolean> {
  const ends = sql`now() + ${`${delayMs} milliseconds`}::interval`;
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowEndsAt: ends })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: sql`${rateLimits.count} + 1`, windowEndsAt: ends },
      setWhere: sql`${rateLimits.windowEndsAt} <= now()`,
    })
    .returning({ key: rateLimits.key });
  return rows.length > 0;
}

async function isKnownDevice(db: DbOrTx, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), sql`${rateLimits.windowEndsAt} > now()`));
  return row !== undefined;
}

async function rememberDevice(db: DbOrTx, key: string): Promise<void> {
  await reset(db, key);
  await hit(db, key, LOGIN_LIMITS.knownDeviceMs);
}

/** Failures counted on an account so far in its window (without counting one more). */
async function accountFailures(db: DbOrTx, key: string): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), sql`${rateLimits.windowEndsAt} > now()`));
  return row?.count ?? 0;
}

/**
 * Refuses (429) an attempt over the pair or address limit, or a slowed account's attempt that
 * comes before its delay has passed. Counts the attempt against the pair and the address first,
 * so concurrent guesses cannot all slip under the limits; a refused attempt is taken back.
 */
export async function limitPasswordAttempt(db: DbOrTx, account: string, address: string): Promise<void> {
  const keys = loginKeys(account, address);
  const overPair = (await hit(db, keys.pair, LOGIN_LIMITS.windowMs)) > LOGIN_LIMITS.perPair;
  const overAddress = (await hit(db, keys.address, LOGIN_LIMITS.windowMs)) > LOGIN_LIMITS.perAddress;
  const refuse = async (error: AppError) => {
    await release(db, keys.pair);
    await release(db, keys.address);
    throw error;
  };
  if (overPair || overAddress) {
    const wait = Math.max(
      await blockedFor(db, keys.pair, LOGIN_LIMITS.perPair),
      await blockedFor(db, keys.address, LOGIN_LIMITS.perAddress),
    );
    await refuse(new TooManyError('errors.tooManyLogins', { minutes: minutesLeft(wait) }));
  }
  const failures = await accountFailures(db, keys.account);
  if (failures < LOGIN_LIMITS.accountCeiling || (await isKnownDevice(db, keys.known))) return;
  const delayMs = Math.min(LOGIN_LIMITS.maxDelayMs, 1000 * 2 ** (failures - LOGIN_LIMITS.accountCeiling + 1));
  if (!(await claimSlowSlot(db, keys.slow, delayMs))) {
    const waitMs = await blockedFor(db, keys.slow, 1);
    await refuse(new TooManyError('auth.loginSlowed', { seconds: Math.max(1, Math.ceil(waitMs / 1000)) }));
  }
}

/** A wrong password: the pair and the address keep the attempt, and the account counts a failure. */
export async function passwordFailed(db: DbOrTx, account: string, address: string): Promise<void> {
  await hit(db, loginKeys(account, address).account, LOGIN_LIMITS.windowMs);
}

/** A right password: the pair's failures clear, the address gets its attempt back. */
export async function passwordSucceeded(db: DbOrTx, account: string, address: string): Promise<void> {
  const keys = loginKeys(account, address);
  await reset(db, keys.pair);
  await release(db, keys.address);
  await rememberDevice(db, keys.known);
}

/**
 * Password login. Unknown accounts and accounts without a password cost the same hashing work
 * as known ones (a dummy hash), so the answer time does not tell which accounts exist. A hash
 * made at a lower cost than today's is replaced by one at today's cost.
 */
export async function login(
  db: DbOrTx,
  account: string,
  password: string,
  address: string,
  { demoData }: { demoData: boolean },
): Promise<UserRow> {
  await limitPasswordAttempt(db, account, address);
  const [user] = await findAccount(db, account);
  const stored = user?.passwordHash ?? null;
  const right = await verifyPassword(password, stored);
  // A demo shopper left over from a start with demo data (its password is public) stays shut
  // while demo data is off, as in production.
  if (!right || !user || stored === null || (user.isDemo && !demoData)) {
    await passwordFailed(db, account, address);
    throw new AppError('errors.loginFailed');
  }
  await passwordSucceeded(db, account, address);
  if (!needsRehash(stored)) return user;
  try {
    const passwordHash = await hashPassword(password);
    await db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, stored)));
    return { ...user, passwordHash };
  } catch {
    return user; // Hashing busy: the upgrade waits for another login; this one stands.
  }
}
