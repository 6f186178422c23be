import { ORDER_STATUS } from '@common/order-status';
import type { notifications } from '../../db/schema';

/**
 * The kinds of notification grouped the way a shopper thinks of them, for the /setting switches:
 * their orders' steps (and parcel tracking), refunds (an after-sale request, its refund or its
 * refusal) and their wallet (top-ups, withdrawals).
 */
export const NOTIFY_GROUPS = ['orders', 'refunds', 'wallet'] as const;
export type NotifyGroup = (typeof NOTIFY_GROUPS)[number];

const REFUND_STEPS: number[] = [ORDER_STATUS.afterSale, ORDER_STATUS.refunded];

export function notifyGroup(row: Pick<typeof notifications.$inferSelect, 'kind' | 'params'>): NotifyGroup {
  if (row.kind.startsWith('wallet.')) return 'wallet';
  if (row.kind === 'order') {
    const { status, from } = row.params ?? {};
    if (REFUND_STEPS.includes(Number(status)) || Number(from) === ORDER_STATUS.afterSale) return 'refunds';
  }
  return 'orders';
}
