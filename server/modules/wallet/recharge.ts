import { and, count, eq, sql } from 'drizzle-orm';
import { toAmount, type Cents } from '@common/money';
import type { RechargeAnswer, RechargeBody } from '@common/schemas/wallet-topup';
import { AUDIT_STATUS } from '@common/wallet';
import type { Db } from '../../db/client';
import { recharges } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { once } from '../../lib/idempotency';
import { readSetting } from '../settings';
import { enabledNetwork, fitsNetwork } from './networks';
import { rechargeView } from './records';
import { isUniqueViolation } from './unique';
import { postToDesk } from '../../lib/desk-posts';
import { takeUploads, withFileMoves } from '../upload';

/** On-chain and manual top-ups one shopper may have waiting for the operator at once. */
export const MAX_AUDITING = 10;

export interface RechargeInput {
  userId: number;
  /** The shopper is the shared demo account (from the session's user row). */
  isDemo: boolean;
  /** The request's Idempotency-Key. */
  key: string;
  dataDir: string;
}

/**
 * The demo account tops up in no way at all: real money paid into the account everyone trying the
 * shop shares would be spent by whoever logs in next.
 */
export function refuseDemoTopUp(shopper: { isDemo: boolean }): void {
  if (shopper.isDemo) throw new AppError('wallet.demoNoTopUp');
}

/** The top-up limits of the settings (manual and card; an on-chain one has its network's minimum). */
export async function topUpLimits(db: Db): Promise<{ min: Cents; max: Cents }> {
  return readSetting(db, 'topUpLimits');
}

function checkRange(amount: Cents, min: Cents, max: Cents): void {
  if (amount < min) throw new AppError('wallet.belowMin', { min: toAmount(min) });
  if (amount > max) throw new AppError('wallet.aboveMax', { max: toAmount(max) });
}

/**
 * POST /api/user/recharge for an on-chain or manual top-up: checks the network (a manual one: that
 * the shop has a bank account to transfer to), the amount and the addresses, takes the evidence
 * picture (the shopper's own upload, private from now on) and records the top-up as auditing, once
 * per Idempotency-Key. No money moves: the operator passes it later with the amount that arrived.
 */
export async function createRecharge(
  db: Db,
  input: RechargeInput,
  body: RechargeBody & { type: 'chain' | 'manual' },
): Promise<Omit<RechargeAnswer, 'invoiceLink'>> {
  refuseDemoTopUp(input);
  // No account to transfer to (the operator has set none, or removed it while the screen was open).
  if (body.type === 'manual' && !(await readSetting(db, 'bankDetails')))
    throw new AppError('wallet.bankUnavailable');
  const limits = await topUpLimits(db);
  const network = body.type === 'chain' ? await enabledNetwork(db, body.network_id!) : undefined;
  if (body.type === 'chain') {
    if (!network) throw new AppError('wallet.networkUnknown');
    if (!fitsNetwork(network, body.from_address!)) throw new AppError('wallet.networkMismatch');
    checkRange(body.amount, network.minRecharge, limits.max);
  } else checkRange(body.amount, limits.min, limits.max);

  try {
    return await withFileMoves(db, (moves) =>
      once(
        db,
        { userId: input.userId, scope: 'wallet.recharge', key: input.key, request: body },
        async (tx) => {
          // One shopper's top-ups one at a time: the count below cannot be passed by requests racing it.
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtextextended(${`recharge:${input.userId}`}, 0))`,
          );
          const [{ n }] = await tx
            .select({ n: count() })
            .from(recharges)
            .where(
              and(
                eq(recharges.userId, input.userId),
                eq(recharges.status, AUDIT_STATUS.auditing),
                sql`${recharges.type} <> 'card'`,
              ),
            );
          if (Number(n) >= MAX_AUDITING) throw new AppError('wallet.tooManyAuditing', { max: MAX_AUDITING });
          const txHash = body.type === 'chain' ? (body.tx_hash ?? null) : null;
          if (txHash !== null && network) {
            const [used] = await tx
              .select({ id: recharges.id })
              .from(recharges)
              .where(
                and(
                  eq(recharges.networkId, network.id),
                  sql`lower(${recharges.txHash}) = lower(${txHash})`,
                  sql`${recharges.status} <> ${AUDIT_STATUS.refused}`,
                ),
              );
            if (used) throw new AppError('wallet.txHashUsed');
          }
          const [evidence] = await takeUploads(
            tx,
            {
              userId: input.userId,
              dataDir: input.dataDir,
              refs: [body.evidence!],
              purpose: 'evidence',
              invalid: 'wallet.evidenceInvalid',
            },
            moves,
          );
          const [row] = await tx
            .insert(recharges)
            .values({
              userId: input.userId,
              type: body.type,
              amount: body.amount,
              networkId: network?.id ?? null,
              networkName: network?.name ?? null,
              fromAddress: body.type === 'chain' ? body.from_address! : null,
              txHash,
              evidenceId: evidence.id,
            })
            .returning();
          await postToDesk(tx, 'recharge', [row.id]);
          return rechargeView(row, evidence.path);
        },
      ),
    );
  } catch (err) {
    // Two shoppers naming the same transaction at the same moment: the index lets one through.
    if (isUniqueViolation(err, 'recharges_tx_uq')) throw new AppError('wallet.txHashUsed');
    throw err;
  }
}
