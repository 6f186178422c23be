import { and, eq, ne, sql } from 'drizzle-orm';
import { toAmount, type Cents } from '@common/money';
import type { ExtractAnswer, ExtractBody, ExtractInfoAnswer } from '@common/schemas/wallet-withdraw';
import { AUDIT_STATUS, withdrawalFee, type FeeRule } from '@common/wallet';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { users, withdrawals } from '../../db/schema';
import { AppError, NotFoundError } from '../../lib/errors';
import { CommitThenFail, once } from '../../lib/idempotency';
import { readSetting } from '../settings';
import { checkPayPassword } from '../user';
import { InsufficientBalanceError, moveMoney } from './ledger';
import { enabledNetwork, enabledNetworks, fitsNetwork, networkView, type NetworkRow } from './networks';
import { listPayouts, ownPayout, savePayout, type NewDestination } from './payouts';
import { withdrawalView } from './records';
import { encryptCard } from '../../lib/wallet-key';
import { postToDesk } from '../../lib/desk-posts';

/**
 * Withdrawals (POST /api/user/extract), two-phase through the ledger: the request moves amount +
 * fee from the balance to frozen (withdraw_hold); the operator's pass pays it out of frozen, a
 * refusal returns it (server/modules/wallet/operator-withdrawals.ts). Everything of a request
 * happens in one transaction under its Idempotency-Key, with the payment password checked in it: a
 * wrong one counts its try (and the lock it may set) and moves nothing.
 */
export interface WithdrawInput {
  userId: number;
  key: string;
}

interface Rules {
  bankFee: FeeRule;
  limits: { min: Cents; max: Cents; perDay: Cents };
}

async function rules(db: DbOrTx): Promise<Rules> {
  const [bankFee, limits] = await Promise.all([
    readSetting(db, 'bankFee'),
    readSetting(db, 'withdrawLimits'),
  ]);
  return { bankFee, limits };
}

/** What the shopper withdrew today (UTC, by the database's clock), refused withdrawals not counted. */
export const withdrawnTodayQuery = (db: DbOrTx, userId: number) =>
  db
    .select({ sum: sql<string>`coalesce(sum(${withdrawals.amount}), 0)` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        ne(withdrawals.status, AUDIT_STATUS.refused),
        sql`${withdrawals.createdAt} >= date_trunc('day', now(), 'UTC')`,
      ),
    );

async function withdrawnToday(db: DbOrTx, userId: number): Promise<Cents> {
  const [row] = await withdrawnTodayQuery(db, userId);
  return Number(row.sum);
}

/** The destination as stored on the withdrawal, and what to save as a payout method (new ones). */
interface Destination {
  type: 'bank' | 'chain';
  columns: Partial<typeof withdrawals.$inferInsert>;
  network?: NetworkRow;
  payoutMethodId: number | null;
  toSave?: NewDestination;
}

async function destinationOf(tx: Tx, userId: number, body: ExtractBody): Promise<Destination> {
  if (body.payout_id !== undefined) {
    const saved = await ownPayout(tx, userId, body.payout_id);
    if (saved.type !== body.type) throw new NotFoundError('wallet.payoutNotFound');
    if (saved.type === 'bank')
      return {
        type: 'bank',
        columns: {
          bankName: saved.bankName,
          holder: saved.holder,
          cardEncrypted: saved.cardEncrypted,
          cardLast4: saved.cardLast4,
        },
        payoutMethodId: saved.id,
      };
    if (body.network_id !== undefined && body.network_id !== saved.networkId)
      throw new AppError('wallet.networkMismatch');
    const network = await enabledNetwork(tx, saved.networkId!);
    if (!network) throw new AppError('wallet.networkUnknown');
    return {
      type: 'chain',
      columns: { networkId: network.id, networkName: network.name, address: saved.address },
      network,
      payoutMethodId: saved.id,
    };
  }
  if (body.type === 'bank') {
    const digits = body.card_number!;
    return {
      type: 'bank',
      columns: {
        bankName: body.bank_name!,
        holder: body.holder!,
        cardEncrypted: encryptCard(digits),
        cardLast4: digits.slice(-4),
      },
      payoutMethodId: null,
      toSave: { type: 'bank', bankName: body.bank_name!, holder: body.holder!, cardDigits: digits },
    };
  }
  const network = await enabledNetwork(tx, body.network_id!);
  if (!network) throw new AppError('wallet.networkUnknown');
  if (!fitsNetwork(network, body.address!)) throw new AppError('wallet.networkMismatch');
  return {
    type: 'chain',
    columns: { networkId: network.id, networkName: network.name, address: body.address! },
    network,
    payoutMethodId: null,
    toSave: { type: 'chain', networkId: network.id, address: body.address! },
  };
}

async function withdrawInTransaction(
  tx: Tx,
  input: WithdrawInput,
  body: ExtractBody,
): Promise<ExtractAnswer | CommitThenFail> {
  const { userId } = input;
  const dest = await destinationOf(tx, userId, body);
  const { bankFee, limits } = await rules(tx);
  const min = Math.max(limits.min, dest.network?.minWithdraw ?? 0);
  const max = Math.min(limits.max, dest.network?.maxWithdraw ?? limits.max);
  if (body.amount < min) throw new AppError('wallet.belowMin', { min: toAmount(min) });
  if (body.amount > max) throw new AppError('wallet.aboveMax', { max: toAmount(max) });
  const fee = withdrawalFee(
    body.amount,
    dest.network ? { rateBps: dest.network.feeRateBps, min: dest.network.feeMin } : bankFee,
  );
  const total = body.amount + fee;
  // Told before the password is asked for (no try spent); the ledger's update below decides.
  const [before] = await tx
    .select({ balance: users.balance, isDemo: users.isDemo })
    .from(users)
    .where(eq(users.id, userId));
  // The demo account's play money never leaves the shop (DEMO_DATA: anyone may log in to it).
  if (before.isDemo) throw new AppError('wallet.demoNoWithdraw');
  if (total > before.balance) throw new AppError('wallet.amountAboveBalance');

  try {
    // Its update holds the shopper's row until the commit: this shopper's requests go one by one.
    await checkPayPassword(tx, userId, body.password_pay);
  } catch (error) {
    if (error instanceof AppError) return new CommitThenFail(error);
    throw error;
  }

  const left = limits.perDay - (await withdrawnToday(tx, userId));
  if (body.amount > left) throw new AppError('wallet.dailyLimit', { left: toAmount(Math.max(left, 0)) });

  const payoutMethodId =
    dest.payoutMethodId ??
    (dest.toSave && body.save !== false ? await savePayout(tx, userId, dest.toSave) : null);
  const [row] = await tx
    .insert(withdrawals)
    .values({ userId, type: dest.type, amount: body.amount, fee, payoutMethodId, ...dest.columns })
    .returning();
  await postToDesk(tx, 'withdrawal', [row.id]);
  let moved;
  try {
    moved = await moveMoney(tx, {
      userId,
      type: 'withdraw_hold',
      balance: -total,
      frozen: total,
      ref: { type: 'withdrawal', id: row.id },
      uniqueKey: `withdraw:hold:${row.id}`,
    });
  } catch (err) {
    if (err instanceof InsufficientBalanceError) throw new AppError('wallet.amountAboveBalance');
    throw err;
  }
  return {
    withdrawal: withdrawalView(row),
    balance: toAmount(moved.balanceAfter),
    frozen: toAmount(moved.frozenAfter),
  };
}

export function createWithdrawal(db: Db, input: WithdrawInput, body: ExtractBody): Promise<ExtractAnswer> {
  // What the request asks, without the payment password and with the card by its last digits.
  const { password_pay: _password, card_number: card, ...asked } = body;
  const request = { ...asked, card: card === undefined ? undefined : card.slice(-4) };
  return once(db, { userId: input.userId, scope: 'wallet.extract', key: input.key, request }, (tx) =>
    withdrawInTransaction(tx, input, body),
  );
}

/** GET /api/user/extract: the wallet, the fee rules and limits, the networks and the saved methods. */
export async function extractInfo(db: Db, userId: number): Promise<ExtractInfoAnswer> {
  const [[user], r, nets, methods, today] = await Promise.all([
    db
      .select({ balance: users.balance, frozen: users.frozen, payHash: users.payPasswordHash })
      .from(users)
      .where(eq(users.id, userId)),
    rules(db),
    enabledNetworks(db),
    listPayouts(db, userId),
    withdrawnToday(db, userId),
  ]);
  return {
    balance: toAmount(user.balance),
    frozen: toAmount(user.frozen),
    hasPayPassword: user.payHash !== null,
    bankFee: { rateBps: r.bankFee.rateBps, min: toAmount(r.bankFee.min) },
    limits: {
      min: toAmount(r.limits.min),
      max: toAmount(r.limits.max),
      perDay: toAmount(r.limits.perDay),
      leftToday: toAmount(Math.max(r.limits.perDay - today, 0)),
    },
    networks: nets.map(networkView),
    methods,
  };
}
