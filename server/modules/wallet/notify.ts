import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';
import { enqueue } from '../../lib/outbox';

/**
 * The wallet's notifications: their kind is the full key of the text in the locale files' "wallet"
 * section (server/modules/notifications/texts.ts reads it in the shopper's language), their
 * reference the top-up or withdrawal, whose records screen the notification opens.
 */
export type WalletNotice =
  | 'wallet.notify.rechargePassed'
  | 'wallet.notify.rechargeRefused'
  | 'wallet.notify.cardCredited'
  | 'wallet.notify.cardPaidOrders'
  | 'wallet.notify.cardToBalance'
  | 'wallet.notify.withdrawPassed'
  | 'wallet.notify.withdrawRefused';

export async function notifyWallet(
  tx: DbOrTx,
  n: {
    userId: number;
    kind: WalletNotice;
    params: Record<string, string | number>;
    ref: { type: 'recharge' | 'withdrawal'; id: number };
    /** Already told in Telegram (the bot's answer to a payment): an outbox leaves it. */
    sent?: boolean;
  },
): Promise<number> {
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: n.userId,
      kind: n.kind,
      params: n.params,
      refType: n.ref.type,
      refId: String(n.ref.id),
      sentAt: n.sent ? new Date() : null,
    })
    .returning({ id: notifications.id });
  if (!n.sent) await enqueue(tx, 'notification', [row.id]);
  return row.id;
}
