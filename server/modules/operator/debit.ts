import type { Db } from '../../db/client';
import { adjustBalance, type AdjustParams, type Adjusted } from './adjust';

/**
 * Takes money from a shopper's balance (a ledger adjustment: a credit made by mistake, a charge
 * agreed with the shopper); refused when the balance does not cover it. Answers the new balance.
 */
export const debit = (db: Db, params: AdjustParams): Promise<Adjusted> => adjustBalance(db, params, -1);
