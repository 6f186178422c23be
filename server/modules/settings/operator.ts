import type { Db } from '../../db/client';
import { isSettingKey, SETTING_KEYS, SETTINGS, type SettingKey } from './registry';
import { readSettings, writeSetting, type StoredSetting } from './store';
import { OperatorError, operatorName } from '../operator';

export interface SettingView extends StoredSetting {
  /** What the setting means and its JSON shape. */
  help: string;
}

const keyOf = (key: string): SettingKey => {
  if (!isSettingKey(key))
    throw new OperatorError(
      'operator.unknownSetting',
      `There is no setting "${key}"; the settings are: ${SETTING_KEYS.join(', ')}.`,
    );
  return key;
};

/** The settings (one, or all), with defaults for those never set. */
export async function getSettings(db: Db, p: { key?: string } = {}): Promise<SettingView[]> {
  const keys = p.key === undefined ? SETTING_KEYS : [keyOf(p.key)];
  const rows = await readSettings(db, keys);
  return rows.map((row) => ({ ...row, help: SETTINGS[row.key].help }));
}

export interface SetSettingParams {
  key: string;
  /** The new value, already parsed from JSON; checked against the key's shape. */
  value: unknown;
  operator: string;
}

export interface SettingChanged {
  key: SettingKey;
  previous: StoredSetting;
  current: StoredSetting;
}

/** Changes a setting after checking the value against its key's shape; answers before and after. */
export async function setSetting(db: Db, p: SetSettingParams): Promise<SettingChanged> {
  const key = keyOf(p.key);
  operatorName(p.operator);
  const parsed = SETTINGS[key].schema.safeParse(p.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? `${issue.path.join('.')} ` : '';
    throw new OperatorError('operator.badSetting', `${key}: ${where}${issue.message}. ${SETTINGS[key].help}`);
  }
  return db.transaction(async (tx) => {
    const [previous] = await readSettings(tx, [key]);
    await writeSetting(tx, key, parsed.data);
    const [current] = await readSettings(tx, [key]);
    return { key, previous, current };
  });
}
