import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { sessions, users } from '../../server/db/schema';
import { TEST_BOT_TOKEN, type TestApp } from '../support/app';
import { signInitData, type TelegramTestUser } from '../support/telegram';

/** The Telegram shopper of these suites; the id is above 2^32 on purpose (real ids may be). */
export const TG_USER: TelegramTestUser = {
  id: 7_123_456_789,
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada_l',
  language_code: 'de',
};

/** Init data signed like a real launch (with `signature`), by the test bot unless told otherwise. */
export const initData = (
  user: TelegramTestUser = TG_USER,
  opts: { botToken?: string; authDate?: Date } = {},
): string => signInitData(opts.botToken ?? TEST_BOT_TOKEN, { user, authDate: opts.authDate });

export async function readUser(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function countUsers(t: TestApp): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return Number(row.n);
}

export async function countSessions(t: TestApp, userId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return Number(row.n);
}

/** A shopper registered with the login password secret123, who then sets `payPassword` with it. */
export async function registerWithPayPassword(t: TestApp, account: string, payPassword: string) {
  const user = await t.register(account);
  const res = await t.endpoint('user.resetPay', {
    token: user.token,
    body: { newpassword: payPassword, password: 'secret123' },
  });
  expect(res.code).toBe(1);
  return user;
}

/** An answer body a client may see: no stack frames, no SQL, no driver names. */
export function expectNoInternals(text: string): void {
  expect(text).not.toMatch(/\n\s*at \S/);
  expect(text).not.toMatch(/\bat \S+ \(.*:\d+:\d+\)/);
  expect(text.toLowerCase()).not.toMatch(/\bselect\b|\binsert\b|\bupdate "|postgres|pglite|drizzle/);
}

/** A distinct client address per test, so per-address login limits do not leak between tests. */
let nextAddress = 1;
export const freshIp = () => `198.51.100.${nextAddress++}`;
