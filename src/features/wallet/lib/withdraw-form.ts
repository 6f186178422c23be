import { parseAmount, toAmount, type Cents } from '@common/money';
import {
  ADDRESS_TEXT,
  cardDigits,
  fitsAddressPattern,
  isCardNumber,
  withdrawalFee,
  type FeeRule,
  type WithdrawType,
} from '@common/wallet';
import type { ExtractInfo, NetworkItem, PayoutMethod } from '../api';

/**
 * The withdrawal form's rules, the same as the server's (common/schemas/wallet-withdraw.ts
 * extractBody, server/modules/wallet/withdraw.ts), so each problem is said at its field before
 * anything is sent. Messages are keys of the locale files' "withdraw" section.
 */
export interface WithdrawForm {
  type: WithdrawType;
  /** A saved payout method of this type, or null: a new destination typed below. */
  payoutId: number | null;
  bankName: string;
  holder: string;
  cardNumber: string;
  networkId: number | null;
  address: string;
  amount: string;
}

export type FormField = 'amount' | 'bankName' | 'holder' | 'cardNumber' | 'networkId' | 'address';
/** A problem's message: a key of the locale files' "withdraw" section. */
export type WithdrawKey = `withdraw.${
  | 'amountNotPositive'
  | 'amountInvalid'
  | 'amountAboveBalance'
  | 'belowMin'
  | 'aboveMax'
  | 'dailyLimit'
  | 'bankNameRequired'
  | 'holderRequired'
  | 'oneLine'
  | 'cardNumberRequired'
  | 'cardNumberInvalid'
  | 'networkRequired'
  | 'addressRequired'
  | 'addressInvalid'
  | 'networkMismatch'}`;
export interface Problem {
  key: WithdrawKey;
  /** Amounts ("10.00") the message names. */
  values?: { min?: string; max?: string; left?: string };
}
export type Problems = Partial<Record<FormField, Problem>>;

export const emptyForm = (type: WithdrawType = 'bank', payoutId: number | null = null): WithdrawForm => ({
  type,
  payoutId,
  bankName: '',
  holder: '',
  cardNumber: '',
  networkId: null,
  address: '',
  amount: '',
});

const cents = (amount: string): Cents => parseAmount(amount) ?? 0;
const ONE_LINE = /^[^\p{Cc}\p{Cf}]+$/u;

/**
 * The saved methods of `type` that can be used now: an on-chain one only while its network is
 * offered (the server refuses a disabled network as unknown).
 */
export const usableMethods = (info: ExtractInfo, type: WithdrawType): PayoutMethod[] =>
  info.methods.filter(
    (m) => m.type === type && (m.type === 'bank' || info.networks.some((n) => n.id === m.networkId)),
  );

export const chosenMethod = (form: WithdrawForm, info: ExtractInfo): PayoutMethod | undefined =>
  form.payoutId === null ? undefined : usableMethods(info, form.type).find((m) => m.id === form.payoutId);

/** The network the money goes over: the saved method's or the one chosen (none for a bank card). */
export function networkOf(form: WithdrawForm, info: ExtractInfo): NetworkItem | undefined {
  if (form.type === 'bank') return undefined;
  const id = chosenMethod(form, info)?.networkId ?? form.networkId;
  return info.networks.find((n) => n.id === id);
}

/** The fee rule of the destination; undefined while no network is chosen. */
export function feeRuleOf(form: WithdrawForm, info: ExtractInfo): FeeRule | undefined {
  if (form.type === 'bank') return { rateBps: info.bankFee.rateBps, min: cents(info.bankFee.min) };
  const network = networkOf(form, info);
  return network && { rateBps: network.feeRateBps, min: cents(network.feeMin) };
}

/** One withdrawal's limits on this destination: the shop's narrowed by the network's. */
export function limitsOf(form: WithdrawForm, info: ExtractInfo): { min: Cents; max: Cents } {
  const network = networkOf(form, info);
  return {
    min: Math.max(cents(info.limits.min), network ? cents(network.minWithdraw) : 0),
    max: Math.min(cents(info.limits.max), network ? cents(network.maxWithdraw) : Infinity),
  };
}

/**
 * The amount as typed, in cents, or its problem. Empty or not above zero, and anything that is not
 * dollars with at most two decimals ("1.234", "1e3", "abc"), as amountField of the contract.
 */
export function readAmount(text: string): { cents: Cents } | { problem: WithdrawKey } {
  const trimmed = text.trim();
  if (trimmed === '' || /^-\s*\d/.test(trimmed)) return { problem: 'withdraw.amountNotPositive' };
  const value = parseAmount(trimmed);
  if (value === undefined) return { problem: 'withdraw.amountInvalid' };
  if (value <= 0) return { problem: 'withdraw.amountNotPositive' };
  return { cents: value };
}

/**
 * The most that can be withdrawn: amount + fee within the balance, within the limit per
 * withdrawal and what is left today. (0 when not even the minimum fee is covered.)
 */
export function mostWithdrawable(balance: Cents, rule: FeeRule, cap: Cents): Cents {
  // amount * (1 + rate) <= balance, then corrected for the rounding up and the minimum fee.
  let amount = Math.min(cap, Math.floor((balance * 10_000) / (10_000 + rule.rateBps)));
  while (amount > 0 && amount + withdrawalFee(amount, rule) > balance) amount -= 1;
  return Math.max(amount, 0);
}

export interface Checked {
  problems: Problems;
  /** The amount in cents and its fee when the amount reads (the fee once the rule is known). */
  amount?: Cents;
  fee?: Cents;
}

export function checkForm(form: WithdrawForm, info: ExtractInfo): Checked {
  const problems: Problems = {};
  if (form.payoutId === null) {
    if (form.type === 'bank') {
      const bank = form.bankName.trim();
      if (!bank) problems.bankName = { key: 'withdraw.bankNameRequired' };
      else if (bank.length > 64 || !ONE_LINE.test(bank)) problems.bankName = { key: 'withdraw.oneLine' };
      const holder = form.holder.trim();
      if (!holder) problems.holder = { key: 'withdraw.holderRequired' };
      else if (holder.length > 64 || !ONE_LINE.test(holder)) problems.holder = { key: 'withdraw.oneLine' };
      const digits = cardDigits(form.cardNumber.trim());
      if (!digits) problems.cardNumber = { key: 'withdraw.cardNumberRequired' };
      else if (!isCardNumber(digits)) problems.cardNumber = { key: 'withdraw.cardNumberInvalid' };
    } else {
      const network = networkOf(form, info);
      const address = form.address.trim();
      if (!network) problems.networkId = { key: 'withdraw.networkRequired' };
      if (!address) problems.address = { key: 'withdraw.addressRequired' };
      else if (!ADDRESS_TEXT.test(address)) problems.address = { key: 'withdraw.addressInvalid' };
      else if (network && !fitsAddressPattern(network.addressPattern, address))
        problems.address = { key: 'withdraw.networkMismatch' };
    }
  }

  const read = readAmount(form.amount);
  if ('problem' in read) return { problems: { ...problems, amount: { key: read.problem } } };
  const rule = feeRuleOf(form, info);
  const fee = rule && withdrawalFee(read.cents, rule);
  const { min, max } = limitsOf(form, info);
  if (read.cents < min) problems.amount = { key: 'withdraw.belowMin', values: { min: toAmount(min) } };
  else if (read.cents > max) problems.amount = { key: 'withdraw.aboveMax', values: { max: toAmount(max) } };
  else if (read.cents + (fee ?? 0) > cents(info.balance))
    problems.amount = { key: 'withdraw.amountAboveBalance' };
  else if (read.cents > cents(info.limits.leftToday))
    problems.amount = {
      key: 'withdraw.dailyLimit',
      values: { left: toAmount(cents(info.limits.leftToday)) },
    };
  return { problems, amount: read.cents, fee };
}

/** The request body of POST /api/user/extract for a checked form. */
export function extractParams(form: WithdrawForm, amount: Cents, password: string) {
  const base = { type: form.type, amount: toAmount(amount), password_pay: password };
  if (form.payoutId !== null) return { ...base, payout_id: form.payoutId };
  return form.type === 'bank'
    ? {
        ...base,
        bank_name: form.bankName.trim(),
        holder: form.holder.trim(),
        card_number: cardDigits(form.cardNumber.trim()),
      }
    : { ...base, network_id: form.networkId ?? 0, address: form.address.trim() };
}
