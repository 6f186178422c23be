import { z } from 'zod';
import { formatMoney, toAmount } from '@common/money';
import { ORDER_STATUS, ORDER_STATUSES, type OrderStatus } from '@common/order-status';
import { listOrders, type OrderPage } from '../../modules/orders';
import { statusLabel } from '../../modules/operator';
import { defineCommand } from '../command';
import { countWord, textWord } from '../words';

const STATUS_HELP = ORDER_STATUSES.map((s) => `${s} ${statusLabel(s)}`).join(', ');

/** A status code ("1") or its name in the code ("waitingDelivery"). */
const statusWord = z.string().transform((text, ctx): OrderStatus => {
  const byName = (ORDER_STATUS as Record<string, OrderStatus>)[text];
  const byCode = ORDER_STATUSES.find((s) => String(s) === text.trim());
  const status = byCode ?? byName;
  if (status === undefined) {
    ctx.addIssue({ code: 'custom', message: `"${text}" is not an order status (${STATUS_HELP})` });
    return z.NEVER;
  }
  return status;
});

const view = (page: OrderPage) => ({
  ...page,
  list: page.list.map((o) => ({
    ...o,
    statusLabel: statusLabel(o.status),
    goodsAmount: toAmount(o.goodsAmount),
    freight: toAmount(o.freight),
    discount: toAmount(o.discount),
    total: toAmount(o.total),
  })),
});
type View = ReturnType<typeof view>;

function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const right = new Set([0, 5, 6]);
  return rows
    .map((r) =>
      r
        .map((cell, i) => (right.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export const ordersCommand = defineCommand({
  name: 'orders',
  summary: "List every shopper's orders, newest first",
  args: [],
  options: {
    status: { type: 'string', value: 'code', help: `only this status: ${STATUS_HELP}` },
    user: { type: 'string', value: 'account|telegram id', help: "only this shopper's orders" },
    page: { type: 'string', value: 'n', help: 'page, from 1 (default 1)' },
    limit: { type: 'string', value: 'n', help: 'orders per page, 1 to 100 (default 20)' },
  },
  examples: ['npm run admin -- orders --status 1', 'npm run admin -- orders --user demo --page 2 --limit 50'],
  input: z.object({
    status: statusWord.optional(),
    user: textWord(64).optional(),
    page: countWord().optional(),
    limit: countWord(100).optional(),
  }),
  run: async (db, p) => view(await listOrders(db, p)),
  print(v: View) {
    if (v.list.length === 0)
      return v.total === 0 ? 'No orders.' : `No orders on page ${v.page} (${v.total} in all).`;
    const rows = [
      ['ID', 'ORDER NO', 'STATUS', 'SHOPPER', 'SHOP', 'UNITS', 'TOTAL', 'CREATED (UTC)', 'SHIPPING'],
      ...v.list.map((o) => [
        String(o.id),
        o.orderSn,
        o.statusLabel,
        o.shopper.account,
        o.shop.name,
        String(o.units),
        formatMoney(o.total),
        o.createdAt.slice(0, 16).replace('T', ' '),
        o.carrier ? `${o.carrier} ${o.trackingNo}` : '',
      ]),
    ];
    const pages = Math.max(1, Math.ceil(v.total / v.limit));
    return `${table(rows)}\nPage ${v.page} of ${pages} (${v.total} order${v.total === 1 ? '' : 's'}).`;
  },
});
