import { and, eq, isNull, sql } from 'drizzle-orm';
import { botApi, sendFailure } from '../../telegram/bot-api';
import type { Lang } from '@common/languages';
import { toAmount, type Cents } from '@common/money';
import type { RechargeCardAnswer } from '@common/schemas/wallet-topup';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { recharges, users } from '../../db/schema';
import { AppError, TooManyError } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { once } from '../../lib/idempotency';
import { blockedFor, hit, minutesLeft, release } from '../../lib/rate-limit';
import { refuseDemoTopUp, topUpLimits } from './recharge';

/**
 * Card top-ups through Telegram Payments: the shopper asks for an amount, the server
 * records a card top-up (auditing: an invoice not yet paid) and answers a Telegram invoice link
 * (Bot API createInvoiceLink, currency USD, the provider token of PAYMENT_PROVIDER_TOKEN) that the
 * Mini App opens with the SDK's invoice.open(link, 'url'). The bot answers the pre-checkout query
 * and credits the balance on the successful payment (card-payments.ts). The invoice's payload is
 * `recharge:<id>`.
 */
export interface InvoiceRequest {
  title: string;
  description: string;
  payload: string;
  label: string;
  amount: Cents;
}

/** Makes an invoice link; the server's own uses Telegram, tests may point it at a fake Bot API. */
export type InvoiceMaker = (invoice: InvoiceRequest) => Promise<string>;

/** How long the shopper's press waits for Telegram to make one invoice link, in seconds. */
const INVOICE_TIMEOUT_SECONDS = 10;

/**
 * Invoice links through the Bot API, or undefined when the shop has no payment provider. A call
 * that never reached Telegram (a kept-alive connection closed under it, a reset) is made once more
 * at once: a link is no charge, so a second one costs nothing, while a shopper told "temporarily
 * unavailable" for a dropped socket would have to press again.
 */
export function telegramInvoices(config: Config): InvoiceMaker | undefined {
  const { PAYMENT_PROVIDER_TOKEN } = config;
  const api = botApi(config, INVOICE_TIMEOUT_SECONDS);
  if (!api || !PAYMENT_PROVIDER_TOKEN) return undefined;
  const make = (i: InvoiceRequest) =>
    api.createInvoiceLink(i.title, i.description, i.payload, PAYMENT_PROVIDER_TOKEN, 'USD', [
      { label: i.label, amount: i.amount },
    ]);
  return async (i) => {
    try {
      return await make(i);
    } catch (err) {
      if (sendFailure(err).kind !== 'unreachable') throw err;
      return make(i);
    }
  };
}

export const invoicePayload = (rechargeId: number) => `recharge:${rechargeId}`;

/** Card invoices one shopper may ask for in 10 minutes. */
export const INVOICE_RATE = { perWindow: 10, windowMs: 10 * 60 * 1000 };

export interface CardTopUpInput {
  userId: number;
  /** The shopper is the shared demo account (from the session's user row). */
  isDemo: boolean;
  lang: Lang;
  amount: Cents;
  /** The request's Idempotency-Key: the same key answers the same invoice. */
  key: string;
  /** Told why Telegram made no link (the shopper only reads "temporarily unavailable"). */
  onInvoiceError?: (err: unknown) => void;
}

/**
 * POST /api/user/recharge_card (and recharge with type card): the top-up and its invoice link.
 * The top-up row is made once per Idempotency-Key, its link by linkInvoice.
 */
export async function createCardTopUp(
  db: Db,
  invoices: InvoiceMaker | undefined,
  input: CardTopUpInput,
): Promise<RechargeCardAnswer> {
  if (!invoices) throw new AppError('wallet.cardUnavailable');
  // Telegram says who pays: an account Telegram does not know could never pass the pre-checkout.
  refuseDemoTopUp(input);
  await refuseWithoutTelegram(db, input.userId);
  const limits = await topUpLimits(db);
  if (input.amount < limits.min) throw new AppError('wallet.belowMin', { min: toAmount(limits.min) });
  if (input.amount > limits.max) throw new AppError('wallet.aboveMax', { max: toAmount(limits.max) });
  const made = await once(
    db,
    { userId: input.userId, scope: 'wallet.rechargeCard', key: input.key, request: { amount: input.amount } },
    async (tx) => {
      await limitInvoices(tx, input.userId);
      const [row] = await tx
        .insert(recharges)
        .values({ userId: input.userId, type: 'card', amount: input.amount })
        .returning({ id: recharges.id });
      return { id: row.id, amount: toAmount(input.amount) };
    },
  );
  const invoiceLink = await linkInvoice(
    db,
    invoices,
    {
      id: made.id,
      amount: input.amount,
      title: translate(input.lang, 'wallet.invoice.title'),
      description: translate(input.lang, 'wallet.invoice.description', { amount: made.amount }),
      label: translate(input.lang, 'wallet.invoice.label'),
    },
    input.onInvoiceError,
  );
  return { ...made, invoiceLink };
}

/** A card invoice needs the shopper's Telegram account: Telegram says who pays. */
export async function refuseWithoutTelegram(db: Db, userId: number): Promise<void> {
  const [user] = await db.select({ telegramId: users.telegramId }).from(users).where(eq(users.id, userId));
  if (user?.telegramId === null || user?.telegramId === undefined)
    throw new AppError('wallet.cardNeedsTelegram');
}

/** Counts one more card invoice of the shopper, refused past INVOICE_RATE (top-ups and orders together). */
export async function limitInvoices(tx: Tx, userId: number): Promise<void> {
  const rate = `card-invoice:user:${userId}`;
  if ((await hit(tx, rate, INVOICE_RATE.windowMs)) > INVOICE_RATE.perWindow) {
    const wait = await blockedFor(tx, rate, INVOICE_RATE.perWindow);
    await release(tx, rate);
    throw new TooManyError('wallet.tooManyInvoices', { minutes: minutesLeft(wait) });
  }
}

/**
 * The invoice link of a card row (a top-up, or a payment of orders), made once: asked from Telegram
 * outside any database transaction (a slow Telegram holds no lock) and kept on the row, so a replay
 * answers it again. Telegram unreachable: "temporarily unavailable", and the unpaid row stays
 * invisible.
 */
export async function linkInvoice(
  db: Db,
  invoices: InvoiceMaker,
  invoice: { id: number; amount: Cents; title: string; description: string; label: string },
  onInvoiceError?: (err: unknown) => void,
): Promise<string> {
  const [row] = await db
    .select({ invoiceLink: recharges.invoiceLink })
    .from(recharges)
    .where(eq(recharges.id, invoice.id));
  if (row?.invoiceLink) return row.invoiceLink;
  let link: string;
  try {
    link = await invoices({ ...invoice, payload: invoicePayload(invoice.id) });
  } catch (err) {
    onInvoiceError?.(err);
    throw new AppError('wallet.cardUnavailable');
  }
  await db
    .update(recharges)
    .set({ invoiceLink: link, updatedAt: sql`now()` })
    .where(and(eq(recharges.id, invoice.id), isNull(recharges.invoiceLink)));
  return link;
}
