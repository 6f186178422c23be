import { z } from 'zod';
import { toAmount } from '@common/money';
import { createPromo, disablePromo, listPromos, type PromoRow } from '../../modules/checkout';
import { defineCommand } from '../command';
import { amountWord, countWord, textWord } from '../words';

/** promo create|list|disable: the promo codes checkout applies (server/modules/checkout/promo.ts). */
const view = (p: PromoRow) => ({
  code: p.code,
  kind: p.kind,
  /** Dollars for an amount, percent for a percent code. */
  value: p.kind === 'amount' ? toAmount(p.value) : `${p.value / 100}%`,
  minSpend: toAmount(p.minSpend),
  startsAt: p.startsAt?.toISOString() ?? null,
  endsAt: p.endsAt?.toISOString() ?? null,
  totalLimit: p.totalLimit,
  perUserLimit: p.perUserLimit,
  used: p.usedCount,
  active: p.active,
});
type PromoView = ReturnType<typeof view>;
type View = { action: 'create' | 'disable'; promo: PromoView } | { action: 'list'; promos: PromoView[] };

/** "15%" -> basis points (1500); at most two decimals, more than 0 and at most 100. */
const percentWord = z.string().transform((text, ctx) => {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?%$/.exec(text.trim());
  const points = m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : NaN;
  if (!(points > 0 && points <= 10_000)) {
    ctx.addIssue({ code: 'custom', message: `"${text}" is not a percent from 0.01% to 100%` });
    return z.NEVER;
  }
  return points;
});

const dateWord = z.string().transform((text, ctx) => {
  const d = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(d.getTime())) {
    ctx.addIssue({ code: 'custom', message: `"${text}" is not a date like 2026-12-31 or 2026-12-31T18:00Z` });
    return z.NEVER;
  }
  return d;
});

const input = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('create'),
    code: textWord(32),
    value: z.string({ error: 'required: dollars like 5.00 or a percent like 15%' }).transform((text, ctx) => {
      const percent = text.trim().endsWith('%');
      const parsed = (percent ? percentWord : amountWord).safeParse(text);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0].message });
        return z.NEVER;
      }
      return { kind: percent ? ('percent' as const) : ('amount' as const), value: parsed.data };
    }),
    'min-spend': amountWord.optional(),
    starts: dateWord.optional(),
    ends: dateWord.optional(),
    limit: countWord(1_000_000_000).optional(),
    'per-user': countWord(1_000_000_000).optional(),
  }),
  z.object({ action: z.literal('list'), active: z.boolean().optional() }),
  z.object({ action: z.literal('disable'), code: textWord(32) }),
]);

export const promoCommand = defineCommand({
  name: 'promo',
  summary: 'Make, list or turn off promo codes (promo create|list|disable)',
  args: [
    { name: 'action', label: 'create|list|disable' },
    { name: 'code', label: 'code', optional: true },
    { name: 'value', label: 'amount|percent', optional: true },
  ],
  options: {
    'min-spend': { type: 'string', value: 'amount', help: 'goods amount the code needs (dollars)' },
    starts: { type: 'string', value: 'date', help: 'valid from (ISO date or time)' },
    ends: { type: 'string', value: 'date', help: 'valid until (ISO date or time)' },
    limit: { type: 'string', value: 'n', help: 'uses in total (default: unlimited)' },
    'per-user': { type: 'string', value: 'n', help: 'uses per shopper (default: unlimited)' },
    active: { type: 'boolean', help: 'list: only the active codes' },
  },
  details:
    'A code takes an amount off ("5.00") or a percent of the goods ("15%"), once per checkout. ' +
    'Checkout tells the shopper why a code does not apply (unknown, not started, expired, minimum ' +
    'spend, used up, already used). A disabled code stays listed and applies no more.',
  examples: [
    'npm run admin -- promo create WELCOME5 5.00 --min-spend 20 --per-user 1',
    'npm run admin -- promo create SUMMER15 15% --ends 2026-09-01 --limit 500',
    'npm run admin -- promo list --active',
    'npm run admin -- promo disable SUMMER15',
  ],
  input,
  async run(db, p): Promise<View> {
    if (p.action === 'list')
      return { action: 'list', promos: (await listPromos(db, { activeOnly: p.active })).map(view) };
    if (p.action === 'disable') return { action: 'disable', promo: view(await disablePromo(db, p.code)) };
    const made = await createPromo(db, {
      code: p.code,
      ...p.value,
      minSpend: p['min-spend'],
      startsAt: p.starts ?? null,
      endsAt: p.ends ?? null,
      totalLimit: p.limit ?? null,
      perUserLimit: p['per-user'] ?? null,
    });
    return { action: 'create', promo: view(made) };
  },
  print(v: View) {
    const line = (p: PromoView) =>
      `${p.code}: ${p.kind === 'amount' ? `$${p.value}` : p.value} off` +
      (p.minSpend !== '0.00' ? `, from $${p.minSpend}` : '') +
      (p.startsAt ? `, from ${p.startsAt}` : '') +
      (p.endsAt ? `, until ${p.endsAt}` : '') +
      `, used ${p.used}${p.totalLimit === null ? '' : `/${p.totalLimit}`}` +
      (p.perUserLimit === null ? '' : `, ${p.perUserLimit} per shopper`) +
      (p.active ? '' : ' (disabled)');
    if (v.action === 'list') return v.promos.length ? v.promos.map(line).join('\n') : 'No promo codes.';
    return `${v.action === 'create' ? 'Made' : 'Disabled'} ${line(v.promo)}.`;
  },
});
