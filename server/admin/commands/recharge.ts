import { z } from 'zod';
import { formatMoney, toAmount } from '@common/money';
import {
  listRecharges,
  passRecharge,
  refuseRecharge,
  type OperatorRecharge,
  type RechargeDecided,
  type RechargePage,
  bankReference,
} from '../../modules/wallet';
import { evidenceLink } from '../../modules/upload';
import { defineCommand } from '../command';
import { amountWord, countWord, textWord } from '../words';
import { auditStatusFilter, listCommand, reasonOptions, when } from './audit-words';

/** `recharge pass|refuse` and `recharges`: the operator's audit of top-ups. */
const LINK_HOURS = 24;

const rechargeView = (r: OperatorRecharge) => ({
  ...r,
  amount: toAmount(r.amount),
  arrivalAmount: r.arrivalAmount === null ? null : toAmount(r.arrivalAmount),
  /** A link to the evidence picture, valid for a day (put the shop's address in front). */
  evidenceLink: r.evidenceFile ? evidenceLink(`/${r.evidenceFile}`, Date.now(), LINK_HOURS * 3600) : null,
  /** The reference a manual top-up's shopper was told to write on the bank transfer. */
  reference: r.type === 'manual' ? bankReference(r.shopper.id) : null,
});

const decidedView = (d: RechargeDecided) => ({
  recharge: rechargeView(d.recharge),
  balance: d.balance === null ? null : toAmount(d.balance),
  alreadyDone: d.alreadyDone,
});
type DecidedView = ReturnType<typeof decidedView>;

type Params =
  | { action: 'pass'; rechargeId: number; arrivalAmount?: number }
  | { action: 'refuse'; rechargeId: number; reason: string };

const input = z
  .object({
    action: z.enum(['pass', 'refuse'], { error: 'pass or refuse' }),
    rechargeId: countWord(),
    amount: amountWord.optional(),
    reason: textWord(200).optional(),
  })
  .transform((w, ctx): Params => {
    if (w.action === 'pass') {
      if (w.reason !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['reason'], message: 'a pass takes no reason' });
        return z.NEVER;
      }
      return { action: 'pass', rechargeId: w.rechargeId, arrivalAmount: w.amount };
    }
    if (w.amount !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'a refusal takes no amount' });
      return z.NEVER;
    }
    if (w.reason === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'required: why it is refused (the shopper reads it)',
      });
      return z.NEVER;
    }
    return { action: 'refuse', rechargeId: w.rechargeId, reason: w.reason };
  });

const who = (s: OperatorRecharge['shopper']) => `${s.account} (user ${s.id})`;

export const rechargeCommand = defineCommand<Params, DecidedView>({
  name: 'recharge',
  summary: 'Pass a top-up with the amount that arrived, or refuse it with a reason',
  args: [
    { name: 'action', label: 'pass|refuse' },
    { name: 'rechargeId', label: 'top-up id' },
    { name: 'amount', label: 'arrival amount', optional: true },
  ],
  options: reasonOptions,
  details:
    'An on-chain or manual top-up waits in "auditing" and moves no money. `pass` credits the amount ' +
    "that actually arrived (default: the amount the shopper asked) to the shopper's balance, once: " +
    'one ledger entry of type topup, and the shopper is notified. `refuse` records the reason and ' +
    'moves nothing. Passing again with the same amount, or refusing again with the same reason, ' +
    'changes nothing; a decided top-up cannot be decided otherwise. Card top-ups are credited by ' +
    "Telegram's payment, not here (an unpaid card invoice may be refused). The id is the ID column " +
    'of `recharges`.',
  examples: [
    'npm run admin -- recharge pass 12',
    'npm run admin -- recharge pass 12 48.50',
    'npm run admin -- recharge refuse 13 --reason "No transfer with this hash arrived"',
  ],
  input,
  async run(db, p, ctx) {
    if (p.action === 'pass') return decidedView(await passRecharge(db, { ...p, operator: ctx.operator }));
    return decidedView(await refuseRecharge(db, { ...p, operator: ctx.operator }));
  },
  print(v) {
    const r = v.recharge;
    if (r.status === 1)
      return v.alreadyDone
        ? `Top-up ${r.id} was already passed with ${formatMoney(r.arrivalAmount ?? '0')}; nothing changed.`
        : `Top-up ${r.id} passed: ${formatMoney(r.arrivalAmount ?? '0')} credited to ${who(r.shopper)}. ` +
            `Balance now ${formatMoney(v.balance ?? '0')}; the shopper is notified.`;
    return v.alreadyDone
      ? `Top-up ${r.id} was already refused ("${r.reason}"); nothing changed.`
      : `Top-up ${r.id} refused ("${r.reason}"); nothing moved; the shopper is notified.`;
  },
});

const pageView = (p: RechargePage) => ({ ...p, list: p.list.map(rechargeView) });

export const rechargesCommand = listCommand({
  name: 'recharges',
  summary: "List every shopper's top-ups, newest first",
  noun: 'top-up',
  ...auditStatusFilter,
  details:
    'Each line shows the way (chain, manual, card), the amount asked and the amount credited, for ' +
    'on-chain top-ups the network, the sending address and the transaction hash, and for manual ones ' +
    'the reference the shopper was told to write on the bank transfer. The evidence picture ' +
    'is a file under DATA_DIR (EVIDENCE column); --json also gives a link to it valid for a day ' +
    "(evidenceLink: put the shop's public address in front). Card invoices never paid are not listed.",
  examples: ['npm run admin -- recharges --status 0', 'npm run admin -- recharges --user demo --json'],
  load: async (db, p) => pageView(await listRecharges(db, p)),
  header: ['ID', 'WAY', 'STATUS', 'SHOPPER', 'ASKED', 'CREDITED', 'CREATED (UTC)', 'DETAILS', 'EVIDENCE'],
  row: (r) => [
    String(r.id),
    r.type,
    r.statusLabel,
    r.shopper.account,
    formatMoney(r.amount),
    r.arrivalAmount === null ? '' : formatMoney(r.arrivalAmount),
    when(r.createdAt),
    [
      r.networkName,
      r.fromAddress,
      r.txHash,
      r.reference && `reference ${r.reference}`,
      r.reason ? `refused: ${r.reason}` : null,
    ]
      .filter(Boolean)
      .join(' '),
    r.evidenceFile ?? '',
  ],
  right: [0, 4, 5],
});
