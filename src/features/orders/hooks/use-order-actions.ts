import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { invalidateEndpoints, type EndpointPrefix } from '@app/api/query-client';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { toast } from '@app/components/toast-store';
import { confirmAction } from '@app/telegram/confirm';

/**
 * What an order's change makes stale: every order tab and detail, the notifications (each move
 * writes one) and the user info (the profile's unpaid and undelivered counts).
 */
export const AFTER_ORDER_CHANGE = [
  'order.',
  'notify.',
  'user.getUserInfo',
] as const satisfies readonly EndpointPrefix[];

type Action = 'cancel' | 'receive' | 'remove';

/**
 * Cancel (unpaid), confirm receipt (delivered) and delete (finished) with their confirmation
 * questions. Each answers true when it was done; the server's refusal is toasted by the client.
 */
export function useOrderActions() {
  const { t } = useTranslation();
  const client = useQueryClient();
  /** One action: sent for an order id, toasted when done; the order's status changed either way, or the shopper sees why it did not. */
  const options = (done: string) => ({
    run: async (send: (params: { order_id: number }) => Promise<unknown>, id: number) => {
      await send({ order_id: id });
      toast.success(done);
      return true as const;
    },
    invalidates: AFTER_ORDER_CHANGE,
    // The client has toasted the server's reason (already cancelled, paid meanwhile...).
    onError: () => void invalidateEndpoints(client, AFTER_ORDER_CHANGE),
  });
  const cancelling = useEndpointMutation('order.cancel', options(t('orderList.cancelled')));
  const receiving = useEndpointMutation('order.received', options(t('orderList.receivedDone')));
  const removing = useEndpointMutation('order.delete', options(t('orderList.deleted')));
  const under = (
    [
      ['cancel', cancelling],
      ['receive', receiving],
      ['remove', removing],
    ] as const
  ).find(([, m]) => m.busy);
  const busy: { id: number; action: Action } | null =
    under && under[1].pending !== undefined ? { id: under[1].pending, action: under[0] } : null;

  const run = async (
    mutation: typeof cancelling,
    ask: { message: string; button: string; destructive: boolean },
    id: number,
  ): Promise<boolean> => {
    if (busy) return false;
    if (!(await confirmAction(ask.message, ask.button, { destructive: ask.destructive }))) return false;
    return (await mutation.mutate(id)) === true;
  };

  return {
    busy,
    cancel: (id: number) =>
      run(
        cancelling,
        {
          message: t('orderList.cancelConfirm'),
          button: t('orderList.cancelOrder'),
          destructive: true,
        },
        id,
      ),
    receive: (id: number) =>
      run(
        receiving,
        {
          message: t('orderList.receiveConfirm'),
          button: t('orderList.confirmReceipt'),
          destructive: false,
        },
        id,
      ),
    remove: (id: number) =>
      run(
        removing,
        {
          message: t('orderList.deleteConfirm'),
          button: t('orderList.deleteOrder'),
          destructive: true,
        },
        id,
      ),
  };
}
