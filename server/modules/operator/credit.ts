import type { Db } from '../../db/client';
import { adjustBalance, type AdjustParams, type Adjusted } from './adjust';

/** Adds money to a shopper's balance (a ledger adjustment); answers the new balance. */
export const credit = (db: Db, params: AdjustParams): Promise<Adjusted> => adjustBalance(db, params, 1);
