import { Avatar, VisuallyHidden } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ORDER_STATUS } from '@common/order-status';
import { paths } from '@common/paths';
import { useMoney } from '@app/i18n/use-money';
import type { OrderCard } from '../api';
import type { useOrderActions } from '../hooks/use-order-actions';
import { useDateTime } from '../lib/format';
import { OrderActions } from './OrderActions';
import { OrderLines } from './OrderLines';
import { StatusBadge } from './StatusBadge';

/** One order on the list: shop, status (unpaid: until when), items, total and what its status allows. */
export function OrderCardView({
  order,
  actions,
}: {
  order: OrderCard;
  actions: ReturnType<typeof useOrderActions>;
}) {
  const { t } = useTranslation();
  const formatMoney = useMoney();
  const when = useDateTime();
  return (
    <article className="order-card" data-testid="order-card" data-order-id={order.id}>
      <header className="order-card__head">
        <Avatar size={24} src={order.shopAvatar || undefined} acronym={order.shopName.slice(0, 1)} alt="" />
        <span className="order-card__shop">{order.shopName}</span>
        <StatusBadge status={order.status} />
      </header>
      {/* Named by what it shows (its items), after the order's number for a screen reader. */}
      <Link to={paths.orderInfo.href(order.id)} className="order-card__body">
        <VisuallyHidden>{t('orderList.viewOrder', { sn: order.orderSn })}</VisuallyHidden>
        <OrderLines lines={order.items} limit={3} />
      </Link>
      <p className="order-card__total">
        <span>{t('orderList.itemCount', { count: order.itemCount })}</span>
        <span>{t('orderList.total')}</span>
        <strong data-testid="order-total">{formatMoney(order.total)}</strong>
      </p>
      {order.status === ORDER_STATUS.waitingPay && (
        <p className="order-card__due" data-testid="card-pay-by">
          {t('orderList.payBy', { time: when(order.payBefore) })}
        </p>
      )}
      {order.refund && (
        <p className={`order-card__refund refund-state--${order.refund.status}`} data-testid="card-refund">
          <span>{t(`refund.state.${order.refund.status}`)}</span>
          <strong>{formatMoney(order.refund.amount)}</strong>
        </p>
      )}
      <OrderActions order={order} actions={actions} view />
    </article>
  );
}
