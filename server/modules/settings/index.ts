/** The shop's settings as an operator reads and changes them (operator.ts). */
export {
  getSettings,
  setSetting,
  type SetSettingParams,
  type SettingChanged,
  type SettingView,
} from './operator';
