import type { DbOrTx } from '../../db/client';
import { SETTINGS, type SettingValue, readSetting, writeSetting } from '../settings';

/**
 * Freight per shop order: a flat fee, free from an amount of goods on (`freeAbove` null: never
 * free). The operator's setting `freight` (server/modules/settings/registry.ts, `npm run admin --
 * settings set freight ...`) holds the rule; its default is $5.00, free from $49.00 of goods.
 */
export type FreightRule = SettingValue<'freight'>;

export const DEFAULT_FREIGHT: FreightRule = SETTINGS.freight.default;

/** The rule in force (the setting, else the default). */
export const freightRule = (db: DbOrTx): Promise<FreightRule> => readSetting(db, 'freight');

/** Sets the rule (the settings service does the same for the operator). */
export const setFreightRule = (db: DbOrTx, rule: FreightRule): Promise<void> =>
  writeSetting(db, 'freight', rule);

/** The freight of one shop order with `goods` cents of goods. */
export const freightFor = (goods: number, rule: FreightRule): number =>
  rule.freeAbove !== null && goods >= rule.freeAbove ? 0 : rule.fee;
