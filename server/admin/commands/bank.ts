import { z } from 'zod';
import {
  clearBankDetails,
  getBankDetails,
  setBankDetails,
  type BankDetailsChanged,
  type BankDetailsChanges,
  type BankDetailsSetting,
  BANK_REFERENCE_PREFIX,
} from '../../modules/wallet';
import { defineCommand } from '../command';

/** `bank show|set|clear`: the shop's bank account for manual top-ups (the bankDetails setting). */
type Params = { action: 'show' } | { action: 'set'; changes: BankDetailsChanges } | { action: 'clear' };
type View =
  | { action: 'show'; bank: BankDetailsSetting }
  | { action: 'set' | 'clear'; previous: BankDetailsSetting; current: BankDetailsSetting };

/** As typed; the service checks each field (an IBAN's check digits, a SWIFT/BIC's shape). */
const field = z.string().max(300, { error: 'longer than 300 characters' }).optional();

const input = z
  .object({
    action: z.enum(['show', 'set', 'clear'], { error: 'show, set or clear' }),
    holder: field,
    bank: field,
    account: field,
    swift: field,
    note: field,
  })
  .transform((w, ctx): Params => {
    const changes: BankDetailsChanges = {
      holder: w.holder,
      bankName: w.bank,
      account: w.account,
      swift: w.swift,
      note: w.note,
    };
    const given = Object.fromEntries(
      Object.entries(changes).filter(([, v]) => v !== undefined),
    ) as BankDetailsChanges;
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (w.action === 'set') {
      if (Object.keys(given).length === 0)
        return fail('set needs at least one of --holder, --bank, --account, --swift, --note');
      return { action: 'set', changes: given };
    }
    if (Object.keys(given).length) return fail(`${w.action} takes no options`);
    return { action: w.action };
  });

const REFERENCE = `Each shopper writes their own reference on the transfer, ${BANK_REFERENCE_PREFIX}<user id> (the screen shows it; \`recharges\` shows it beside each manual top-up).`;

function describe(s: BankDetailsSetting): string {
  const b = s.value;
  if (!b) return '  none: the shop takes no bank transfers';
  return [
    ['Holder', b.holder],
    ['Bank', b.bankName],
    ['Account', b.account],
    ['SWIFT/BIC', b.swift ?? '-'],
    ['Note', b.note ?? '-'],
  ]
    .map(([label, value]) => `  ${`${label}:`.padEnd(11)}${value}`)
    .join('\n');
}

const oneLine = (s: BankDetailsSetting) =>
  s.value
    ? [s.value.holder, s.value.bankName, s.value.account, s.value.swift, s.value.note]
        .filter(Boolean)
        .join(', ')
    : 'none';

export const bankCommand = defineCommand<Params, View>({
  name: 'bank',
  summary: 'Show, set or remove the bank account shoppers transfer manual top-ups to',
  args: [{ name: 'action', label: 'show|set|clear' }],
  options: {
    holder: { type: 'string', value: 'name', help: 'the account holder, as the bank knows them' },
    bank: { type: 'string', value: 'name', help: "the bank's name (and branch, if it matters)" },
    account: {
      type: 'string',
      value: 'iban|number',
      help: 'an IBAN (spaces allowed; its check digits are checked) or another account number',
    },
    swift: { type: 'string', value: 'bic', help: 'the SWIFT/BIC code, 8 or 11 characters; "" removes it' },
    note: {
      type: 'string',
      value: 'text',
      help: 'one line of instructions shoppers read (currency, how long it takes); "" removes it',
    },
  },
  details:
    'The bank transfer top-up shows these details with copy buttons, and the reference the shopper ' +
    'writes on the transfer. Until they are set the shop takes no bank transfers: the bank way tells ' +
    'shoppers so and a manual top-up is refused. `set` changes the fields given and keeps the others; ' +
    'the first `set` needs --holder, --bank and --account. `clear` removes them (manual top-ups already ' +
    'waiting stay to be audited). The same value is the setting bankDetails (settings get bankDetails).',
  examples: [
    'npm run admin -- bank show',
    'npm run admin -- bank set --holder "SHOP Ltd" --bank "Deutsche Bank" --account "DE89 3704 0044 0532 0130 00" --swift DEUTDEFF',
    'npm run admin -- bank set --note "EUR or USD; arrives in 1-2 business days"',
    'npm run admin -- bank clear',
  ],
  input,
  async run(db, p, ctx) {
    if (p.action === 'show') return { action: 'show', bank: await getBankDetails(db) };
    const changed: BankDetailsChanged =
      p.action === 'set'
        ? await setBankDetails(db, { ...p.changes, operator: ctx.operator })
        : await clearBankDetails(db, { operator: ctx.operator });
    return { action: p.action, ...changed };
  },
  print(v) {
    if (v.action === 'show') {
      if (!v.bank.value)
        return (
          'No bank details: the shop takes no bank transfers (the bank way tells shoppers so).\n' +
          'Set them: npm run admin -- bank set --holder "…" --bank "…" --account "…"'
        );
      return `Shoppers transfer manual top-ups to (set ${v.bank.updatedAt}):\n${describe(v.bank)}\n${REFERENCE}`;
    }
    if (v.action === 'clear')
      return `Bank details removed: the shop takes no bank transfers now. Before: ${oneLine(v.previous)}.`;
    return `Bank details set. Shoppers now transfer to:\n${describe(v.current)}\nBefore: ${oneLine(v.previous)}.`;
  },
});
