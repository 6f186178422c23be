import { z } from 'zod';
import { formatMoney, toAmount } from '@common/money';
import { ORDER_STATUS, ORDER_STATUSES, type OrderStatus } from '@common/order-status';
import { listOrders, type OrderPage } from '../../modules/orders';
import { statusLabel } from '../../modules/operator';
import { listCommand, when } from './audit-words';

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

export const ordersCommand = listCommand({
  name: 'orders',
  summary: "List every shopper's orders, newest first",
  noun: 'order',
  status: { type: 'string', value: 'code', help: `only this status: ${STATUS_HELP}` },
  statusWord,
  examples: ['npm run admin -- orders --status 1', 'npm run admin -- orders --user demo --page 2 --limit 50'],
  load: async (db, p) => view(await listOrders(db, p)),
  header: ['ID', 'ORDER NO', 'STATUS', 'SHOPPER', 'SHOP', 'UNITS', 'TOTAL', 'CREATED (UTC)', 'SHIPPING'],
  row: (o) => [
    String(o.id),
    o.orderSn,
    o.statusLabel,
    o.shopper.account,
    o.shop.name,
    String(o.units),
    formatMoney(o.total),
    when(o.createdAt),
    o.carrier ? `${o.carrier} ${o.trackingNo}` : '',
  ],
  right: [0, 5, 6],
});
