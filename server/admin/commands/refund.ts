import { z } from 'zod';
import { formatMoney, toAmount } from '@common/money';
import { REFUND_STATES, type RefundState } from '@common/refund';
import {
  approveRefund,
  listRefunds,
  receiveRefund,
  refuseRefund,
  type OperatorRefund,
  type RefundDecided,
  type RefundPage,
} from '../../modules/refunds';
import { evidenceLink } from '../../modules/upload';
import { defineCommand } from '../command';
import { countWord, textWord } from '../words';
import { listCommand, reasonFits, reasonOptions, when } from './audit-words';

/** `refund approve|refuse|received` and `refunds`: the operator's decisions on refund requests. */
const LINK_HOURS = 24;

const refundView = (r: OperatorRefund) => ({
  ...r,
  amount: toAmount(r.amount),
  orderTotal: toAmount(r.orderTotal),
  /** Links to the proof pictures, valid for a day (put the shop's address in front). */
  imageLinks: r.imageFiles.map((f) => evidenceLink(`/${f}`, Date.now(), LINK_HOURS * 3600)),
});

const decidedView = (d: RefundDecided) => ({
  refund: refundView(d.refund),
  balance: d.balance === null ? null : toAmount(d.balance),
});
type DecidedView = ReturnType<typeof decidedView>;

type Params =
  { action: 'approve' | 'received'; orderId: number } | { action: 'refuse'; orderId: number; reason: string };

const input = z
  .object({
    action: z.enum(['approve', 'refuse', 'received'], { error: 'approve, refuse or received' }),
    orderId: countWord(),
    reason: textWord(200).optional(),
  })
  .transform((w, ctx): Params => {
    if (!reasonFits(w, ctx)) return z.NEVER;
    if (w.action !== 'refuse') return { action: w.action, orderId: w.orderId };
    return { action: 'refuse', orderId: w.orderId, reason: w.reason ?? '' };
  });

const who = (s: OperatorRefund['shopper']) => `${s.account} (user ${s.id})`;

export const refundCommand = defineCommand<Params, DecidedView>({
  name: 'refund',
  summary: 'Approve or refuse a refund request, or say the returned goods arrived',
  args: [
    { name: 'action', label: 'approve|refuse|received' },
    { name: 'orderId', label: 'order id' },
  ],
  options: reasonOptions,
  details:
    'A refund request waits as "applying" with its order in after-sale. `approve` of a refund only ' +
    "credits the amount to the shopper's balance at once (one ledger entry of type refund, keyed by " +
    'the refund, so never twice) and moves the order to refunded (stock returns if it was never ' +
    'shipped); of a return and refund it asks the shopper to send the goods to the return address ' +
    '(setting refundReturnAddress). `received` says the returned goods arrived: credit, refunded, ' +
    "stock back. `refuse` returns the order to where it was, with your reason; the order can't ask " +
    'again. A decided refund cannot be decided again. The order id is the ID column of `orders`.',
  examples: [
    'npm run admin -- refund approve 12',
    'npm run admin -- refund refuse 12 --reason "The photos show a different product"',
    'npm run admin -- refund received 12',
  ],
  input,
  async run(db, p, ctx) {
    const operator = ctx.operator;
    if (p.action === 'refuse')
      return decidedView(await refuseRefund(db, { orderId: p.orderId, reason: p.reason, operator }));
    const decide = p.action === 'approve' ? approveRefund : receiveRefund;
    return decidedView(await decide(db, { orderId: p.orderId, operator }));
  },
  print(v) {
    const r = v.refund;
    const order = `order ${r.orderId} (${r.orderSn})`;
    if (r.status === 'refunded')
      return `Refund of ${order}: ${formatMoney(r.amount)} credited to ${who(r.shopper)}. Balance now ${formatMoney(v.balance ?? '0')}; the shopper is notified.`;
    if (r.status === 'waitingGoods')
      return `Return of ${order} approved: the shopper is asked to send the goods to "${r.returnAddress}". When they arrive: npm run admin -- refund received ${r.orderId}`;
    return `Refund of ${order} refused ("${r.refuseReason}"); the order is back to ${r.orderStatus}; the shopper is notified.`;
  },
});

const stateWord = z.string().transform((text, ctx): RefundState => {
  const found = REFUND_STATES.find((s) => s.toLowerCase() === text.trim().toLowerCase());
  if (!found) {
    ctx.addIssue({
      code: 'custom',
      message: `"${text}" is not a refund state (${REFUND_STATES.join(', ')})`,
    });
    return z.NEVER;
  }
  return found;
});

const pageView = (p: RefundPage) => ({ ...p, list: p.list.map(refundView) });

export const refundsCommand = listCommand({
  name: 'refunds',
  summary: "List every shopper's refund requests, newest first",
  noun: 'refund',
  status: { type: 'string', value: 'state', help: `only this state: ${REFUND_STATES.join(', ')}` },
  statusWord: stateWord,
  details:
    'Each line shows the order, the type (refund only or return), the amount asked against the order ' +
    "total, the reason and the shopper's explanation. The proof pictures are files under DATA_DIR; " +
    "--json also gives links to them valid for a day (imageLinks: put the shop's public address in front).",
  examples: ['npm run admin -- refunds --status applying', 'npm run admin -- refunds --user demo --json'],
  load: async (db, p) => pageView(await listRefunds(db, p)),
  header: ['ORDER', 'ORDER NO', 'TYPE', 'STATE', 'SHOPPER', 'AMOUNT', 'OF', 'ASKED (UTC)', 'REASON', 'PROOF'],
  row: (r) => [
    String(r.orderId),
    r.orderSn,
    r.serviceType,
    r.status,
    r.shopper.account,
    formatMoney(r.amount),
    formatMoney(r.orderTotal),
    when(r.createdAt),
    `${r.reasonType}: ${r.explain.replace(/\s+/g, ' ').slice(0, 60)}${r.refuseReason ? ` (refused: ${r.refuseReason})` : ''}`,
    r.imageFiles.join(' '),
  ],
  right: [0, 5, 6],
});
