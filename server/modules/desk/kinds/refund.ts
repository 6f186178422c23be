import { and, desc, eq } from 'drizzle-orm';
import { ORDER_STATUS } from '@common/order-status';
import { orderEvents, orders, refunds, users } from '@server/db/schema';
import { translate } from '@server/lib/i18n';
import { approveRefund, receiveRefund, refuseRefund } from '../../refunds';
import { lines, money, shopperField, textsIn, when } from '../format';
import type { DeskKind } from '../types';

/** The operator named by payOut()'s order event: "refund <amount> by <operator>". */
const refundedBy = (note: string) => /^refund .*? by (.+)$/.exec(note)?.[1] ?? '';

/** "Ada Lovelace (ada_l)": the shopper's name when they gave one, always their account. */
const shopperName = (u: { account: string; givenName: string; familyName: string }) => {
  const name = [u.givenName, u.familyName].filter(Boolean).join(' ');
  return name ? `${name} (${u.account})` : u.account;
};

/**
 * The explanation as the post shows it: a caption holds 1024 characters at most, and the decision's
 * lines and a long return address, added later, must still fit; the whole text is in
 * `npm run admin -- refunds --json`.
 */
const EXPLAIN_SHOWN = 200;
const clip = (text: string) => (text.length > EXPLAIN_SHOWN ? `${text.slice(0, EXPLAIN_SHOWN - 1)}…` : text);

/**
 * A refund request, keyed by its order's id (as the refund services and `npm run admin -- refund`
 * are), with its first proof picture: approve or refuse (reason asked) while it applies; after a
 * return and refund is approved, the post offers "Goods received" until the goods are back.
 */
export const refundKind: DeskKind = {
  object: 'refund',
  async describe(db, id, lang) {
    const [found] = await db
      .select({
        r: refunds,
        sn: orders.orderSn,
        total: orders.total,
        account: users.account,
        isDemo: users.isDemo,
        givenName: users.givenName,
        familyName: users.familyName,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .innerJoin(users, eq(users.id, refunds.userId))
      .where(eq(refunds.orderId, id));
    if (!found) return undefined;
    const { r } = found;
    const t = textsIn(lang);
    const decidedAt = when(r.decidedAt ?? r.updatedAt);
    const approved = r.serviceType === 'return' &&
      r.status !== 'applying' &&
      r.status !== 'refused' && [
        t('decided.approvedReturn', { by: r.decidedBy ?? '', at: decidedAt }),
        t('field.returnTo', { address: r.returnAddress ?? '' }),
        r.returnCarrier &&
          t('field.returnParcel', { carrier: r.returnCarrier, no: r.returnTrackingNo ?? '' }),
      ];
    let decidedBy: string | null = null;
    let decision: string | null = null;
    let actions: string[] = [];
    if (r.status === 'applying') actions = ['approve', 'refuse'];
    else if (r.status === 'refused') {
      decidedBy = r.decidedBy ?? '';
      decision = t('decided.refused', { by: decidedBy, at: decidedAt }) + ` · ${r.refuseReason ?? ''}`;
    } else if (r.status === 'waitingGoods' || r.status === 'refunding') {
      decidedBy = r.decidedBy ?? '';
      decision = t(r.status === 'waitingGoods' ? 'decided.waitingGoods' : 'decided.goodsOnTheWay');
      actions = ['received'];
    } else if (r.serviceType === 'refund') {
      decidedBy = r.decidedBy ?? '';
      decision = t('decided.refunded', { by: decidedBy, at: decidedAt, amount: money(r.amount, lang) });
    } else {
      // The goods came back: who received them is in the order's event.
      const [event] = await db
        .select({ note: orderEvents.note, at: orderEvents.createdAt })
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, id), eq(orderEvents.toStatus, ORDER_STATUS.refunded)))
        .orderBy(desc(orderEvents.id))
        .limit(1);
      decidedBy = event ? refundedBy(event.note) : '';
      decision = t('decided.received', {
        by: decidedBy,
        at: when(event?.at ?? r.refundedAt ?? r.updatedAt),
        amount: money(r.amount, lang),
      });
    }
    return {
      text: lines(
        t('post.refund', { sn: found.sn, id }),
        t(shopperField(found.isDemo), { account: shopperName(found) }),
        t('field.refundAmount', { amount: money(r.amount, lang), total: money(found.total, lang) }),
        t(`field.serviceType.${r.serviceType}`),
        t(`field.receiving.${r.receivingStatus}`),
        // The reason the shopper picked, as the Mini App shows it.
        t('field.reason', { reason: translate(lang, `refund.reasons.${r.reasonType}`) }),
        r.explain && t('field.explain', { explain: clip(r.explain) }),
        r.images.length > 1 && t('field.pictures', { n: r.images.length }),
        t('field.created', { at: when(r.createdAt) }),
        approved && `\n${approved.filter(Boolean).join('\n')}`,
        decision && `\n${decision}`,
      ),
      photo: r.images[0] ?? null,
      decidedBy,
      actions,
      labelParams: { amount: money(r.amount, lang) },
    };
  },
  actions: {
    approve: {
      label: 'button.approveRefund',
      run: async (db, id, operator) => {
        await approveRefund(db, { orderId: id, operator });
        return { alreadyDone: false };
      },
    },
    refuse: {
      label: 'button.refuse',
      ask: 'reason',
      run: async (db, id, operator, answer = '') => {
        await refuseRefund(db, { orderId: id, operator, reason: answer });
        return { alreadyDone: false };
      },
    },
    received: {
      label: 'button.goodsReceived',
      run: async (db, id, operator) => {
        await receiveRefund(db, { orderId: id, operator });
        return { alreadyDone: false };
      },
    },
  },
};
