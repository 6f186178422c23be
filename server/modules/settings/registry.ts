import { z } from 'zod';
import { MAX_AMOUNT } from '@common/money';
import { BANK_DETAILS_HELP, bankDetailsSchema, type BankDetails } from './bank-details';

/**
 * The operator's settings: each key's JSON shape, its value while the operator has set none, and
 * what it means. The settings table holds only what the operator set; code reads through
 * readSetting (store.ts), which falls back to these defaults. A new setting is one entry here.
 */
const cents = z
  .number({ error: 'must be a whole number of cents' })
  .int({ error: 'must be a whole number of cents' })
  .min(0, { error: 'must not be negative' })
  .max(MAX_AMOUNT, { error: `must be at most ${MAX_AMOUNT} cents` });

export const SETTINGS = {
  freight: {
    schema: z.strictObject({ fee: cents, freeAbove: cents.nullable() }),
    default: { fee: 500, freeAbove: 4900 },
    help:
      'Freight of each shop order, in cents: {"fee": 500, "freeAbove": 4900} charges $5.00, ' +
      'and nothing when the order\'s goods come to $49.00 or more ("freeAbove": null: never free).',
  },
  bankFee: {
    schema: z.strictObject({
      rateBps: z
        .number({ error: 'must be whole basis points' })
        .int({ error: 'must be whole basis points' })
        .min(0, { error: 'must not be negative' })
        .max(10_000, { error: 'must be at most 10000 (100 %)' }),
      min: cents,
    }),
    default: { rateBps: 100, min: 100 },
    help:
      'Fee of a withdrawal to a bank card: {"rateBps": 100, "min": 100} is 1 % of the amount ' +
      '(basis points, rounded up to whole cents), at least $1.00. The shopper receives the amount; ' +
      'amount + fee leave the balance. On-chain fees are set per network (network set).',
  },
  withdrawLimits: {
    schema: z
      .strictObject({ min: cents, max: cents, perDay: cents })
      .refine((v) => v.min > 0 && v.min <= v.max && v.max <= v.perDay, {
        error: 'needs 0 < min <= max <= perDay',
      }),
    default: { min: 1000, max: 500_000, perDay: 1_000_000 },
    help:
      'Limits of every withdrawal, in cents: {"min": 1000, "max": 500000, "perDay": 1000000} takes ' +
      '$10.00 to $5,000.00 at a time and at most $10,000.00 a day (UTC) per shopper, refused ' +
      'withdrawals not counted. A network may narrow them further (its own minimum and maximum).',
  },
  topUpLimits: {
    schema: z
      .strictObject({ min: cents, max: cents })
      .refine((v) => v.min > 0 && v.min <= v.max, { error: 'needs 0 < min <= max' }),
    default: { min: 100, max: 1_000_000 },
    help:
      'Limits of a manual or card top-up, in cents: {"min": 100, "max": 1000000} takes $1.00 to ' +
      "$10,000.00. An on-chain top-up takes at least its network's minimum and at most max.",
  },
  refundReturnAddress: {
    schema: z
      .string({ error: 'must be a text (the return address) or null' })
      .trim()
      .min(5, { error: 'must be at least 5 characters' })
      .max(300, { error: 'must be at most 300 characters' })
      .nullable(),
    default: null,
    help:
      'Where shoppers send goods back after a return and refund is approved, as they read it on the ' +
      'order: "Returns desk, 12 Harbour Road, 20457 Hamburg, Germany, +49 40 1234567". Null (the ' +
      'default): `refund approve` of a return is refused until it is set.',
  },
  bankDetails: {
    schema: bankDetailsSchema,
    default: null as BankDetails | null,
    help: BANK_DETAILS_HELP,
  },
} as const satisfies Record<string, { schema: z.ZodType; default: unknown; help: string }>;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]['schema']>;

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SETTINGS, key);
