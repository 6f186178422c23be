import { Button, Placeholder, Spinner } from '@telegram-apps/telegram-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { invalidateEndpoints, type EndpointPrefix } from '@app/api/query-client';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { Page } from '@app/components/Page';
import { PullList } from '@app/components/PullList';
import { ordersApi, type NotificationItem, type NotificationList } from '../api';
import { EmptyState, ErrorState } from '../components/States';
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
  const list = usePages<NotificationItem, NotificationList>('notify.list', {}, (page) =>
    ordersApi.notifications({ page, limit: 20 }),
  );
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

  let body;
  if (list.status === 'loading') {
    body = (
      <Placeholder>
        <Spinner size="m" />
      </Placeholder>
    );
  } else if (list.status === 'error') {
    body = <ErrorState message={list.error} onRetry={list.retry} />;
  } else if (list.items.length === 0) {
    body = <EmptyState text={t('notifications.empty')} />;
  } else {
    body = (
      <PullList onRefresh={list.refresh} onLoadMore={list.loadMore} hasMore={list.hasMore}>
        <ul className="order-notice-list">
          {list.items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={`order-notice ${item.read ? '' : 'order-notice--unread'}`}
                onClick={() => void open(item)}
                data-testid="notification"
                data-read={item.read}
              >
                {!item.read && <span className="order-notice__dot" aria-label={t('notifications.unread')} />}
                <span className="order-notice__text">{item.text}</span>
                <span className="order-notice__time">{when(item.createdAt)}</span>
              </button>
            </li>
          ))}
        </ul>
        {list.loadMore && (
          <div className="list-more">
            <Button size="s" mode="plain" onClick={() => void list.loadMore?.()}>
              {t('orderList.loadMore')}
            </Button>
          </div>
        )}
      </PullList>
    );
  }

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
      {body}
    </Page>
  );
}
