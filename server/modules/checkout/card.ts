import { and, eq } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import { toAmount } from '@common/money';
import type { CardPaymentAnswer, CardSettlement, PayCardAnswer } from '@common/schemas/order';
import type { Db, Tx } from '../../db/client';
import { recharges } from '../../db/schema';
import { AppError, NotFoundError } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { CommitThenFail, once } from '../../lib/idempotency';
import {
  limitInvoices,
  linkInvoice,
  refuseWithoutTelegram,
  type InvoiceMaker,
  refuseDemoTopUp,
} from '../wallet';
import { dueOf, payOrders, payTargetOrders, type PayTarget } from './pay';

/**
 * Orders paid by card in one step (POST /api/order/payCard): a Telegram invoice for what the
 * checkout's unpaid orders (or the one order) cost now. It is a card row of `recharges` that names
 * the orders. When Telegram reports the payment, the bot credits the charge and, in the same
 * transaction, pays the orders from it (settleCardPayment): the bill shows the card's credit and
 * the payment. Orders that could no longer be paid by then (expired, cancelled, paid otherwise)
 * leave the money on the balance, and the shopper is told why.
 */
export interface CardPayInput {
  userId: number;
  isDemo: boolean;
  lang: Lang;
  target: PayTarget;
  /** The request's Idempotency-Key: the same key answers the same invoice. */
  key: string;
  onInvoiceError?: (err: unknown) => void;
}

const targetColumns = (target: PayTarget) =>
  target.kind === 'group'
    ? { payOutTradeNo: target.outTradeNo, payOrderId: null }
    : { payOutTradeNo: null, payOrderId: target.orderId };

const targetOf = (row: { payOutTradeNo: string | null; payOrderId: number | null }): PayTarget | undefined =>
  row.payOutTradeNo !== null
    ? { kind: 'group', outTradeNo: row.payOutTradeNo }
    : row.payOrderId !== null
      ? { kind: 'order', orderId: row.payOrderId }
      : undefined;

export async function createCardPayment(
  db: Db,
  invoices: InvoiceMaker | undefined,
  input: CardPayInput,
): Promise<PayCardAnswer> {
  if (!invoices) throw new AppError('wallet.cardUnavailable');
  refuseDemoTopUp(input);
  await refuseWithoutTelegram(db, input.userId);
  const made = await once(
    db,
    { userId: input.userId, scope: 'checkout.payCard', key: input.key, request: input.target },
    async (tx) => {
      const rows = await payTargetOrders(tx, input.userId, input.target);
      const { total } = dueOf(rows);
      // Everything discounted away: nothing a card could be charged; the balance pays nothing.
      if (total <= 0) throw new AppError('checkout.cardNothingToCharge');
      await limitInvoices(tx, input.userId);
      const [row] = await tx
        .insert(recharges)
        .values({ userId: input.userId, type: 'card', amount: total, ...targetColumns(input.target) })
        .returning({ id: recharges.id });
      return { id: row.id, cents: total, outTradeNo: rows[0].outTradeNo };
    },
  );
  const amount = toAmount(made.cents);
  const invoiceLink = await linkInvoice(
    db,
    invoices,
    {
      id: made.id,
      amount: made.cents,
      title: translate(input.lang, 'checkout.cardInvoice.title'),
      description: translate(input.lang, 'checkout.cardInvoice.description', { no: made.outTradeNo }),
      label: translate(input.lang, 'checkout.cardInvoice.label'),
    },
    input.onInvoiceError,
  );
  return { id: made.id, amount, invoiceLink };
}

/**
 * The pre-checkout's question for a card payment of orders: are they still due, for exactly the
 * invoice's amount? Answers the reason's translation key when not (Telegram then charges nothing).
 */
export async function refuseChangedOrders(
  db: Db,
  invoice: { userId: number; amount: number; payOutTradeNo: string | null; payOrderId: number | null },
): Promise<string | undefined> {
  const target = targetOf(invoice);
  if (!target) return undefined;
  const rows = await payTargetOrders(db, invoice.userId, target, { forUpdate: false });
  try {
    return dueOf(rows).total === invoice.amount ? undefined : 'checkout.cardOrdersChanged';
  } catch (error) {
    if (error instanceof AppError) return error.key;
    throw error;
  }
}

/**
 * Pays the orders a card invoice names, in the transaction that has just credited its charge to the
 * shopper's balance. Orders that can no longer be paid leave the money on the balance (a savepoint
 * undoes any part of the payment): the settlement says which, and is kept on the row for the app.
 */
export async function settleCardPayment(
  tx: Tx,
  paid: { rechargeId: number; userId: number; payOutTradeNo: string | null; payOrderId: number | null },
  balanceAfterCredit: number,
): Promise<CardSettlement | undefined> {
  const target = targetOf(paid);
  if (!target) return undefined;
  let settlement: CardSettlement;
  try {
    const answer = await tx.transaction(async (sp) => {
      const result = await payOrders(sp, paid.userId, target);
      if (result instanceof CommitThenFail) throw result.error;
      return result;
    });
    settlement = { outcome: 'paid', ...answer };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    settlement = { outcome: 'balance', reason: error.key, balance: toAmount(balanceAfterCredit) };
  }
  await tx
    .update(recharges)
    .set({ settlement })
    .where(and(eq(recharges.id, paid.rechargeId), eq(recharges.userId, paid.userId)));
  return settlement;
}

/** GET /api/order/payCard: what came of the shopper's card payment of orders (another's looks absent). */
export async function cardPayment(
  db: Db,
  userId: number,
  lang: Lang,
  id: number,
): Promise<CardPaymentAnswer> {
  const [row] = await db
    .select({
      settlement: recharges.settlement,
      payOutTradeNo: recharges.payOutTradeNo,
      payOrderId: recharges.payOrderId,
    })
    .from(recharges)
    .where(and(eq(recharges.id, id), eq(recharges.userId, userId)));
  if (!row || !targetOf(row)) throw new NotFoundError();
  const s = row.settlement;
  return {
    id,
    settlement: s && s.outcome === 'balance' ? { ...s, reason: translate(lang, s.reason) } : s,
  };
}
