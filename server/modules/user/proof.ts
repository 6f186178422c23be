import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { limitPasswordAttempt, passwordFailed, passwordSucceeded } from './login';
import type { UserRow } from './sessions';
import { verifyInitData } from './telegram';

/**
 * Fresh proof that the shopper, not just someone holding their session, asks for a change that
 * the session alone must not allow (a FIRST login or payment password, which the owner could not
 * remove again): Telegram init data signed within the last five minutes for the same Telegram
 * user as the account, or else the account's login password.
 */
export const FRESH_INIT_DATA_SECONDS = 300;

export interface ProofInput {
  init_data?: string;
  password?: string;
}

export interface ProofContext {
  botToken: string | undefined;
  /** The age tg_login accepts: init data older than five minutes but within it is "stale", not "invalid". */
  initDataMaxAge: number;
  address: string;
}

function checkInitData(user: UserRow, raw: string, ctx: ProofContext): void {
  let tg;
  try {
    tg = verifyInitData(raw, ctx.botToken, FRESH_INIT_DATA_SECONDS);
  } catch (error) {
    const stale = (() => {
      try {
        verifyInitData(raw, ctx.botToken, Math.max(ctx.initDataMaxAge, FRESH_INIT_DATA_SECONDS));
        return true;
      } catch {
        return false;
      }
    })();
    throw stale ? new AppError('auth.initDataStale') : error;
  }
  if (user.telegramId === null || tg.id !== user.telegramId) throw new AppError('auth.telegramMismatch');
}

async function checkLoginPassword(db: DbOrTx, user: UserRow, password: string, ctx: ProofContext) {
  await limitPasswordAttempt(db, user.account, ctx.address);
  if (!(await verifyPassword(password, user.passwordHash))) {
    await passwordFailed(db, user.account, ctx.address);
    throw new AppError('auth.loginPasswordWrong');
  }
  await passwordSucceeded(db, user.account, ctx.address);
}

export async function requireFreshProof(
  db: DbOrTx,
  user: UserRow,
  input: ProofInput,
  ctx: ProofContext,
): Promise<void> {
  if (input.init_data) return checkInitData(user, input.init_data, ctx);
  if (user.passwordHash === null) throw new AppError('auth.openInTelegram');
  if (!input.password) throw new AppError('auth.proofRequired');
  await checkLoginPassword(db, user, input.password, ctx);
}
