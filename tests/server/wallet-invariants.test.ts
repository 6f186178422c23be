import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawalFee } from '../../common/wallet';
import type { Database } from '../../server/db/client';
import { uploads, users } from '../../server/db/schema';
import { AppError } from '../../server/lib/errors';
import { configurePasswords, hashPassword } from '../../server/lib/passwords';
import { TEST_PASSWORD_HASH_COST } from '../../server/config';
import { OperatorError } from '../../server/modules/operator';
import { passRecharge, passWithdrawal, refuseRecharge, refuseWithdrawal } from '../../server/modules/wallet';
import { creditCardPayment } from '../../server/modules/wallet/card-payments';
import { createCardTopUp } from '../../server/modules/wallet/card-topup';
import { createRecharge } from '../../server/modules/wallet/recharge';
import { createWithdrawal } from '../../server/modules/wallet/withdraw';
import { freshDatabase } from '../support/db';
import { walletProblems } from './support/wallet-invariants';
import { takeBankTransfers } from './wallet-fixture';

/**
 * The wallet's money rules under random sequences of what shoppers, the operator and Telegram do
 * (extending the buying work's property tests): top-ups asked, passed and refused, withdrawals
 * asked, passed and refused, card payments delivered once or several times. After every step the
 * balance and the frozen amount are what a plain model of the rules says, and the invariants hold:
 * balance == sum(balance_change), frozen == sum(frozen_change), every hold released or paid out
 * exactly once, every passed top-up credited exactly its arrival amount once.
 */
const PAY = '135790';
const BANK_FEE = { rateBps: 100, min: 100 };

let database: Database;
let db: Database['db'];
let dataDir: string;
let payHash: string;
beforeAll(async () => {
  configurePasswords({ costLog2: TEST_PASSWORD_HASH_COST });
  database = await freshDatabase();
  db = database.db;
  await takeBankTransfers(db);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-wallet-prop-'));
  payHash = await hashPassword(PAY);
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Op =
  | { op: 'askTopUp'; who: number; cents: number }
  | { op: 'passTopUp'; pick: number; arrival: number | null }
  | { op: 'refuseTopUp'; pick: number }
  | { op: 'askWithdrawal'; who: number; cents: number; wrongPassword: boolean }
  | { op: 'passWithdrawal'; pick: number }
  | { op: 'refuseWithdrawal'; pick: number }
  | { op: 'cardPayment'; who: number; cents: number; deliveries: number; secondCharge: boolean };

const who = fc.integer({ min: 0, max: 2 });
const pick = fc.nat({ max: 50 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('askTopUp' as const), who, cents: fc.integer({ min: 100, max: 50_000 }) }),
  fc.record({
    op: fc.constant('passTopUp' as const),
    pick,
    arrival: fc.option(fc.integer({ min: 1, max: 60_000 })),
  }),
  fc.record({ op: fc.constant('refuseTopUp' as const), pick }),
  fc.record({
    op: fc.constant('askWithdrawal' as const),
    who,
    cents: fc.integer({ min: 1000, max: 30_000 }),
    wrongPassword: fc.boolean(),
  }),
  fc.record({ op: fc.constant('passWithdrawal' as const), pick }),
  fc.record({ op: fc.constant('refuseWithdrawal' as const), pick }),
  fc.record({
    op: fc.constant('cardPayment' as const),
    who,
    cents: fc.integer({ min: 100, max: 20_000 }),
    deliveries: fc.integer({ min: 1, max: 3 }),
    secondCharge: fc.boolean(),
  }),
);

interface Model {
  users: { id: number; balance: number; frozen: number }[];
  topUps: { id: number; user: number; amount: number; status: 0 | 1 | 2 }[];
  withdrawals: { id: number; user: number; total: number; status: 0 | 1 | 2 }[];
}

async function newShoppers(): Promise<Model['users']> {
  const made = await db
    .insert(users)
    .values(
      [0, 1, 2].map(() => ({
        account: `prop_${randomBytes(6).toString('hex')}`,
        payPasswordHash: payHash,
        // Card top-ups are for shoppers Telegram knows.
        telegramId: 8_000_000_000 + randomBytes(4).readUInt32BE(0),
      })),
    )
    .returning({ id: users.id });
  return made.map((u) => ({ id: u.id, balance: 0, frozen: 0 }));
}

/** A picture of the shopper's as POST /api/upload leaves it (row and file), to name as evidence. */
async function evidenceOf(userId: number): Promise<string> {
  const url = `/pending/2026-11/${randomBytes(12).toString('hex')}.webp`;
  mkdirSync(path.join(dataDir, 'pending', '2026-11'), { recursive: true });
  writeFileSync(path.join(dataDir, url), 'webp');
  await db.insert(uploads).values({ userId, path: url, bytes: 4 });
  return url;
}

/** Runs `work`, expecting either success or a refusal (an AppError or OperatorError); answers which. */
async function attempt<T>(work: () => Promise<T>): Promise<T | 'refused'> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError || err instanceof OperatorError) return 'refused';
    throw err;
  }
}

async function apply(m: Model, o: Op): Promise<void> {
  switch (o.op) {
    case 'askTopUp': {
      const u = m.users[o.who];
      const made = await createRecharge(
        db,
        { userId: u.id, isDemo: false, key: randomUUID(), dataDir },
        { type: 'manual', amount: o.cents, evidence: await evidenceOf(u.id) },
      );
      m.topUps.push({ id: made.id, user: o.who, amount: o.cents, status: 0 });
      return;
    }
    case 'passTopUp':
    case 'refuseTopUp': {
      const t = m.topUps[o.pick % Math.max(m.topUps.length, 1)];
      if (!t) return;
      const done = await attempt(() =>
        o.op === 'passTopUp'
          ? passRecharge(db, { rechargeId: t.id, arrivalAmount: o.arrival ?? undefined, operator: 'prop' })
          : refuseRecharge(db, { rechargeId: t.id, reason: 'Not received', operator: 'prop' }),
      );
      if (done === 'refused' || done.alreadyDone) {
        expect(t.status).not.toBe(0);
        return;
      }
      expect(t.status).toBe(0);
      if (o.op === 'passTopUp') {
        t.status = 1;
        m.users[t.user].balance += o.arrival ?? t.amount;
      } else t.status = 2;
      return;
    }
    case 'askWithdrawal': {
      const u = m.users[o.who];
      const total = o.cents + withdrawalFee(o.cents, BANK_FEE);
      const done = await attempt(() =>
        createWithdrawal(
          db,
          { userId: u.id, key: randomUUID() },
          {
            type: 'bank',
            amount: o.cents,
            password_pay: o.wrongPassword ? '000000' : PAY,
            bank_name: 'Prop Bank',
            holder: 'Prop',
            card_number: '4242424242424242',
          },
        ),
      );
      // A wrong password counts a try: reset so the lock never decides the outcome.
      await db.update(users).set({ payFailCount: 0, payLockedUntil: null }).where(eq(users.id, u.id));
      const covered = total <= u.balance;
      if (done === 'refused') {
        expect(o.wrongPassword || !covered).toBe(true);
        return;
      }
      expect(covered && !o.wrongPassword).toBe(true);
      expect(done.withdrawal.total).toBe((total / 100).toFixed(2));
      u.balance -= total;
      u.frozen += total;
      m.withdrawals.push({ id: done.withdrawal.id, user: o.who, total, status: 0 });
      return;
    }
    case 'passWithdrawal':
    case 'refuseWithdrawal': {
      const w = m.withdrawals[o.pick % Math.max(m.withdrawals.length, 1)];
      if (!w) return;
      const done = await attempt(() =>
        o.op === 'passWithdrawal'
          ? passWithdrawal(db, { withdrawalId: w.id, operator: 'prop' })
          : refuseWithdrawal(db, { withdrawalId: w.id, reason: 'Bank refused', operator: 'prop' }),
      );
      if (done === 'refused' || done.alreadyDone) {
        expect(w.status).not.toBe(0);
        return;
      }
      expect(w.status).toBe(0);
      const u = m.users[w.user];
      u.frozen -= w.total;
      if (o.op === 'passWithdrawal') w.status = 1;
      else {
        w.status = 2;
        u.balance += w.total;
      }
      return;
    }
    case 'cardPayment': {
      const u = m.users[o.who];
      const invoice = await attempt(() =>
        createCardTopUp(db, async () => 'https://t.me/$prop', {
          userId: u.id,
          isDemo: false,
          lang: 'en-US',
          amount: o.cents,
          key: randomUUID(),
        }),
      );
      if (invoice === 'refused') return;
      const charges = [`prop-${randomUUID()}`, ...(o.secondCharge ? [`prop-${randomUUID()}`] : [])];
      for (const chargeId of charges) {
        for (let i = 0; i < o.deliveries; i++) {
          const credited = await creditCardPayment(db, {
            telegramUserId: 0,
            payload: `recharge:${invoice.id}`,
            currency: 'USD',
            totalAmount: o.cents,
            chargeId,
            providerChargeId: `p-${chargeId}`,
          });
          expect(credited?.credited).toBe(i === 0);
        }
        u.balance += o.cents;
      }
      return;
    }
  }
}

describe('wallet invariants under random operations', () => {
  it('balance and frozen follow the rules and the ledger after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 16 }), async (ops) => {
        const model: Model = { users: await newShoppers(), topUps: [], withdrawals: [] };
        // Money to start with (a card payment each), so withdrawals have something to hold.
        const start: Op[] = [0, 1, 2].map((w) => ({
          op: 'cardPayment',
          who: w,
          cents: 30_000,
          deliveries: 1,
          secondCharge: false,
        }));
        for (const o of [...start, ...ops]) {
          await apply(model, o);
          const rows = await db
            .select({ id: users.id, balance: users.balance, frozen: users.frozen })
            .from(users);
          for (const u of model.users)
            expect(
              rows.find((r) => r.id === u.id),
              JSON.stringify(o),
            ).toEqual(u);
          expect(
            await walletProblems(
              db,
              model.users.map((u) => u.id),
            ),
          ).toEqual([]);
        }
      }),
      { numRuns: 40 },
    );
    // And across every run's shoppers at the end.
    expect(await walletProblems(db)).toEqual([]);
  }, 240_000);
});
