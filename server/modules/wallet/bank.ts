import type { BankDetailsItem } from '@common/schemas/wallet-topup';
import type { DbOrTx } from '../../db/client';
import { readSetting } from '../settings';

/**
 * The bank way of topping up (a manual top-up): the shop's account from the `bankDetails` setting,
 * and the reference each shopper writes on the transfer so the operator can tell whose money
 * arrived (the operator's top-up list and desk post show it beside the shopper).
 */
export const BANK_REFERENCE_PREFIX = 'TOPUP-';
export const bankReference = (userId: number): string => `${BANK_REFERENCE_PREFIX}${userId}`;

/** The account a shopper transfers to, with their reference; null: the shop takes no bank transfers. */
export async function bankDetailsFor(db: DbOrTx, userId: number): Promise<BankDetailsItem | null> {
  const details = await readSetting(db, 'bankDetails');
  return details && { ...details, reference: bankReference(userId) };
}
