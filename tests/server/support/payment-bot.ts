import type { Update } from 'grammy/types';
import { pino } from 'pino';
import type { Database } from '@server/db/client';
import { cardPayments } from '@server/telegram/bot-host';
import { capturingBot } from '../../support/test-bot';

/**
 * The bot with the shop's card payments on `database` (the wiring the server uses), and the two
 * updates Telegram sends about a payment, for the suites of card top-ups and orders paid by card.
 * Every outgoing Bot API call is captured, none sent.
 */
export const paymentBot = (database: Database) =>
  capturingBot({ payments: cardPayments(database, pino({ level: 'silent' })) });

let updateId = 1000;
/** The id of the last update made here (a pre-checkout query's id ends in it). */
export const lastUpdateId = () => updateId;

const from = (id: number, language_code = 'en') => ({
  id,
  is_bot: false,
  first_name: 'Payer',
  language_code,
});

interface PaymentOptions {
  currency?: string;
  /** The payer's Telegram language. */
  lang?: string;
}

/** Telegram asks before it charges. */
export const preCheckout = (
  payer: number,
  payload: string,
  amount: number,
  { currency = 'USD', lang = 'en' }: PaymentOptions = {},
): Update => ({
  update_id: ++updateId,
  pre_checkout_query: {
    id: `pcq-${updateId}`,
    from: from(payer, lang),
    currency,
    total_amount: amount,
    invoice_payload: payload,
  },
});

/** Telegram reports the payment. */
export const paid = (
  payer: number,
  payload: string,
  amount: number,
  charge: string,
  { currency = 'USD', lang = 'en' }: PaymentOptions = {},
): Update => ({
  update_id: ++updateId,
  message: {
    message_id: updateId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: payer, type: 'private', first_name: 'Payer' },
    from: from(payer, lang),
    successful_payment: {
      currency,
      total_amount: amount,
      invoice_payload: payload,
      telegram_payment_charge_id: charge,
      provider_payment_charge_id: `provider-${charge}`,
    },
  },
});
