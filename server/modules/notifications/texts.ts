import type { Lang } from '@common/languages';
import { ORDER_STATUS, REFUNDABLE_STATUSES } from '@common/order-status';
import { paths } from '@common/paths';
import type { notifications } from '../../db/schema';
import { hasKey, translate } from '../../lib/i18n';

/**
 * A notification row is stored as a kind and its parameters, never as text, so it reads in
 * whatever language the shopper uses when it is shown (the Mini App's list, the bot's message).
 * This is the one place that turns a row into its text and the Mini App path it opens.
 */
type Row = Pick<typeof notifications.$inferSelect, 'kind' | 'params' | 'refType' | 'refId'>;

/**
 * An order's step (kind 'order', written by moveOrders with {sn, status, from}): the text of the
 * status it entered, `notify.order.<status>`; an after-sale request the operator refused returns
 * the order to where it was, which reads as the refusal rather than as that step again.
 */
function orderTextKey(params: Row['params']): string {
  const status = Number(params.status);
  const from = params.from === undefined ? undefined : Number(params.from);
  if (from === ORDER_STATUS.afterSale && (REFUNDABLE_STATUSES as number[]).includes(status))
    return 'notify.order.refused';
  const key = `notify.order.${status}`;
  return hasKey(key) ? key : 'notify.unknown';
}

export function notificationText(lang: Lang, row: Pick<Row, 'kind' | 'params'>): string {
  const params = row.params ?? {};
  if (row.kind === 'order') return translate(lang, orderTextKey(params), params);
  // Other areas name a key of their own section ("wallet.notify.rechargePassed") or one under notify.
  const key = [row.kind, `notify.${row.kind}`].find((k) => k.includes('.') && hasKey(k));
  return translate(lang, key ?? 'notify.unknown', params);
}

/** The Mini App path a notification opens, or null when it opens nothing. */
export function notificationLink(row: Pick<Row, 'refType' | 'refId'>): string | null {
  if (!row.refId) return null;
  if (row.refType === 'order') return paths.orderInfo.href(row.refId);
  // A top-up's or a withdrawal's records, that one picked out.
  if (row.refType === 'recharge') return `${paths.topUpRecord.href()}?id=${encodeURIComponent(row.refId)}`;
  if (row.refType === 'withdrawal')
    return `${paths.depositRecord.href()}?id=${encodeURIComponent(row.refId)}`;
  return null;
}
