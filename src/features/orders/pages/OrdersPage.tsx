import { Button } from '@telegram-apps/telegram-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { orderTabOf, type OrderStatus } from '@common/order-status';
import { paths } from '@common/paths';
import { ORDERS_PAGE_SIZE } from '@common/boot';
import { Page } from '@app/components/Page';
import { PagedList } from '@app/components/PagedList';
import { ordersApi } from '../api';
import { OrderCardView } from '../components/OrderCardView';
import { EmptyState } from '@app/components/States';
import { StatusTabs } from '../components/StatusTabs';
import { useOrderActions } from '../hooks/use-order-actions';
import type { FirstAnswers } from '@app/api/first-answers';
import { usePages } from '@app/api/use-pages';
import { countKey } from '../lib/status';
import '../orders.css';

/** A tab's first page of orders, as the screen asks for it. */
const ordersAnswer = (tab: OrderStatus | undefined) => ({
  name: 'order.list' as const,
  params: { status: countKey(tab) },
  page: (page: number) =>
    ordersApi.list({ ...(tab === undefined ? {} : { status: tab }), page, limit: ORDERS_PAGE_SIZE }),
});

/** Asked for during start-up when the app opens on this screen (src/api/first-answers.ts). */
export const firstAnswers: FirstAnswers = ({ params }) => [ordersAnswer(orderTabOf(params.status))];

/**
 * /order and /myPurchases/:status?: the shopper's orders under the nine tabs (all, then each status),
 * each with its count, paged with pull-to-refresh and load more. The tab is in the address, so back from
 * an order returns to it.
 */
export default function OrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tab = orderTabOf(useParams().status);
  const actions = useOrderActions();
  const answer = ordersAnswer(tab);
  const list = usePages(answer);

  // Counts come with every page; the last ones stay while another tab loads.
  const [counts, setCounts] = useState<Record<string, number>>();
  const latest = list.first?.counts;
  useEffect(() => {
    if (latest) setCounts(latest);
  }, [latest]);

  return (
    <Page className="orders-page">
      <StatusTabs
        selected={tab}
        counts={counts}
        onSelect={(next) => navigate(paths.myPurchases.href(next), { replace: true })}
      />
      <PagedList
        state={list}
        errorLook={{ className: 'orders-state' }}
        empty={
          <EmptyState
            className="orders-state"
            text={t('orderList.empty')}
            action={
              <Button size="m" mode="bezeled" onClick={() => navigate(paths.explore.href())}>
                {t('orderList.goShopping')}
              </Button>
            }
          />
        }
        moreButton={{ label: t('orderList.loadMore'), testId: 'orders-more' }}
      >
        {(orders) => (
          <div className="order-cards">
            {orders.map((order) => (
              <OrderCardView key={order.id} order={order} actions={actions} />
            ))}
          </div>
        )}
      </PagedList>
    </Page>
  );
}
