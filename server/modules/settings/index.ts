/** The shop's settings as an operator reads and changes them (operator.ts). */
export {
  getSettings,
  setSetting,
  type SetSettingParams,
  type SettingChanged,
  type SettingView,
} from './operator';

// What other rooms use of this module (its face: they import nothing else of it).
export type { BankDetails } from './bank-details';
export { SETTINGS, SETTING_KEYS, isSettingKey } from './registry';
export type { SettingValue } from './registry';
export { readSetting, readSettings, writeSetting } from './store';
export type { StoredSetting } from './store';
