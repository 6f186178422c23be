import type { Cents } from './money';

/**
 * The wallet's shared rules: audit statuses, kinds of top-ups and withdrawals, the withdrawal fee,
 * and the bank card number check. Used by the server, which decides, and by the Mini App, which
 * shows the same fee and refuses the same card numbers before anything is sent.
 */

/** Audit status of a top-up or a withdrawal, also the codes their records are filtered by. */
export const AUDIT_STATUS = { auditing: 0, passed: 1, refused: 2 } as const;
export type AuditStatus = (typeof AUDIT_STATUS)[keyof typeof AUDIT_STATUS];
export const AUDIT_STATUSES = Object.values(AUDIT_STATUS) as AuditStatus[];

/** The kinds the wallet history's filter offers, in this order (after "all"). */
export const BILL_FILTERS = ['payment', 'refund', 'topup', 'withdraw', 'adjustment'] as const;

/** How a top-up arrives: on-chain transfer, manual (bank transfer receipt), or card through Telegram. */
export const RECHARGE_TYPES = ['chain', 'manual', 'card'] as const;
export type RechargeType = (typeof RECHARGE_TYPES)[number];

/** Where a withdrawal goes: a bank card or an on-chain address. */
export const WITHDRAW_TYPES = ['bank', 'chain'] as const;
export type WithdrawType = (typeof WITHDRAW_TYPES)[number];

/**
 * Kinds of ledger entries (the bill's kinds). `topup` is an audited on-chain or manual top-up,
 * `card_topup` a card payment through Telegram; the bill's filter `topup` shows both.
 */
export const LEDGER_TYPES = [
  'demo_credit',
  'adjustment',
  'payment',
  'refund',
  'topup',
  'card_topup',
  'withdraw_hold',
  'withdraw_paid',
  'withdraw_return',
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

/** A fee rule: a rate in basis points (100 = 1 %) with a minimum, both applied to the amount. */
export interface FeeRule {
  rateBps: number;
  min: Cents;
}

/**
 * The fee of withdrawing `amount` cents: the rate rounded up to whole cents, at least the minimum.
 * The shopper receives `amount`; amount + fee leaves the balance.
 */
export function withdrawalFee(amount: Cents, rule: FeeRule): Cents {
  const byRate = Math.ceil((amount * rule.rateBps) / 10_000);
  return Math.max(byRate, rule.min);
}

/** The digits of a card number as typed: spaces and dashes between groups are allowed. */
export function cardDigits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** A bank card number: 12 to 19 digits passing the Luhn check. */
export function isCardNumber(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Any on-chain address the contract takes: 16 to 128 letters, digits, `:_-` (a network narrows it). */
export const ADDRESS_TEXT = /^[A-Za-z0-9:_-]{16,128}$/;
/** A transaction hash as the contract takes it: hex digits, with or without `0x`. */
export const TX_HASH_TEXT = /^(0x)?[0-9A-Fa-f]{16,128}$/;

/**
 * Whether `address` can be an address on a network whose addresses match `pattern` (the whole
 * address; a TRC20 address on an ERC20 network does not). Without a pattern any address fits; a
 * pattern that is no valid regular expression refuses nothing (the operator's command checks them).
 * The server decides with it; the Mini App says the same before anything is sent.
 */
export function fitsAddressPattern(pattern: string | null, address: string): boolean {
  if (!pattern) return true;
  try {
    return new RegExp(`^(?:${pattern})$`).test(address);
  } catch {
    return true;
  }
}

/** How a card is shown back everywhere: its last four digits only. */
export const maskedCard = (last4: string): string => `•••• ${last4}`;

/** An IBAN without spaces, upper case: country, two check digits, 11 to 30 letters and digits. */
export const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** The IBAN check (ISO 13616) of a compact IBAN: country and check digits moved to the end, mod 97 is 1. */
export function ibanChecks(iban: string): boolean {
  let rest = 0;
  for (const ch of iban.slice(4) + iban.slice(0, 4)) {
    const value = parseInt(ch, 36);
    rest = (value >= 10 ? rest * 100 + value : rest * 10 + value) % 97;
  }
  return rest === 1;
}

/** An IBAN in groups of four, as banks print it; another account number as it is. */
export const shownAccount = (account: string): string =>
  IBAN_SHAPE.test(account) ? account.replace(/(.{4})(?=.)/g, '$1 ') : account;
