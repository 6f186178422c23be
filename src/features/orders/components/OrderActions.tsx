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
  return (
    <div className="order-actions">
      {allowed.remove && (
        <Button
          size="s"
          mode="plain"
          className="order-actions__danger"
          loading={busy === 'remove'}
          disabled={disabled}
          onClick={async () => {
            if (await actions.remove(order.id)) onDeleted?.();
          }}
          data-testid="order-delete"
        >
          {t('orderList.deleteOrder')}
        </Button>
      )}
      {allowed.cancel && (
        <Button
          size="s"
          mode="gray"
          loading={busy === 'cancel'}
          disabled={disabled}
          onClick={() => void actions.cancel(order.id)}
          data-testid="order-cancel"
        >
          {t('orderList.cancelOrder')}
        </Button>
      )}
      {view && (
        <Button
          size="s"
          mode="gray"
          onClick={() => navigate(paths.orderInfo.href(order.id))}
          data-testid="order-view"
        >
          {t('orderList.view')}
        </Button>
      )}
      {allowed.receive && (
        <Button
          size="s"
          mode="filled"
          loading={busy === 'receive'}
          disabled={disabled}
          onClick={() => void actions.receive(order.id)}
          data-testid="order-receive"
        >
          {t('orderList.confirmReceipt')}
        </Button>
      )}
      {allowed.review && (
        <Button
          size="s"
          mode="filled"
          onClick={() => navigate(paths.comment.href(order.id))}
          data-testid="order-review"
        >
          {t('review.write')}
        </Button>
      )}
      {allowed.pay && (
        <Button
          size="s"
          mode="filled"
          disabled={disabled}
          onClick={() => navigate(paths.payment.href({ order_id: order.id }))}
          data-testid="order-pay"
        >
          {t('orderList.payNow')}
        </Button>
      )}
    </div>
  );
}
