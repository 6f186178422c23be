import { eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { oneLine } from './checks';
import { OperatorError } from './errors';

export interface Shopper {
  id: number;
  account: string;
  telegramId: number | null;
}

const TELEGRAM_ID_RE = /^\d{1,16}$/;

/**
 * Finds a shopper by what an operator knows: an account name (any case) or a Telegram user id.
 * Digits alone may be either (account names may be all digits), so both are looked up and two
 * different shoppers are refused as ambiguous; `tg:<id>` and `account:<name>` say which is meant.
 */
export async function findShopper(db: DbOrTx, reference: string): Promise<Shopper> {
  const ref = oneLine('the shopper', reference, 64);
  const columns = { id: users.id, account: users.account, telegramId: users.telegramId };
  const byAccount = (name: string) => eq(sql`lower(${users.account})`, name.toLowerCase());
  const byTelegram = (digits: string) => {
    if (!TELEGRAM_ID_RE.test(digits) || !Number.isSafeInteger(Number(digits)))
      throw new OperatorError('operator.badInput', `"${digits}" is not a Telegram user id`);
    return eq(users.telegramId, Number(digits));
  };
  let where;
  if (ref.startsWith('tg:')) where = byTelegram(ref.slice(3));
  else if (ref.startsWith('account:')) where = byAccount(ref.slice(8));
  else if (TELEGRAM_ID_RE.test(ref) && Number.isSafeInteger(Number(ref)))
    where = or(byTelegram(ref), byAccount(ref));
  else where = byAccount(ref);
  const found = await db.select(columns).from(users).where(where).limit(2);
  if (found.length === 0)
    throw new OperatorError(
      'operator.shopperNotFound',
      `No shopper "${ref}": give an account name or a Telegram user id.`,
    );
  if (found.length > 1)
    throw new OperatorError(
      'operator.shopperAmbiguous',
      `"${ref}" is both an account name and a Telegram user id: write tg:${ref} or account:${ref}.`,
    );
  return found[0];
}
