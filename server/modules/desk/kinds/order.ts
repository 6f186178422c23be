import { and, desc, eq } from 'drizzle-orm';
import { ORDER_STATUS } from '@common/order-status';
import { orderEvents, orderItems, orders, shops, users } from '@server/db/schema';
import { ship } from '../../orders';
import { statusLabel } from '../../operator';
import { lines, money, shopperField, textsIn, when } from '../format';
import type { DeskKind } from '../types';

/** "DHL\n1234" or "China Post 1234": carrier, then the tracking number (the last word). */
export function carrierAndTracking(answer: string): { carrier: string; trackingNo: string } {
  const text = answer.trim();
  const rows = text.split(/\r?\n/).map((r) => r.trim());
  if (rows.length === 2) return { carrier: rows[0], trackingNo: rows[1] };
  const cut = text.search(/\s+\S+$/);
  if (cut <= 0) return { carrier: text, trackingNo: '' };
  return { carrier: text.slice(0, cut), trackingNo: text.slice(cut).trim() };
}

/** The operator named by ship()'s order event: "shipped by <operator>: <carrier> <number>". */
const shippedBy = (note: string) => /^shipped by (.+?): /.exec(note)?.[1] ?? '';

/** A paid order waiting delivery: ship it (carrier and tracking number asked). */
export const orderKind: DeskKind = {
  object: 'order',
  async describe(db, id, lang) {
    const [found] = await db
      .select({ o: orders, account: users.account, isDemo: users.isDemo, shop: shops.name })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(shops, eq(shops.id, orders.shopId))
      .where(eq(orders.id, id));
    if (!found) return undefined;
    const { o } = found;
    const items = await db
      .select({ title: orderItems.title, num: orderItems.num })
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(orderItems.id);
    const t = textsIn(lang);
    let decidedBy: string | null = null;
    let decision: string | null = null;
    if (o.status !== ORDER_STATUS.waitingDelivery) {
      const [event] = o.shippedAt
        ? await db
            .select({ note: orderEvents.note, at: orderEvents.createdAt })
            .from(orderEvents)
            .where(and(eq(orderEvents.orderId, id), eq(orderEvents.toStatus, ORDER_STATUS.delivered)))
            .orderBy(desc(orderEvents.id))
            .limit(1)
        : [];
      decidedBy = event ? shippedBy(event.note) : '';
      decision = event
        ? t('decided.shipped', { by: decidedBy, at: when(event.at) }) + ` · ${o.carrier} ${o.trackingNo}`
        : t('decided.status', { status: statusLabel(o.status) });
    }
    const a = o.address;
    return {
      text: lines(
        t('post.order', { sn: o.orderSn, id: o.id }),
        t(shopperField(found.isDemo), { account: found.account }),
        t('field.shop', { shop: found.shop }),
        ...items.map((i) => `• ${i.title} × ${i.num}`),
        t('field.total', { amount: money(o.total, lang) }),
        t('field.shipTo', {
          name: a.addressee,
          mobile: a.mobile,
          address: [a.country, a.region, a.detail].filter(Boolean).join(', '),
        }),
        o.remark && t('field.remark', { remark: o.remark }),
        decision && `\n${decision}`,
      ),
      photo: null,
      decidedBy,
      labelParams: {},
    };
  },
  actions: {
    ship: {
      label: 'button.ship',
      ask: 'shipping',
      run: async (db, id, operator, answer = '') => {
        const shipped = await ship(db, { orderId: id, operator, ...carrierAndTracking(answer) });
        return { alreadyDone: shipped.alreadyShipped };
      },
    },
  },
};
