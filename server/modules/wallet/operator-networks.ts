import { asc, eq, sql } from 'drizzle-orm';
import { MAX_AMOUNT, type Cents } from '@common/money';
import type { Db, DbOrTx } from '../../db/client';
import { networks } from '../../db/schema';
import { isUniqueViolation } from './unique';
import { oneLine, OperatorError, operatorName, positiveCents } from '../operator';

/**
 * The crypto networks shoppers top up on and withdraw to (GET /api/user/getBlockchain): added,
 * changed and listed by the operator. A network is never deleted (top-ups and withdrawals name
 * it); `enabled: false` hides it from shoppers.
 */
export type OperatorNetwork = typeof networks.$inferSelect;

export interface NetworkFields {
  depositAddress?: string;
  /** A regular expression every address on the network matches; "" removes it. */
  addressPattern?: string;
  minRecharge?: Cents;
  minWithdraw?: Cents;
  maxWithdraw?: Cents;
  feeRateBps?: number;
  feeMin?: Cents;
  enabled?: boolean;
  sort?: number;
}

const bad = (message: string) => new OperatorError('operator.badInput', message);

function patternOf(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  if (text.length > 200) throw bad('the address pattern is longer than 200 characters');
  try {
    new RegExp(`^(?:${text})$`);
  } catch {
    throw bad(`the address pattern "${text}" is not a regular expression`);
  }
  return text;
}

function checked(f: NetworkFields): Partial<typeof networks.$inferInsert> {
  const out: Partial<typeof networks.$inferInsert> = {};
  if (f.depositAddress !== undefined)
    out.depositAddress = oneLine('the deposit address', f.depositAddress, 200);
  if (f.addressPattern !== undefined) out.addressPattern = patternOf(f.addressPattern);
  if (f.minRecharge !== undefined) out.minRecharge = positiveCents(f.minRecharge);
  if (f.minWithdraw !== undefined) out.minWithdraw = positiveCents(f.minWithdraw);
  if (f.maxWithdraw !== undefined) out.maxWithdraw = positiveCents(f.maxWithdraw);
  if (f.feeRateBps !== undefined) {
    if (!Number.isSafeInteger(f.feeRateBps) || f.feeRateBps < 0 || f.feeRateBps > 10_000)
      throw bad('the fee rate must be whole basis points from 0 to 10000 (100 = 1 %)');
    out.feeRateBps = f.feeRateBps;
  }
  if (f.feeMin !== undefined) {
    if (!Number.isSafeInteger(f.feeMin) || f.feeMin < 0 || f.feeMin > MAX_AMOUNT)
      throw bad('the minimum fee must be whole cents, 0 or more');
    out.feeMin = f.feeMin;
  }
  if (f.enabled !== undefined) out.enabled = f.enabled;
  if (f.sort !== undefined) {
    if (!Number.isSafeInteger(f.sort) || Math.abs(f.sort) > 1_000_000)
      throw bad('the sort must be a whole number');
    out.sort = f.sort;
  }
  return out;
}

function checkRange(n: Pick<OperatorNetwork, 'minWithdraw' | 'maxWithdraw'>): void {
  if (n.maxWithdraw < n.minWithdraw)
    throw bad('the maximum withdrawal must not be below the minimum withdrawal');
}

/** Every network, enabled or not, in the shoppers' order. */
export const listNetworks = (db: Db): Promise<OperatorNetwork[]> =>
  db.select().from(networks).orderBy(asc(networks.sort), asc(networks.id));

/** Adds a network; names are unique in any case. Defaults: $1 minimum top-up, $10 to $10,000 out, no fee. */
export async function addNetwork(
  db: Db,
  p: NetworkFields & { name: string; depositAddress: string; operator: string },
): Promise<OperatorNetwork> {
  operatorName(p.operator);
  const name = oneLine('the name', p.name, 40);
  const values = { minRecharge: 100, minWithdraw: 1000, maxWithdraw: 1_000_000, ...checked(p) };
  checkRange(values);
  try {
    const [row] = await db
      .insert(networks)
      .values({ name, depositAddress: values.depositAddress!, ...values })
      .returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err, 'networks_name_uq'))
      throw new OperatorError(
        'operator.networkExists',
        `There is a network "${name}" already: use network set.`,
      );
    throw err;
  }
}

/** A network by id or by name (any case). */
async function findNetwork(db: DbOrTx, ref: string): Promise<OperatorNetwork> {
  const text = oneLine('the network', ref, 40);
  const [row] = await db
    .select()
    .from(networks)
    .where(
      /^\d{1,15}$/.test(text)
        ? eq(networks.id, Number(text))
        : eq(sql`lower(${networks.name})`, text.toLowerCase()),
    );
  if (!row)
    throw new OperatorError('operator.networkNotFound', `There is no network "${text}" (network list).`);
  return row;
}

/** Changes some fields of a network; answers it before and after. */
export async function setNetwork(
  db: Db,
  p: NetworkFields & { network: string; operator: string },
): Promise<{ previous: OperatorNetwork; current: OperatorNetwork }> {
  operatorName(p.operator);
  const changes = checked(p);
  if (Object.keys(changes).length === 0) throw bad('nothing to change: give at least one option');
  return db.transaction(async (tx) => {
    const previous = await findNetwork(tx, p.network);
    checkRange({ ...previous, ...changes });
    const [current] = await tx
      .update(networks)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(networks.id, previous.id))
      .returning();
    return { previous, current };
  });
}
