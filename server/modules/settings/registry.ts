import { z } from 'zod';
import { MAX_AMOUNT } from '../../../common/money';

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
} as const satisfies Record<string, { schema: z.ZodType; default: unknown; help: string }>;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]['schema']>;

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SETTINGS, key);
