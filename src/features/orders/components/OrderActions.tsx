import { Button } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '@common/paths';
import type { useOrderActions } from '../hooks/use-order-actions';
import { canReview, orderActions } from '../lib/status';

interface OrderActionsProps {
  order: { id: number; status: number; items: readonly { reviewed: boolean }[] };
  actions: ReturnType<typeof useOrderActions>;
  /** A "view" button to the order's page (on the list's cards). */
  view?: boolean;
  /** Leaves pay now, confirm receipt and review out (the detail screen has them on the main button). */
  withoutPrimary?: boolean;
  /** Called after the order was deleted (the detail screen leaves). */
  onDeleted?: () => void;
}

/** The buttons an order's status allows: pay now, cancel, confirm receipt, delete, view. */
export function OrderActions({ order, actions, view, withoutPrimary, onDeleted }: OrderActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const allowed = { ...orderActions(order.status), review: canReview(order) };
  if (withoutPrimary) allowed.pay = allowed.receive = allowed.review = false;
  if (!view && !Object.values(allowed).some(Boolean)) return null;
  const busy = actions.busy?.id === order.id ? actions.busy.action : null;
  const disabled = Boolean(actions.busy);
  // Each button in the order shown; `action` is the call it makes (its spinner, and every call's
  // wait disables it), `guarded` disables it too while a call is under way.
  const buttons: {
    shown: boolean | undefined;
    mode: 'plain' | 'gray' | 'filled';
    className?: string;
    action?: 'remove' | 'cancel' | 'receive';
    guarded?: boolean;
    onClick: () => void;
    testId: string;
    label: string;
  }[] = [
    {
      shown: allowed.remove,
      mode: 'plain',
      className: 'order-actions__danger',
      action: 'remove',
      onClick: async () => {
        if (await actions.remove(order.id)) onDeleted?.();
      },
      testId: 'order-delete',
      label: t('orderList.deleteOrder'),
    },
    {
      shown: allowed.cancel,
      mode: 'gray',
      action: 'cancel',
      onClick: () => void actions.cancel(order.id),
      testId: 'order-cancel',
      label: t('orderList.cancelOrder'),
    },
    {
      shown: view,
      mode: 'gray',
      onClick: () => navigate(paths.orderInfo.href(order.id)),
      testId: 'order-view',
      label: t('orderList.view'),
    },
    {
      shown: allowed.receive,
      mode: 'filled',
      action: 'receive',
      onClick: () => void actions.receive(order.id),
      testId: 'order-receive',
      label: t('orderList.confirmReceipt'),
    },
    {
      shown: allowed.review,
      mode: 'filled',
      onClick: () => navigate(paths.comment.href(order.id)),
      testId: 'order-review',
      label: t('review.write'),
    },
    {
      shown: allowed.pay,
      mode: 'filled',
      guarded: true,
      onClick: () => navigate(paths.payment.href({ order_id: order.id })),
      testId: 'order-pay',
      label: t('orderList.payNow'),
    },
  ];
  return (
    <div className="order-actions">
      {buttons
        .filter((b) => b.shown)
        .map((b) => (
          <Button
            key={b.testId}
            size="s"
            mode={b.mode}
            className={b.className}
            loading={b.action !== undefined && busy === b.action}
            disabled={b.action || b.guarded ? disabled : undefined}
            onClick={b.onClick}
            data-testid={b.testId}
          >
            {b.label}
          </Button>
        ))}
    </div>
  );
}
