import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { settings } from '../../server/db/schema';
import { getSettings, setSetting } from '../../server/modules/settings';
import { SETTINGS } from '../../server/modules/settings/registry';
import { readSetting } from '../../server/modules/settings/store';
import { freshDatabase } from '../support/db';
import { operatorRefusal } from './operator-fixture';

let database: Database;
let db: Database['db'];
beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
});
afterAll(() => database.close());

const codeOf = async (work: Promise<unknown>) => (await operatorRefusal(work)).code;

describe('settings', () => {
  it('answer the default of a key never set, marked as such', async () => {
    const [freight] = await getSettings(db, { key: 'freight' });
    expect(freight).toMatchObject({
      key: 'freight',
      value: SETTINGS.freight.default,
      isDefault: true,
      updatedAt: null,
    });
    expect(freight.help).toContain('freeAbove');
    expect(await getSettings(db)).toHaveLength(Object.keys(SETTINGS).length);
    expect(await readSetting(db, 'freight')).toEqual(SETTINGS.freight.default);
  });

  it('set stores a valid value, answers before and after, and readers see it', async () => {
    const first = await setSetting(db, {
      key: 'freight',
      value: { fee: 700, freeAbove: null },
      operator: 'alice',
    });
    expect(first.previous).toMatchObject({ value: SETTINGS.freight.default, isDefault: true });
    expect(first.current).toMatchObject({ value: { fee: 700, freeAbove: null }, isDefault: false });
    expect(first.current.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const second = await setSetting(db, {
      key: 'freight',
      value: { fee: 0, freeAbove: 10000 },
      operator: 'alice',
    });
    expect(second.previous).toMatchObject({ value: { fee: 700, freeAbove: null }, isDefault: false });
    expect(await readSetting(db, 'freight')).toEqual({ fee: 0, freeAbove: 10000 });
  });

  it('refuses unknown keys and values that do not fit the key, and keeps the value', async () => {
    await setSetting(db, { key: 'freight', value: { fee: 500, freeAbove: 5000 }, operator: 'alice' });
    expect(await codeOf(setSetting(db, { key: 'fright', value: {}, operator: 'alice' }))).toBe(
      'operator.unknownSetting',
    );
    expect(await codeOf(getSettings(db, { key: 'toString' }))).toBe('operator.unknownSetting');
    for (const value of [
      { fee: -1, freeAbove: 0 },
      { fee: 1.5, freeAbove: 0 },
      { fee: '500', freeAbove: 0 },
      { fee: 500 },
      { fee: 500, freeAbove: 0, extra: true },
      { fee: 1_000_000_001, freeAbove: 0 },
      [500, 5000],
      '500',
      null,
    ])
      expect(await codeOf(setSetting(db, { key: 'freight', value, operator: 'alice' }))).toBe(
        'operator.badSetting',
      );
    expect(await readSetting(db, 'freight')).toEqual({ fee: 500, freeAbove: 5000 });
  });

  it('a setting that may be unset is set back to null (stored as JSON null)', async () => {
    await setSetting(db, {
      key: 'refundReturnAddress',
      value: 'Returns desk, 1 Quay Street, Hamburg',
      operator: 'alice',
    });
    const unset = await setSetting(db, { key: 'refundReturnAddress', value: null, operator: 'alice' });
    expect(unset.previous.value).toBe('Returns desk, 1 Quay Street, Hamburg');
    expect(unset.current).toMatchObject({ value: null, isDefault: false });
    expect(await readSetting(db, 'refundReturnAddress')).toBeNull();
  });

  it('a stored value that no longer fits its shape reads as the default', async () => {
    await db.update(settings).set({ value: { fee: 'lots' } });
    const [freight] = await getSettings(db, { key: 'freight' });
    expect(freight).toMatchObject({ value: SETTINGS.freight.default, isDefault: true });
  });
});
