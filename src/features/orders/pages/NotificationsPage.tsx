import { Button } from '@telegram-apps/telegram-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { invalidateEndpoints, type EndpointPrefix } from '@app/api/query-client';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { Page } from '@app/components/Page';
import { PagedList } from '@app/components/PagedList';
import { ordersApi, type NotificationItem, type NotificationList } from '../api';
import { EmptyState } from '@app/components/States';
import { usePages } from '@app/api/use-pages';
import { useDateTime } from '../lib/format';
import '../orders.css';

/** Notification changes: the list (read marks, unread count) and the profile's unread badge. */
const AFTER_READ = ['notify.'] as const satisfies readonly EndpointPrefix[];

/**
 * /notification: the shopper's notifications, newest first, unread ones marked. Tapping one opens
 * what it is about (its order) and marks it read; "mark all read" clears every mark.
 */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const when = useDateTime();
  const marking = useEndpointMutation('notify.read', {
    request: { repeatSubmit: false },
    // Busy until the list shows them read: the button is not offered again meanwhile.
    run: (send, _: void) => send({}),
    invalidates: AFTER_READ,
    awaitFresh: true,
  });
  const list = usePages({
    name: 'notify.list',
    params: {},
    page: (page: number): Promise<NotificationList> => ordersApi.notifications({ page, limit: 20 }),
  });
  const unread = list.first?.unread ?? 0;

  const open = async (item: NotificationItem) => {
    if (!item.read) {
      // Opening does not wait for the mark; a failed mark only leaves the dot.
      void ordersApi
        .markRead([item.id])
        .then(() => invalidateEndpoints(client, AFTER_READ))
        .catch(() => undefined);
    }
    if (item.link) navigate(item.link);
  };

  const markAll = () => marking.mutate();

  return (
    <Page className="orders-page">
      <div className="order-notice-bar">
        <span data-testid="unread-count">{t('notifications.unreadCount', { count: unread })}</span>
        <Button
          size="s"
          mode="plain"
          disabled={unread === 0 || marking.busy}
          loading={marking.busy}
          onClick={() => void markAll()}
          data-testid="mark-all"
        >
          {t('notifications.markAll')}
        </Button>
      </div>
      <PagedList
        state={list}
        errorLook={{ className: 'orders-state' }}
        empty={<EmptyState className="orders-state" text={t('notifications.empty')} />}
        moreButton={{ label: t('orderList.loadMore') }}
      >
        {(items) => (
          <ul className="order-notice-list">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className={`order-notice ${item.read ? '' : 'order-notice--unread'}`}
                  onClick={() => void open(item)}
                  data-testid="notification"
                  data-read={item.read}
                >
                  {!item.read && (
                    <span className="order-notice__dot" aria-label={t('notifications.unread')} />
                  )}
                  <span className="order-notice__text">{item.text}</span>
                  <span className="order-notice__time">{when(item.createdAt)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </Page>
  );
}
