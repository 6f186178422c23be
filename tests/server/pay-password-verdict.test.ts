import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { configurePasswords, hashPassword } from '../../server/lib/passwords';
import { TEST_PASSWORD_HASH_COST } from '../../server/config';
import { checkPayPassword, preverifyPayPassword } from '../../server/modules/user/pay-password';
import { freshDatabase } from '../support/db';

/** The payment password is hashed before the payment's transaction; the verdict is bound to the hash. */
let database: Database;
let userId: number;
beforeAll(async () => {
  configurePasswords({ costLog2: TEST_PASSWORD_HASH_COST });
  database = await freshDatabase();
  const [u] = await database.db
    .insert(users)
    .values({ account: 'verdict', payPasswordHash: await hashPassword('111111') })
    .returning({ id: users.id });
  userId = u.id;
});
afterAll(() => database.close());

const errorOf = (work: Promise<unknown>) =>
  work.then(
    () => 'ok',
    (e: { key?: string }) => e.key,
  );
const failsOf = async () =>
  (await database.db.select({ n: users.payFailCount }).from(users).where(eq(users.id, userId)))[0].n;

describe('payment password verdict', () => {
  it('a right verdict pays through; a wrong one counts its try', async () => {
    const right = await preverifyPayPassword(database.db, userId, '111111');
    expect(right.ok).toBe(true);
    expect(await errorOf(checkPayPassword(database.db, userId, '111111', right))).toBe('ok');
    const wrong = await preverifyPayPassword(database.db, userId, '999999');
    expect(wrong.ok).toBe(false);
    expect(await errorOf(checkPayPassword(database.db, userId, '999999', wrong))).toBe(
      'errors.payPasswordWrong',
    );
    expect(await failsOf()).toBe(1);
  });

  it('a verdict made against a hash that changed since is not trusted: the password is checked again', async () => {
    const verdict = await preverifyPayPassword(database.db, userId, '111111');
    expect(verdict.ok).toBe(true);
    await database.db
      .update(users)
      .set({ payPasswordHash: await hashPassword('222222') })
      .where(eq(users.id, userId));
    expect(await errorOf(checkPayPassword(database.db, userId, '111111', verdict))).toBe(
      'errors.payPasswordWrong',
    );
    expect(await errorOf(checkPayPassword(database.db, userId, '222222', verdict))).toBe('ok');
  });
});
