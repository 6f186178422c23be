import type { UserRow } from '../user';
import { NotFoundError } from '../../lib/errors';

/**
 * Operators are the shop's users whose linked Telegram id is in OPERATOR_IDS (the same list the
 * bot's operator chat trusts). Anyone else asking for an operator's screen finds nothing there.
 */
export function isOperator(user: Pick<UserRow, 'telegramId'>, operatorIds: readonly number[]): boolean {
  return user.telegramId !== null && operatorIds.includes(user.telegramId);
}

export function requireOperator(user: Pick<UserRow, 'telegramId'>, operatorIds: readonly number[]): void {
  if (!isOperator(user, operatorIds)) throw new NotFoundError('service.notFound');
}
