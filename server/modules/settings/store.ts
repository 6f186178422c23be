import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { arrayParam, statement } from '../../db/statement';
import { settings } from '../../db/schema';
import { SETTINGS, type SettingKey, type SettingValue } from './registry';

export interface StoredSetting<K extends SettingKey = SettingKey> {
  key: K;
  value: SettingValue<K>;
  /** True while the operator has set nothing (the value is the code's default). */
  isDefault: boolean;
  /** ISO time of the last change; null for a default. */
  updatedAt: string | null;
}

const parse = <K extends SettingKey>(key: K, stored: unknown): SettingValue<K> | undefined => {
  const parsed = SETTINGS[key].schema.safeParse(stored);
  return parsed.success ? (parsed.data as SettingValue<K>) : undefined;
};

const settingsOf = statement<{ keys: string }, (typeof settings.$inferSelect)[]>((db) =>
  db
    .select()
    .from(settings)
    .where(sql`${settings.key} = any(${sql.placeholder('keys')}::text[])`),
);

/**
 * The settings of these keys, defaults for those never set. A stored value that no longer fits its
 * schema (written by an older version) reads as the default rather than breaking checkout.
 */
export async function readSettings<K extends SettingKey>(db: DbOrTx, keys: K[]): Promise<StoredSetting<K>[]> {
  const rows = keys.length ? await settingsOf(db, { keys: arrayParam(keys) }) : [];
  return keys.map((key) => {
    const row = rows.find((r) => r.key === key);
    const value = row ? parse(key, row.value) : undefined;
    return value === undefined
      ? { key, value: SETTINGS[key].default as SettingValue<K>, isDefault: true, updatedAt: null }
      : { key, value, isDefault: false, updatedAt: row!.updatedAt.toISOString() };
  });
}

/** One setting's value (the default when never set), typed by its key. */
export async function readSetting<K extends SettingKey>(db: DbOrTx, key: K): Promise<SettingValue<K>> {
  const [one] = await readSettings(db, [key]);
  return one.value;
}

/**
 * Stores a value already checked against its key's schema. A null (a setting that may be unset,
 * like refundReturnAddress) is stored as JSON null: a bare null would reach the column as SQL NULL.
 */
export async function writeSetting<K extends SettingKey>(
  db: DbOrTx,
  key: K,
  value: SettingValue<K>,
): Promise<void> {
  const stored = value === null ? sql`'null'::jsonb` : value;
  await db
    .insert(settings)
    .values({ key, value: stored })
    .onConflictDoUpdate({ target: settings.key, set: { value: stored, updatedAt: sql`now()` } });
}
