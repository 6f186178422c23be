import { z } from 'zod';
import { formatMoney, toAmount } from '@common/money';
import { credit, debit, type Adjusted } from '../../modules/wallet';
import { defineCommand } from '../command';
import { amountWord, textWord } from '../words';

/** credit and debit: the same ledger adjustment in two directions. */
const view = (a: Adjusted) => ({
  shopper: a.shopper,
  change: toAmount(a.change),
  balance: toAmount(a.balance),
  entryId: a.entryId,
  requestId: a.requestId,
  replayed: a.replayed,
});
type View = ReturnType<typeof view>;

const who = (s: Adjusted['shopper']) =>
  `${s.account} (user ${s.id}${s.telegramId === null ? '' : `, Telegram ${s.telegramId}`})`;

function adjustmentCommand(direction: 'credit' | 'debit') {
  const service = direction === 'credit' ? credit : debit;
  const [verb, preposition] = direction === 'credit' ? ['Credited', 'to'] : ['Debited', 'from'];
  return defineCommand({
    name: direction,
    summary:
      direction === 'credit'
        ? "Add money to a shopper's balance (a ledger adjustment)"
        : "Take money from a shopper's balance (a ledger adjustment)",
    args: [
      { name: 'user', label: 'account|telegram id' },
      { name: 'amount', label: 'amount' },
    ],
    options: {
      reason: { type: 'string', value: 'text', help: "why (required; the shopper's bill shows it)" },
      'request-id': {
        type: 'string',
        value: 'id',
        help: 'the same id again answers the first result; money moves once (default: a new id)',
      },
    },
    details:
      'The shopper is an account name (any case) or a Telegram user id; write tg:<id> or account:<name> ' +
      'when digits could be either. The amount is in dollars ("12.50"). Each run is a new adjustment; ' +
      'give --request-id to make a retried run act once (the same id answers the first result).' +
      (direction === 'debit' ? ' A debit larger than the balance is refused.' : ''),
    examples: [
      `npm run admin -- ${direction} demo 12.50 --reason "${direction === 'credit' ? 'Compensation for a late delivery' : 'Credit made twice by mistake'}"`,
      `npm run admin -- ${direction} 7123456789 5 --reason "Goodwill" --request-id ticket-4711`,
    ],
    input: z.object({
      user: textWord(64),
      amount: amountWord,
      reason: textWord(200),
    }),
    run: async (db, p, ctx) =>
      view(await service(db, { ...p, operator: ctx.operator, requestId: ctx.requestId })),
    print: (v: View) =>
      v.replayed
        ? `Request ${v.requestId} was already carried out (ledger entry ${v.entryId}); nothing moved. ` +
          `${who(v.shopper)} has ${formatMoney(v.balance)}.`
        : `${verb} ${formatMoney(v.change.replace('-', ''))} ${preposition} ${who(v.shopper)}. ` +
          `Balance now ${formatMoney(v.balance)} (ledger entry ${v.entryId}, request ${v.requestId}).`,
  });
}

export const creditCommand = adjustmentCommand('credit');
export const debitCommand = adjustmentCommand('debit');
