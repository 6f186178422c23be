import type { InlineQueryResult, UserFromGetMe } from 'grammy/types';
import type { OperatorDesk } from './desk-deps';

/** What the bot is given by its host (the server process, or a test). */
export interface BotDeps {
  token: string;
  /** The Mini App's public HTTPS address; buttons open it. */
  appUrl: string | undefined;
  /** Translates a key of locales/*.json for a Telegram language code. */
  t: (languageCode: string | undefined, key: string, params?: Record<string, string | number>) => string;
  botInfo?: UserFromGetMe;
  apiRoot?: string;
  testEnv?: boolean;
  log?: (msg: string, err?: unknown) => void;
  /** The shop's accounts behind Telegram users (server/telegram/shoppers.ts); absent: no database. */
  shoppers?: Shoppers;
  /** Card top-ups through Telegram Payments; absent: the bot takes no payments. */
  payments?: CardPayments;
  /** The operator's desk (OPERATOR_CHAT_ID); absent: no desk buttons, no /stats. */
  desk?: OperatorDesk;
  /** Customer service in the operator chat; absent: the bot does not answer for the shop. */
  service?: ServiceDesk;
  /** The catalogue as cards for inline queries (`@bot phone`); absent: inline queries go unanswered. */
  catalog?: ProductCards;
}

/** The shop's products as cards a shopper sends into any chat (server/modules/catalog/share-card.ts). */
export interface ProductCards {
  /** A page of cards matching `text` (the best sellers when empty) from `offset` ('' for the first). */
  inline(query: {
    text: string;
    offset: string;
    languageCode: string | undefined;
  }): Promise<{ results: InlineQueryResult[]; nextOffset: string }>;
}

/** An operator's message in the operator chat that may answer a shopper (bot/features/service.ts). */
export interface OperatorMessage {
  operatorTgId: number;
  messageId: number;
  /** The forum topic it was written in. */
  topicId?: number;
  /** The message it replies to. */
  replyToMessageId?: number;
  text: string;
  /** Downloads the message's picture, if it has one. */
  photo?: () => Promise<Buffer>;
}

/** The shop's side of customer service (server/modules/service). */
export interface ServiceDesk {
  chatId: number;
  operatorIds: readonly number[];
  /** Stores an operator's answer; false when the message answers no shopper's conversation. */
  fromOperator(m: OperatorMessage): Promise<boolean>;
  /** A file of Telegram's (getFile's file_path) as bytes. */
  download(filePath: string): Promise<Buffer>;
}

/** What Telegram says about a payment: who pays, the invoice's payload, the amount (smallest units). */
export interface PaymentInfo {
  telegramUserId: number;
  payload: string;
  currency: string;
  totalAmount: number;
}

/** The shop's side of card payments (server/modules/wallet/card-payments.ts). */
export interface CardPayments {
  /** May Telegram take this payment? Otherwise the reason, a key of the locale files. */
  preCheckout(q: PaymentInfo): Promise<{ ok: true } | { ok: false; reason: string }>;
  /**
   * Credits a successful payment once per charge id: `credited` false for an update seen before
   * (nothing moved now); undefined when it could not be attributed (nothing moved at all).
   */
  paid(p: PaymentInfo & { chargeId: string; providerChargeId: string }): Promise<
    | {
        credited: boolean;
        amount: string;
        balance: string;
        /**
         * An invoice for orders: they were paid, or the money stayed on the balance (`reason`, a key
         * of the locale files).
         */
        orders?: { paid: true } | { paid: false; reason: string };
      }
    | undefined
  >;
}

/** What the bot asks the shop about the people writing to it, and the updates it has handled. */
export interface Shoppers {
  /** Records an update id; false when it was recorded before (Telegram delivered it again). */
  firstDelivery(updateId: number): Promise<boolean>;
  /** Forgets an update id whose handling failed, so a re-delivery is handled. */
  forgetDelivery(updateId: number): Promise<void>;
  /**
   * The language of the shop account linked to this Telegram user, undefined when none is. They
   * wrote to the bot, so a chat the outbox had marked blocked is open again.
   */
  language(telegramId: number): Promise<string | undefined>;
}
