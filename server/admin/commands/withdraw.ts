import { z } from 'zod';
import { formatMoney, toAmount } from '@common/money';
import {
  listWithdrawals,
  passWithdrawal,
  refuseWithdrawal,
  revealCard,
  type OperatorWithdrawal,
  type RevealedCard,
  type WithdrawalDecided,
  type WithdrawalPage,
} from '../../modules/wallet';
import { defineCommand } from '../command';
import { countWord, textWord } from '../words';
import { auditStatusFilter, listCommand, reasonFits, reasonOptions, when } from './audit-words';

/** `withdraw pass|refuse|reveal` and `withdrawals`: the operator's side of withdrawals. */
const withdrawalView = (w: OperatorWithdrawal) => ({
  ...w,
  amount: toAmount(w.amount),
  fee: toAmount(w.fee),
  total: toAmount(w.total),
});

type View =
  | {
      action: 'pass' | 'refuse';
      withdrawal: ReturnType<typeof withdrawalView>;
      balance: string | null;
      frozen: string | null;
      alreadyDone: boolean;
    }
  | { action: 'reveal'; card: Omit<RevealedCard, 'amount'> & { amount: string } };

const decidedView = (action: 'pass' | 'refuse', d: WithdrawalDecided): View => ({
  action,
  withdrawal: withdrawalView(d.withdrawal),
  balance: d.balance === null ? null : toAmount(d.balance),
  frozen: d.frozen === null ? null : toAmount(d.frozen),
  alreadyDone: d.alreadyDone,
});

type Params =
  | { action: 'pass' | 'reveal'; withdrawalId: number }
  | { action: 'refuse'; withdrawalId: number; reason: string };

const input = z
  .object({
    action: z.enum(['pass', 'refuse', 'reveal'], { error: 'pass, refuse or reveal' }),
    withdrawalId: countWord(),
    reason: textWord(200).optional(),
  })
  .transform((w, ctx): Params => {
    if (!reasonFits(w, ctx)) return z.NEVER;
    if (w.action !== 'refuse') return { action: w.action, withdrawalId: w.withdrawalId };
    return { action: 'refuse', withdrawalId: w.withdrawalId, reason: w.reason ?? '' };
  });

export const withdrawCommand = defineCommand<Params, View>({
  name: 'withdraw',
  summary: 'Pass a withdrawal you paid out, refuse it (money back), or reveal its card number to pay it',
  args: [
    { name: 'action', label: 'pass|refuse|reveal' },
    { name: 'withdrawalId', label: 'withdrawal id' },
  ],
  options: reasonOptions,
  details:
    'When a shopper asks for a withdrawal, amount + fee move from their balance to frozen. Pay it out ' +
    'yourself (the bank card or the address of `withdrawals`), then `pass`: amount + fee leave frozen ' +
    '(ledger entry withdraw_paid). `refuse` returns amount + fee to the balance (withdraw_return) and ' +
    'tells the shopper the reason. Each moves money once: passing again changes nothing, and a ' +
    'decided withdrawal cannot be decided otherwise. Card numbers show as their last four digits ' +
    'everywhere; `reveal` prints the full number of a bank withdrawal still waiting, to pay it (the ' +
    'log names the withdrawal, never the number). The id is the ID column of `withdrawals`.',
  examples: [
    'npm run admin -- withdraw reveal 7',
    'npm run admin -- withdraw pass 7',
    'npm run admin -- withdraw refuse 8 --reason "The card number was refused by the bank"',
  ],
  input,
  async run(db, p, ctx) {
    if (p.action === 'reveal') {
      const card = await revealCard(db, { ...p, operator: ctx.operator });
      return { action: 'reveal', card: { ...card, amount: toAmount(card.amount) } };
    }
    if (p.action === 'refuse')
      return decidedView('refuse', await refuseWithdrawal(db, { ...p, operator: ctx.operator }));
    return decidedView('pass', await passWithdrawal(db, { ...p, operator: ctx.operator }));
  },
  print(v) {
    if (v.action === 'reveal')
      return (
        `Withdrawal ${v.card.withdrawalId}: pay ${formatMoney(v.card.amount)} to ${v.card.holder}, ` +
        `${v.card.bankName}, card ${v.card.cardNumber}. Then: npm run admin -- withdraw pass ${v.card.withdrawalId}`
      );
    const w = v.withdrawal;
    const money = `${formatMoney(w.total)} (${formatMoney(w.amount)} + fee ${formatMoney(w.fee)})`;
    if (v.action === 'pass')
      return v.alreadyDone
        ? `Withdrawal ${w.id} was already passed; nothing changed.`
        : `Withdrawal ${w.id} passed: ${money} paid out of ${w.shopper.account}'s frozen amount to ${w.destination}; the shopper is notified.`;
    return v.alreadyDone
      ? `Withdrawal ${w.id} was already refused ("${w.reason}"); nothing changed.`
      : `Withdrawal ${w.id} refused ("${w.reason}"): ${money} returned to ${w.shopper.account}'s balance, now ${formatMoney(v.balance ?? '0')}; the shopper is notified.`;
  },
});

const pageView = (p: WithdrawalPage) => ({ ...p, list: p.list.map(withdrawalView) });

export const withdrawalsCommand = listCommand({
  name: 'withdrawals',
  summary: "List every shopper's withdrawals, newest first (cards as their last four digits)",
  noun: 'withdrawal',
  ...auditStatusFilter,
  examples: ['npm run admin -- withdrawals --status 0', 'npm run admin -- withdrawals --user demo'],
  load: async (db, p) => pageView(await listWithdrawals(db, p)),
  header: ['ID', 'TO', 'STATUS', 'SHOPPER', 'AMOUNT', 'FEE', 'CREATED (UTC)', 'DESTINATION'],
  row: (w) => [
    String(w.id),
    w.type,
    w.statusLabel,
    w.shopper.account,
    formatMoney(w.amount),
    formatMoney(w.fee),
    when(w.createdAt),
    [w.destination, w.holder, w.type === 'chain' ? w.address : null, w.reason ? `refused: ${w.reason}` : null]
      .filter(Boolean)
      .join(' '),
  ],
  right: [0, 4, 5],
});
