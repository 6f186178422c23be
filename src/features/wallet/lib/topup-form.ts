import { parseAmount, toAmount } from '@common/money';
import { rechargeBody } from '@common/schemas/wallet-topup';

/**
 * The top-up forms' checks before any call: the server's own schema, read field by field, then the
 * amount against the limits the server published (getBlockchain). Its messages are keys of the
 * server-only "wallet" section, which the app's language files leave out: each is mapped onto the
 * same message under "topUp.errors".
 */
export type TopUpField = 'network_id' | 'amount' | 'from_address' | 'evidence' | 'tx_hash';

export type ErrorKey =
  | 'amountNotPositive'
  | 'amountInvalid'
  | 'evidenceRequired'
  | 'fromAddressRequired'
  | 'addressInvalid'
  | 'networkRequired'
  | 'txHashInvalid'
  | 'belowMin'
  | 'aboveMax';

export interface FieldError {
  key: `topUp.errors.${ErrorKey}`;
  /** Dollar amounts ("10.00"), shown as money. */
  values?: { min?: string; max?: string };
}
export type FieldErrors = Partial<Record<TopUpField, FieldError>>;

/** The schema's messages (without their section) and the app's key for each. */
const FROM_SCHEMA: Record<string, ErrorKey> = {
  rechargeAmountNotPositive: 'amountNotPositive',
  amountInvalid: 'amountInvalid',
  evidenceRequired: 'evidenceRequired',
  fromAddressRequired: 'fromAddressRequired',
  addressInvalid: 'addressInvalid',
  networkRequired: 'networkRequired',
  networkUnknown: 'networkRequired',
  txHashInvalid: 'txHashInvalid',
};

export interface TopUpValues {
  type: 'chain' | 'manual' | 'card';
  amount: string;
  network_id?: number;
  from_address?: string;
  tx_hash?: string;
  evidence?: string;
}

/** Limits in dollars ("10.00"): the way's minimum (a network's own for on-chain) and the maximum. */
export interface Limits {
  min: string;
  max: string;
}

/** Every field's first problem; empty when the top-up may be sent. */
export function checkTopUp(values: TopUpValues, limits: Limits): FieldErrors {
  const errors: FieldErrors = {};
  // The schema checks the other fields only once the amount parses: they are read a second time
  // with a stand-in amount, so every missing field is named at once.
  for (const attempt of [values, { ...values, amount: '1' }]) {
    const parsed = rechargeBody.safeParse(attempt);
    if (parsed.success) continue;
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'amount') as TopUpField;
      const key = FROM_SCHEMA[issue.message.replace(/^[a-z]+\./, '')] ?? 'amountInvalid';
      errors[field] ??= { key: `topUp.errors.${key}` };
    }
  }
  if (!errors.amount) {
    const cents = parseAmount(values.amount.trim()) ?? 0;
    const min = parseAmount(limits.min) ?? 0;
    const max = parseAmount(limits.max) ?? Number.MAX_SAFE_INTEGER;
    if (cents < min) errors.amount = { key: 'topUp.errors.belowMin', values: { min: toAmount(min) } };
    else if (cents > max) errors.amount = { key: 'topUp.errors.aboveMax', values: { max: toAmount(max) } };
  }
  return errors;
}
