import { z } from 'zod';
import { formatMoney, toAmount } from '@common/money';
import {
  addNetwork,
  listNetworks,
  setNetwork,
  type NetworkFields,
  type OperatorNetwork,
} from '../../modules/wallet';
import { defineCommand } from '../command';
import { amountWord, textWord } from '../words';
import { table } from './audit-words';

/** `network add|set|list`: the crypto networks of top-ups and withdrawals. */
const networkView = (n: OperatorNetwork) => ({
  id: n.id,
  name: n.name,
  depositAddress: n.depositAddress,
  addressPattern: n.addressPattern,
  minRecharge: toAmount(n.minRecharge),
  minWithdraw: toAmount(n.minWithdraw),
  maxWithdraw: toAmount(n.maxWithdraw),
  /** Percent, e.g. "1.50". */
  feeRate: toAmount(n.feeRateBps),
  feeMin: toAmount(n.feeMin),
  enabled: n.enabled,
  sort: n.sort,
});
type NetworkView = ReturnType<typeof networkView>;

type Params =
  | { action: 'list' }
  | { action: 'add'; name: string; depositAddress: string; fields: NetworkFields }
  | { action: 'set'; network: string; fields: NetworkFields };
type View =
  | { action: 'list'; networks: NetworkView[] }
  | { action: 'add'; network: NetworkView }
  | { action: 'set'; previous: NetworkView; current: NetworkView };

/** A fee rate in percent with at most two decimals ("1.5") -> basis points (150). */
const percentWord = z.string().transform((text, ctx) => {
  const m = /^\s*(\d{1,3})(?:\.(\d{1,2}))?\s*%?\s*$/.exec(text);
  const bps = m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : NaN;
  if (!(bps >= 0 && bps <= 10_000)) {
    ctx.addIssue({
      code: 'custom',
      message: `"${text}" is not a rate: percent from 0 to 100 with at most two decimals (like 1.5)`,
    });
    return z.NEVER;
  }
  return bps;
});
/** Dollars that may be zero (a fee). */
const zeroOrAmount = z.string().transform((text, ctx) => {
  if (/^\s*0+(\.0{1,2})?\s*$/.test(text)) return 0;
  const parsed = amountWord.safeParse(text);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0].message });
    return z.NEVER;
  }
  return parsed.data;
});
const booleanWord = z.enum(['true', 'false'], { error: 'true or false' }).transform((v) => v === 'true');
const sortWord = z
  .string()
  .regex(/^-?\d{1,7}$/, { error: 'must be a whole number' })
  .transform(Number);

const input = z
  .object({
    action: z.enum(['add', 'set', 'list'], { error: 'add, set or list' }),
    network: textWord(40).optional(),
    address: textWord(200).optional(),
    pattern: z.string().max(200, { error: 'longer than 200 characters' }).optional(),
    'min-recharge': amountWord.optional(),
    'min-withdraw': amountWord.optional(),
    'max-withdraw': amountWord.optional(),
    'fee-rate': percentWord.optional(),
    'fee-min': zeroOrAmount.optional(),
    enabled: booleanWord.optional(),
    sort: sortWord.optional(),
  })
  .transform((w, ctx): Params => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    const fields: NetworkFields = {
      depositAddress: w.address,
      addressPattern: w.pattern,
      minRecharge: w['min-recharge'],
      minWithdraw: w['min-withdraw'],
      maxWithdraw: w['max-withdraw'],
      feeRateBps: w['fee-rate'],
      feeMin: w['fee-min'],
      enabled: w.enabled,
      sort: w.sort,
    };
    const given = Object.fromEntries(
      Object.entries(fields).filter(([, v]) => v !== undefined),
    ) as NetworkFields;
    if (w.action === 'list') {
      if (w.network !== undefined || Object.keys(given).length)
        return fail('list takes no network and no options');
      return { action: 'list' };
    }
    if (w.network === undefined)
      return fail(`${w.action} needs the network's name${w.action === 'set' ? ' or id' : ''}`);
    if (w.action === 'add') {
      if (w.address === undefined) return fail('add needs --address, the deposit address shoppers send to');
      return { action: 'add', name: w.network, depositAddress: w.address, fields: given };
    }
    if (Object.keys(given).length === 0) return fail('set needs at least one option to change');
    return { action: 'set', network: w.network, fields: given };
  });

const line = (n: NetworkView) =>
  `${n.name}: deposit to ${n.depositAddress}; top-up from ${formatMoney(n.minRecharge)}; withdraw ` +
  `${formatMoney(n.minWithdraw)} to ${formatMoney(n.maxWithdraw)}, fee ${n.feeRate} % (at least ` +
  `${formatMoney(n.feeMin)}); ${n.enabled ? 'enabled' : 'disabled'}`;

export const networkCommand = defineCommand<Params, View>({
  name: 'network',
  summary: 'Add, change or list the crypto networks of top-ups and withdrawals',
  args: [
    { name: 'action', label: 'add|set|list' },
    { name: 'network', label: 'name|id', optional: true },
  ],
  options: {
    address: {
      type: 'string',
      value: 'address',
      help: "the shop's deposit address on the network (add: required)",
    },
    pattern: {
      type: 'string',
      value: 'regexp',
      help: 'a regular expression every address on the network matches (a shopper\'s address that does not is refused as "another network"); "" removes it',
    },
    'min-recharge': { type: 'string', value: 'dollars', help: 'smallest top-up (default 1.00)' },
    'min-withdraw': { type: 'string', value: 'dollars', help: 'smallest withdrawal (default 10.00)' },
    'max-withdraw': { type: 'string', value: 'dollars', help: 'largest withdrawal (default 10000.00)' },
    'fee-rate': { type: 'string', value: 'percent', help: 'withdrawal fee rate, e.g. 1.5 (default 0)' },
    'fee-min': { type: 'string', value: 'dollars', help: 'smallest withdrawal fee (default 0)' },
    enabled: { type: 'string', value: 'true|false', help: 'whether shoppers see the network (default true)' },
    sort: { type: 'string', value: 'n', help: "place in the shoppers' list, lower first (default 0)" },
  },
  details:
    'Shoppers top up by sending to the deposit address and withdraw to their own address on a network. ' +
    'The withdrawal fee is the rate of the amount, rounded up to the cent, at least the minimum fee; ' +
    'the shopper receives the amount and amount + fee leave the balance. The per-withdrawal and per-day ' +
    'limits of the settings (withdrawLimits) apply as well. A network is never deleted: --enabled false hides it.',
  examples: [
    'npm run admin -- network list',
    "npm run admin -- network add USDT-TRC20 --address TXyz... --pattern 'T[1-9A-HJ-NP-Za-km-z]{33}' --min-recharge 10 --fee-rate 1 --fee-min 1",
    'npm run admin -- network set USDT-TRC20 --fee-rate 0.5 --max-withdraw 5000',
    'npm run admin -- network set 3 --enabled false',
  ],
  input,
  async run(db, p, ctx) {
    if (p.action === 'list') return { action: 'list', networks: (await listNetworks(db)).map(networkView) };
    if (p.action === 'add') {
      const row = await addNetwork(db, {
        ...p.fields,
        name: p.name,
        depositAddress: p.depositAddress,
        operator: ctx.operator,
      });
      return { action: 'add', network: networkView(row) };
    }
    const { previous, current } = await setNetwork(db, {
      ...p.fields,
      network: p.network,
      operator: ctx.operator,
    });
    return { action: 'set', previous: networkView(previous), current: networkView(current) };
  },
  print(v) {
    if (v.action === 'add') return `Network ${v.network.id} added. ${line(v.network)}.`;
    if (v.action === 'set')
      return `Network ${v.current.id} changed. Was: ${line(v.previous)}.\nNow: ${line(v.current)}.`;
    if (v.networks.length === 0)
      return 'No networks: npm run admin -- network add <name> --address <deposit address>';
    return table(
      [
        ['ID', 'NAME', 'ENABLED', 'MIN TOP-UP', 'WITHDRAW', 'FEE', 'DEPOSIT ADDRESS'],
        ...v.networks.map((n) => [
          String(n.id),
          n.name,
          n.enabled ? 'yes' : 'no',
          formatMoney(n.minRecharge),
          `${formatMoney(n.minWithdraw)}-${formatMoney(n.maxWithdraw)}`,
          `${n.feeRate} %, min ${formatMoney(n.feeMin)}`,
          n.depositAddress,
        ]),
      ],
      new Set([0, 3]),
    );
  },
});
