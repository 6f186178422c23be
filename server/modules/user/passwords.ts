import { eq } from 'drizzle-orm';
import type { ResetPwdBody } from '@common/schemas/user';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { limitPasswordAttempt, passwordFailed, passwordSucceeded } from './login';
import { requireFreshProof, type ProofContext } from './proof';
import { endAllSessions, type UserRow } from './sessions';

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
  // The new password and the end of every session are one change: never one without the other.
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await endAllSessions(tx, user.id);
  });
}
