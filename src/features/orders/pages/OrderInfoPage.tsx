import { Button, List, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ORDER_STATUS } from '@common/order-status';
import { paths } from '@common/paths';
import { parseAmount } from '@common/money';
import type { FirstAnswers } from '@app/api/first-answers';
import { useLoad } from '@app/api/use-load';
import { Page } from '@app/components/Page';
import { useMoney } from '@app/i18n/use-money';
import { ordersApi, type OrderDetail } from '../api';
import { AddressBlock } from '../components/AddressBlock';
import { AmountRows } from '../components/AmountRows';
import { OrderActions } from '../components/OrderActions';
import { OrderLines } from '../components/OrderLines';
import { RefundBlock } from '../components/RefundBlock';
import { ShopSectionHeader } from '../components/ShopSectionHeader';
import { StatusTimeline, TrackTimeline } from '../components/OrderTimelines';
import { StatusBadge } from '../components/StatusBadge';
import { useOrderActions } from '../hooks/use-order-actions';
import { IdentifierRow } from '@app/components/Identifier';
import { useDateTime } from '../lib/format';
import { canReview, statusName } from '../lib/status';
import { NothingHere, PendingScreen } from '../components/ScreenStates';
import '../orders.css';

const detailAnswer = (orderId: number) => ({
  name: 'order.detail' as const,
  params: { order_id: orderId },
  load: () => (orderId ? ordersApi.detail(orderId) : Promise.resolve(null)),
});

/** Asked for during start-up when the app opens on this screen (src/api/first-answers.ts). */
export const firstAnswers: FirstAnswers = ({ params }) => {
  const orderId = paths.orderInfo.idOf(params.id);
  return orderId ? [detailAnswer(orderId)] : [];
};

/**
 * /orderInfo/:id?: everything about one order. Another shopper's order, a deleted one or a wrong
 * id all read as "not found" (the server answers them alike).
 */
export default function OrderInfoPage() {
  const { t } = useTranslation();
  const { id: param } = useParams();
  const answer = detailAnswer(paths.orderInfo.idOf(param));
  const detail = useLoad(answer.name, answer.params, answer.load, { fresh: true });

  if (detail.data === null || (!detail.data && detail.refused)) {
    return (
      <NothingHere
        header={t('orderInfo.notFound')}
        text={t('orderInfo.notFoundHint')}
        testId="order-not-found"
      />
    );
  }
  if (!detail.data) return <PendingScreen error={detail.error} onRetry={detail.reload} />;
  return <OrderView order={detail.data} />;
}

function OrderView({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatMoney = useMoney();
  const when = useDateTime();
  const actions = useOrderActions();
  const name = statusName(order.status);
  const discounted = (parseAmount(order.discount) ?? 0) > 0;

  // The primary action goes to Telegram's main button; the others stay on the page.
  const main =
    order.status === ORDER_STATUS.waitingPay
      ? { text: t('orderList.payNow'), onClick: () => navigate(paths.payment.href({ order_id: order.id })) }
      : order.status === ORDER_STATUS.delivered
        ? {
            text: t('orderList.confirmReceipt'),
            onClick: () => void actions.receive(order.id),
            loading: actions.busy?.action === 'receive',
          }
        : canReview(order)
          ? { text: t('review.write'), onClick: () => navigate(paths.comment.href(order.id)) }
          : undefined;

  const steps = [
    ['orderInfo.createdAt', order.createdAt],
    ['orderInfo.paidAt', order.paidAt],
    ['orderInfo.shippedAt', order.shippedAt],
    ['orderInfo.receivedAt', order.receivedAt],
    ['orderInfo.completedAt', order.completedAt],
    ['orderInfo.cancelledAt', order.cancelledAt],
    ['orderInfo.refundedAt', order.refundedAt],
  ] as const;

  return (
    <Page className="orders-page order-info" main={main}>
      <header className={`order-status order-status--${name ?? 'unknown'}`} data-testid="status-header">
        <StatusBadge status={order.status} />
        <p className="order-status__hint">
          {order.status === ORDER_STATUS.waitingPay
            ? t('orderInfo.payBefore', { time: when(order.payBefore) })
            : name
              ? t(`orderInfo.hint.${name}`)
              : ''}
        </p>
      </header>

      <List>
        <Section header={t('orderInfo.address')}>
          <AddressBlock address={order.address} />
        </Section>

        <Section header={<ShopSectionHeader name={order.shopName} avatar={order.shopAvatar} />}>
          <OrderLines lines={order.items} />
          <AmountRows
            rows={[
              { label: t('orderInfo.goods'), value: formatMoney(order.goodsAmount) },
              { label: t('orderInfo.freight'), value: formatMoney(order.freight) },
              discounted && {
                label: t('orderInfo.discount'),
                value: `−${formatMoney(order.discount)}`,
              },
              {
                label: t('orderInfo.total'),
                value: formatMoney(order.total),
                total: true,
                testId: 'detail-total',
              },
            ]}
          />
        </Section>

        {(order.promoCode || order.remark) && (
          <Section>
            <AmountRows
              rows={[
                order.promoCode && { label: t('orderInfo.promo'), value: order.promoCode },
                order.remark && { label: t('orderInfo.remark'), value: order.remark, text: true },
              ]}
            />
          </Section>
        )}

        <Section header={t('orderInfo.info')}>
          <IdentifierRow
            label={t('orderInfo.orderSn')}
            value={order.orderSn}
            testId="order-sn"
            copyTestId="copy-sn"
          />
          <AmountRows rows={steps.map(([key, at]) => Boolean(at) && { label: t(key), value: when(at) })} />
        </Section>

        {(order.carrier || order.trackingNo || order.tracks.length > 0) && (
          <Section header={t('orderInfo.logistics')}>
            {order.carrier && (
              <AmountRows rows={[{ label: t('orderInfo.carrier'), value: order.carrier, text: true }]} />
            )}
            {order.trackingNo && (
              <IdentifierRow
                label={t('orderInfo.trackingNo')}
                value={order.trackingNo}
                testId="tracking-no"
                copyTestId="copy-tracking"
              />
            )}
            {order.tracks.length > 0 ? (
              <TrackTimeline tracks={order.tracks} />
            ) : (
              <p className="orders-note">{t('orderInfo.noTracks')}</p>
            )}
          </Section>
        )}

        {order.refund && <RefundBlock orderId={order.id} refund={order.refund} />}

        <Section header={t('orderInfo.history')}>
          <StatusTimeline events={order.events} />
        </Section>
      </List>

      {order.refundable && (
        <div className="order-actions">
          <Button
            size="s"
            mode="gray"
            onClick={() => navigate(paths.refund.href(order.id, order.orderSn))}
            data-testid="refund-apply"
          >
            {t('refund.apply')}
          </Button>
        </div>
      )}
      <OrderActions
        order={order}
        actions={actions}
        withoutPrimary
        onDeleted={() => navigate(paths.order.href(), { replace: true })}
      />
    </Page>
  );
}
