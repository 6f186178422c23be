import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateEndpoints } from '@app/api/query-client';
import { toast } from '@app/components/toast-store';
import { confirmAction } from '@app/telegram/confirm';
import { ordersApi } from '../api';

/**
 * What an order's change makes stale: every order tab and detail, the notifications (each move
 * writes one) and the user info (the profile's unpaid and undelivered counts).
 */
export const AFTER_ORDER_CHANGE = ['order.', 'notify.', 'user.getUserInfo'] as const;

type Action = 'cancel' | 'receive' | 'remove';

/**
 * Cancel (unpaid), confirm receipt (delivered) and delete (finished) with their confirmation
 * questions. Each answers true when it was done; the server's refusal is toasted by the client.
 */
export function useOrderActions() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState<{ id: number; action: Action } | null>(null);

  const run = async (
    id: number,
    action: Action,
    ask: { message: string; button: string; destructive: boolean },
    send: () => Promise<unknown>,
    done: string,
  ): Promise<boolean> => {
    if (busy) return false;
    if (!(await confirmAction(ask.message, ask.button, { destructive: ask.destructive }))) return false;
    setBusy({ id, action });
    try {
      await send();
      toast.success(done);
      return true;
    } catch {
      // The client has toasted the server's reason (already cancelled, paid meanwhile...).
      return false;
    } finally {
      // The order's status changed either way, or the shopper sees why it did not.
      void invalidateEndpoints(client, AFTER_ORDER_CHANGE);
      setBusy(null);
    }
  };

  return {
    busy,
    cancel: (id: number) =>
      run(
        id,
        'cancel',
        {
          message: t('orderList.cancelConfirm'),
          button: t('orderList.cancelOrder'),
          destructive: true,
        },
        () => ordersApi.cancel(id),
        t('orderList.cancelled'),
      ),
    receive: (id: number) =>
      run(
        id,
        'receive',
        {
          message: t('orderList.receiveConfirm'),
          button: t('orderList.confirmReceipt'),
          destructive: false,
        },
        () => ordersApi.received(id),
        t('orderList.receivedDone'),
      ),
    remove: (id: number) =>
      run(
        id,
        'remove',
        {
          message: t('orderList.deleteConfirm'),
          button: t('orderList.deleteOrder'),
          destructive: true,
        },
        () => ordersApi.remove(id),
        t('orderList.deleted'),
      ),
  };
}
