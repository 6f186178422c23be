import type { UserFromGetMe } from 'grammy/types';
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
  /** Card top-ups through Telegram Payments; absent: the bot takes no payments. */
  payments?: CardPayments;
  /** The operator's desk (OPERATOR_CHAT_ID); absent: no desk buttons, no /stats. */
  desk?: OperatorDesk;
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
  paid(
    p: PaymentInfo & { chargeId: string; providerChargeId: string },
  ): Promise<{ credited: boolean; amount: string; balance: string } | undefined>;
}
