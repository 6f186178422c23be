import { randomInt } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { botApi, botBlocked } from '../../telegram/bot-api';
import { toLang } from '@common/languages';
import type { ForgotCodeAnswer, ForgotResetBody } from '@common/schemas/user';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { passwordResetCodes, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { release, takeSlot } from '../../lib/rate-limit';
import { endAllSessions } from './sessions';

/**
 * A forgotten password: a 6-digit code sent by the bot to the Telegram account linked
 * to the shop account, valid 10 minutes and 5 wrong tries, then a new password with it.
 *
 * What the answer reveals: an account with a linked Telegram account is told the code went there;
 * every other name, existing or not, gets one and the same "ask customer service" answer, so a
 * name alone does not tell whether an account exists. The limits count before the lookup, so they
 * answer alike too.
 */
export const FORGOT_LIMITS = {
  codeMinutes: 10,
  tries: 5,
  /** Codes asked per account name, and per address, in the window. */
  windowMs: 30 * 60 * 1000,
  perAccount: 3,
  perAddress: 10,
  /** Reset attempts per address in the window: guessing across many accounts' codes. */
  resetsPerAddress: 30,
};

/** Sends one message by the bot; tests point the Api at a fake Bot API. */
export type CodeSender = (chatId: number, text: string) => Promise<unknown>;

/** The bot's Api for codes, or undefined when the server has no bot. */
export function botCodeSender(config: Config): CodeSender | undefined {
  // The shopper waits on this answer.
  const api = botApi(config, 10);
  if (!api) return undefined;
  return (chatId, text) => api.sendMessage(chatId, text, { protect_content: true });
}

const norm = (account: string) => account.trim().toLowerCase();

const findAccount = async (db: Db, account: string) =>
  (
    await db
      .select({ id: users.id, telegramId: users.telegramId, lang: users.lang, isDemo: users.isDemo })
      .from(users)
      .where(sql`lower(${users.account}) = ${norm(account)}`)
  )[0];

/** Counts one event against each key; beyond a limit the event is taken back and refused. */
async function limit(db: Db, limits: [string, number][], key: string): Promise<void> {
  for (const [k, max] of limits) await takeSlot(db, k, max, FORGOT_LIMITS.windowMs, key);
}

/** POST /api/user/forgot_code: a new code for the account (replacing a live one), sent now. */
export async function sendForgotCode(
  db: Db,
  send: CodeSender | undefined,
  account: string,
  address: string,
): Promise<ForgotCodeAnswer> {
  const accountKey = `forgot:account:${norm(account)}`;
  await limit(
    db,
    [
      [`forgot:address:${address}`, FORGOT_LIMITS.perAddress],
      [accountKey, FORGOT_LIMITS.perAccount],
    ],
    'bot.forgot.tooManyCodes',
  );
  const user = await findAccount(db, account);
  if (!user || user.telegramId === null || user.isDemo) return { via: 'service' };
  if (!send) throw new AppError('bot.forgot.telegramDown');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = {
    codeHash: await hashPassword(code),
    triesLeft: FORGOT_LIMITS.tries,
    expiresAt: sql`now() + ${`${FORGOT_LIMITS.codeMinutes} minutes`}::interval`,
    createdAt: sql`now()`,
  };
  await db
    .insert(passwordResetCodes)
    .values({ userId: user.id, ...row })
    .onConflictDoUpdate({ target: passwordResetCodes.userId, set: row });
  try {
    await send(
      user.telegramId,
      translate(toLang(user.lang), 'bot.forgot.message', { code, minutes: FORGOT_LIMITS.codeMinutes }),
    );
  } catch (err) {
    // A code nobody received must not stay live, nor count against the owner.
    await db.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, user.id));
    await release(db, accountKey);
    // 403: the shopper blocked the bot or never started it.
    if (botBlocked(err)) throw new AppError('bot.forgot.botBlocked');
    throw new AppError('bot.forgot.telegramDown');
  }
  return { via: 'telegram' };
}

/**
 * POST /api/user/forgot_reset: the code and a new password. A try is claimed (conditionally) before
 * the code is compared, so parallel guesses never get more than 5; the fifth wrong one kills the
 * code. The right code sets the password and ends every session of the account, in one change.
 */
export async function resetWithCode(db: Db, body: ForgotResetBody, address: string): Promise<void> {
  await limit(db, [[`forgot:reset:${address}`, FORGOT_LIMITS.resetsPerAddress]], 'bot.forgot.tooManyTries');
  const user = await findAccount(db, body.account);
  // An unknown name answers like an account without a live code.
  if (!user) throw new AppError('bot.forgot.codeExpired');
  const [claimed] = await db
    .update(passwordResetCodes)
    .set({ triesLeft: sql`${passwordResetCodes.triesLeft} - 1` })
    .where(
      and(
        eq(passwordResetCodes.userId, user.id),
        gt(passwordResetCodes.triesLeft, 0),
        gt(passwordResetCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ codeHash: passwordResetCodes.codeHash, triesLeft: passwordResetCodes.triesLeft });
  if (!claimed) throw new AppError('bot.forgot.codeExpired');
  if (!(await verifyPassword(body.code, claimed.codeHash))) {
    if (claimed.triesLeft > 0) throw new AppError('bot.forgot.codeWrong', { left: claimed.triesLeft });
    await db
      .delete(passwordResetCodes)
      .where(and(eq(passwordResetCodes.userId, user.id), eq(passwordResetCodes.codeHash, claimed.codeHash)));
    throw new AppError('bot.forgot.codeDead');
  }
  if (user.isDemo) throw new AppError('auth.demoLocked');
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    // The code is used once: only the request that deletes it changes the password.
    const used = await tx
      .delete(passwordResetCodes)
      .where(and(eq(passwordResetCodes.userId, user.id), eq(passwordResetCodes.codeHash, claimed.codeHash)))
      .returning({ userId: passwordResetCodes.userId });
    if (used.length === 0) throw new AppError('bot.forgot.codeExpired');
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await endAllSessions(tx, user.id);
  });
}
