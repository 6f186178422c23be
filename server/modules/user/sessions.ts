import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { SESSION_DAYS } from '@common/envelope';
import type { Db, DbOrTx } from '../../db/client';
import { payDevices, sessions, users } from '../../db/schema';
import { statement } from '../../db/statement';

export type UserRow = typeof users.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A random 256-bit token; only its hash is stored. Valid for SESSION_DAYS, counted (like every
 * expiry) by the database's clock, so every API process agrees on it.
 */
export async function createSession(db: DbOrTx, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + ${`${SESSION_DAYS} days`}::interval`,
    })
    .returning({ expiresAt: sessions.expiresAt });
  // Housekeeping on the side: this user's expired sessions go.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, sql`now()`)));
  return { token, expiresAt: row.expiresAt };
}

/** The session lookup every signed-in request makes, built once (server/db/statement.ts). */
const sessionUser = statement<{ hash: string }, { user: UserRow }[]>((db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), gt(sessions.expiresAt, sql`now()`))),
);

/** The user behind a live session, or undefined for an unknown or expired token. */
export async function findSessionUser(db: Db, token: string): Promise<UserRow | undefined> {
  if (!token || token.length > 128) return undefined;
  const [row] = await sessionUser(db, { hash: hashToken(token) });
  return row?.user;
}

export async function endSession(db: DbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Every session of a user except the one in use (after a password change). */
export async function endOtherSessions(db: DbOrTx, userId: number, keepToken: string): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken))));
}

/**
 * "Log out everywhere" (and a new login password): every session of the user ends, and every
 * device's biometric payments with them (server/modules/user/pay-devices.ts).
 */
export async function endAllSessions(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(payDevices).where(eq(payDevices.userId, userId));
}

/**
 * "Log out everywhere" as the shopper asks it, answering the message to show. The demo account
 * (DEMO_DATA) is shared by everyone trying the shop: it ends this session only, so no visitor can
 * log out everyone else.
 */
export async function logOutEverywhere(
  db: DbOrTx,
  user: { id: number; isDemo: boolean },
  token: string,
): Promise<'auth.loggedOutEverywhere' | 'auth.demoLoggedOutHere'> {
  if (user.isDemo) {
    await endSession(db, token);
    return 'auth.demoLoggedOutHere';
  }
  await endAllSessions(db, user.id);
  return 'auth.loggedOutEverywhere';
}
