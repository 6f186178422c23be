import type { Db } from '../../db/client';
import type { BankDetails } from '../settings';
import { SETTINGS, readSettings, writeSetting, type StoredSetting } from '../settings';
import { OperatorError, operatorName } from '../operator';

/**
 * The shop's bank account for manual top-ups (the `bankDetails` setting), shown and changed field
 * by field (`npm run admin -- bank`). Until it is set the shop takes no bank transfers: the bank way
 * says so and a manual top-up is refused.
 */
export type BankDetailsSetting = StoredSetting<'bankDetails'>;

/** Fields to change; the others keep their value. "" removes the SWIFT/BIC or the note. */
export type BankDetailsChanges = Partial<Record<keyof BankDetails, string>>;

export interface BankDetailsChanged {
  previous: BankDetailsSetting;
  current: BankDetailsSetting;
}

const FIELD_NAMES: Record<keyof BankDetails, string> = {
  holder: 'the holder',
  bankName: 'the bank name',
  account: 'the account',
  swift: 'the SWIFT/BIC',
  note: 'the note',
};

const bad = (message: string) => new OperatorError('operator.badInput', message);

/** The bank details shoppers see (value null: none set, or cleared). */
export async function getBankDetails(db: Db): Promise<BankDetailsSetting> {
  const [setting] = await readSettings(db, ['bankDetails']);
  return setting;
}

/** Changes some fields; the first time needs the holder, the bank name and the account. */
export async function setBankDetails(
  db: Db,
  p: BankDetailsChanges & { operator: string },
): Promise<BankDetailsChanged> {
  operatorName(p.operator);
  const changes: BankDetailsChanges = {};
  for (const field of Object.keys(FIELD_NAMES) as (keyof BankDetails)[])
    if (p[field] !== undefined) changes[field] = p[field];
  if (Object.keys(changes).length === 0)
    throw bad('nothing to change: give the holder, the bank name, the account, the SWIFT/BIC or the note');
  return db.transaction(async (tx) => {
    const [previous] = await readSettings(tx, ['bankDetails']);
    if (!previous.value && !(changes.holder && changes.bankName && changes.account))
      throw bad('the shop has no bank details yet: give the holder, the bank name and the account');
    const parsed = SETTINGS.bankDetails.schema.safeParse({ ...previous.value, ...changes });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = FIELD_NAMES[issue.path[0] as keyof BankDetails];
      throw bad(field ? `${field} ${issue.message}` : issue.message);
    }
    await writeSetting(tx, 'bankDetails', parsed.data);
    const [current] = await readSettings(tx, ['bankDetails']);
    return { previous, current };
  });
}

/** Removes the bank details: from now on the shop takes no bank transfers (waiting top-ups stay). */
export async function clearBankDetails(db: Db, p: { operator: string }): Promise<BankDetailsChanged> {
  operatorName(p.operator);
  return db.transaction(async (tx) => {
    const [previous] = await readSettings(tx, ['bankDetails']);
    await writeSetting(tx, 'bankDetails', null);
    const [current] = await readSettings(tx, ['bankDetails']);
    return { previous, current };
  });
}
