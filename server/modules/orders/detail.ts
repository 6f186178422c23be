import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import type { OrderDetailAnswer } from '@common/schemas/order';
import type { DbOrTx } from '../../db/client';
import { orderEvents, orders, orderTracks, type AddressSnapshot } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { regionName } from '../address';
import { refundableOf, refundOfOrder, refundView } from './refund-view';
import { itemsByOrder, toOrderCard, withShop } from './cards';

/**
 * GET /api/order/detail: the card plus the address as it was at checkout, amounts, every step's
 * time, the status timeline and the logistics timeline. Another shopper's order, a deleted
 * (hidden) one and a missing one all answer the same NotFoundError.
 */
const regionNames = new Map<Lang, Intl.DisplayNames>();

/** The country's name in the shopper's language (ISO 3166-1 alpha-2 code); the code if unknown. */
export function countryName(code: string, lang: Lang): string {
  let names = regionNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
    regionNames.set(lang, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    // Not a well-formed region code (an old or hand-made snapshot): shown as stored.
    return code;
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function addressOf(snapshot: AddressSnapshot, lang: Lang): OrderDetailAnswer['address'] {
  return {
    addressee: snapshot.addressee,
    mobile: snapshot.mobile,
    country: snapshot.country,
    countryName: countryName(snapshot.country, lang),
    // The snapshot keeps the region as the shopper's address had it: a code of the country's list
    // (named in the shopper's language, as the address list names it) or free text (as typed).
    region: snapshot.region,
    regionName: regionName(snapshot.country, snapshot.region, lang),
    detail: snapshot.detail,
    tag: snapshot.tag,
  };
}

export async function orderDetail(
  db: DbOrTx,
  lang: Lang,
  userId: number,
  orderId: number,
): Promise<OrderDetailAnswer> {
  const [row] = await withShop(db).where(
    and(eq(orders.id, orderId), eq(orders.userId, userId), isNull(orders.hiddenAt)),
  );
  if (!row) throw new NotFoundError();
  const [items, events, tracks, refund] = await Promise.all([
    itemsByOrder(db, [orderId]),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id)),
    db.select().from(orderTracks).where(eq(orderTracks.orderId, orderId)).orderBy(desc(orderTracks.id)),
    refundOfOrder(db, orderId),
  ]);
  const { order } = row;
  const lines = items.get(orderId) ?? [];
  return {
    ...toOrderCard(row, lines, lang),
    address: addressOf(order.address, lang),
    remark: order.remark,
    promoCode: order.promoCode,
    carrier: order.carrier,
    trackingNo: order.trackingNo,
    paidAt: iso(order.paidAt),
    shippedAt: iso(order.shippedAt),
    receivedAt: iso(order.receivedAt),
    completedAt: iso(order.completedAt),
    cancelledAt: iso(order.cancelledAt),
    refundedAt: iso(order.refundedAt),
    events: events.map((e) => ({
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      actor: e.actor,
      // An operator's note is the operator's audit trail (it names who acted, in English): the
      // shopper sees that the shop acted, and the carrier and number in their own fields.
      note: e.actor === 'operator' ? '' : e.note,
      createdAt: e.createdAt.toISOString(),
    })),
    tracks: tracks.map((t) => ({ text: t.text, createdAt: t.createdAt.toISOString() })),
    refund: refund ? refundView(refund) : null,
    refundable: refundableOf(order, lines, refund),
  };
}
