import { and, eq, sql } from 'drizzle-orm';
import { toAmount } from '@common/money';
import { AUDIT_STATUS } from '@common/wallet';
import type { CardSettlement } from '@common/schemas/order';
import type { Db, Tx } from '../../db/client';
import { recharges, users } from '../../db/schema';
import { moveMoney } from './ledger';
import { notifyWallet } from './notify';
import { audited } from '../operator';

/**
 * The bot's side of a card top-up: the pre-checkout answer and the credit on Telegram's
 * successful payment. The credit is keyed by Telegram's charge id (a unique index and the ledger's
 * unique key `card:<charge id>`), under a lock on that id, so an update delivered again, or several
 * times at once, credits once.
 */
export interface PaymentQuery {
  /** Who pays: the Telegram user of the query or the message. */
  telegramUserId: number;
  payload: string;
  currency: string;
  /** Cents (USD's smallest unit). */
  totalAmount: number;
}

export interface PaidUpdate extends PaymentQuery {
  chargeId: string;
  providerChargeId: string;
}

/** An unpaid invoice older than this is refused at checkout (the shopper asks for a new one). */
export const INVOICE_HOURS = 24;

const rechargeIdOf = (payload: string): number | undefined => {
  const m = /^recharge:(\d{1,15})$/.exec(payload);
  return m ? Number(m[1]) : undefined;
};

/**
 * Whether Telegram may take the payment: the invoice is a card top-up of this Telegram user's
 * shopper, still unpaid and recent, for exactly its amount in USD. Answers a translation key
 * of the reason when not (the bot shows it in the payer's language).
 */
export async function checkPreCheckout(
  db: Db,
  q: PaymentQuery,
  orderPayments?: OrderPayments,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const id = rechargeIdOf(q.payload);
  if (id === undefined) return { ok: false, reason: 'wallet.invoiceUnknown' };
  const [row] = await db
    .select({
      type: recharges.type,
      status: recharges.status,
      amount: recharges.amount,
      userId: recharges.userId,
      payOutTradeNo: recharges.payOutTradeNo,
      payOrderId: recharges.payOrderId,
      telegramId: users.telegramId,
      fresh: sql<boolean>`${recharges.createdAt} > now() - make_interval(hours => ${INVOICE_HOURS})`,
    })
    .from(recharges)
    .innerJoin(users, eq(users.id, recharges.userId))
    .where(eq(recharges.id, id));
  if (!row || row.type !== 'card') return { ok: false, reason: 'wallet.invoiceUnknown' };
  if (row.telegramId !== q.telegramUserId) return { ok: false, reason: 'wallet.invoiceNotYours' };
  if (row.status !== AUDIT_STATUS.auditing) return { ok: false, reason: 'wallet.invoiceUsed' };
  if (!row.fresh) return { ok: false, reason: 'wallet.invoiceExpired' };
  if (q.currency !== 'USD' || q.totalAmount !== row.amount)
    return { ok: false, reason: 'wallet.invoiceAmount' };
  if (row.payOutTradeNo !== null || row.payOrderId !== null) {
    // An invoice for orders is only ever made where the checkout's side is wired in.
    if (!orderPayments) return { ok: false, reason: 'wallet.invoiceUnknown' };
    const reason = await orderPayments.refuse(db, { rechargeId: id, ...row });
    if (reason) return { ok: false, reason };
  }
  return { ok: true };
}

export interface Credited {
  /** False when this charge was already credited (a repeated update): nothing moved now. */
  credited: boolean;
  rechargeId: number;
  userId: number;
  amount: string;
  balance: string;
  /** A card payment of orders: the orders paid, or why the money stayed on the balance. */
  settlement?: CardSettlement;
}

/** The row of a card invoice that pays orders (the checkout module's side, given by the caller). */
export interface OrderInvoice {
  rechargeId: number;
  userId: number;
  amount: number;
  payOutTradeNo: string | null;
  payOrderId: number | null;
}

/**
 * What a card invoice that pays orders asks of the checkout (server/modules/checkout/card.ts):
 * whether the orders are still due for its amount, and paying them from the credited charge.
 */
export interface OrderPayments {
  /** The pre-checkout's refusal (a translation key) when the orders are no longer due as invoiced. */
  refuse(db: Db, invoice: OrderInvoice): Promise<string | undefined>;
  /** Pays the orders in the transaction of the credit; undefined when the invoice names none. */
  settle(tx: Tx, invoice: OrderInvoice, balanceAfterCredit: number): Promise<CardSettlement | undefined>;
}

async function balanceOf(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  return row.balance;
}

/**
 * Credits a successful card payment. Normally it passes the invoice's top-up with the amount paid.
 * A second payment of an invoice already paid (two checkouts that both passed the pre-checkout)
 * is money received all the same: it becomes a top-up of its own and is credited too. Answers
 * undefined when the payment cannot be attributed (no such invoice, no shopper for the payer, not
 * USD): nothing moves, and the caller reports it for the operator.
 */
export async function creditCardPayment(
  db: Db,
  p: PaidUpdate,
  orderPayments?: OrderPayments,
): Promise<Credited | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`card:${p.chargeId}`}, 0))`);
    const [done] = await tx
      .select({ id: recharges.id, userId: recharges.userId, arrival: recharges.arrivalAmount })
      .from(recharges)
      .where(eq(recharges.telegramChargeId, p.chargeId));
    if (done)
      return {
        credited: false,
        rechargeId: done.id,
        userId: done.userId,
        amount: toAmount(done.arrival ?? 0),
        balance: toAmount(await balanceOf(tx, done.userId)),
      };
    if (p.currency !== 'USD' || !Number.isSafeInteger(p.totalAmount) || p.totalAmount <= 0) return undefined;
    const id = rechargeIdOf(p.payload);
    const [invoice] =
      id === undefined
        ? []
        : await tx
            .select({
              id: recharges.id,
              userId: recharges.userId,
              amount: recharges.amount,
              payOutTradeNo: recharges.payOutTradeNo,
              payOrderId: recharges.payOrderId,
            })
            .from(recharges)
            .where(and(eq(recharges.id, id), eq(recharges.type, 'card')));
    let userId = invoice?.userId;
    if (userId === undefined) {
      const [payer] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.telegramId, p.telegramUserId));
      if (!payer) return undefined;
      userId = payer.id;
    }
    const paid = {
      status: AUDIT_STATUS.passed,
      arrivalAmount: p.totalAmount,
      telegramChargeId: p.chargeId,
      providerChargeId: p.providerChargeId,
      ...audited('telegram'),
    };
    const [passed] = invoice
      ? await tx
          .update(recharges)
          .set(paid)
          .where(and(eq(recharges.id, invoice.id), eq(recharges.status, AUDIT_STATUS.auditing)))
          .returning({ id: recharges.id })
      : [];
    const rechargeId =
      passed?.id ??
      (
        await tx
          .insert(recharges)
          .values({ userId, type: 'card', amount: p.totalAmount, ...paid })
          .returning({ id: recharges.id })
      )[0].id;
    const moved = await moveMoney(tx, {
      userId,
      type: 'card_topup',
      balance: p.totalAmount,
      ref: { type: 'recharge', id: rechargeId },
      uniqueKey: `card:${p.chargeId}`,
    });
    const amount = toAmount(p.totalAmount);
    // The invoice's first payment pays the orders it names (a second one is a top-up of its own).
    const settlement =
      passed && invoice && orderPayments
        ? await orderPayments.settle(tx, { ...invoice, rechargeId }, moved.balanceAfter)
        : undefined;
    // The bot answers the payment in the chat itself: this notice is for the app's list only.
    await notifyWallet(tx, {
      userId,
      kind:
        settlement?.outcome === 'paid'
          ? 'wallet.notify.cardPaidOrders'
          : settlement
            ? 'wallet.notify.cardToBalance'
            : 'wallet.notify.cardCredited',
      params: { id: rechargeId, amount },
      ref: { type: 'recharge', id: rechargeId },
      sent: true,
    });
    const balance = settlement ? settlement.balance : toAmount(moved.balanceAfter);
    return { credited: true, rechargeId, userId, amount, balance, ...(settlement ? { settlement } : {}) };
  });
}
