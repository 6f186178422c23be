import { Timeline } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../api';
import { useDateTime } from '../lib/format';
import { ORDER_STATUS } from '@common/order-status';

/** The logistics timeline, newest first (the server's order): carrier's events. */
export function TrackTimeline({ tracks }: { tracks: OrderDetail['tracks'] }) {
  const when = useDateTime();
  if (tracks.length === 0) return null;
  return (
    <Timeline active={0} className="order-timeline" data-testid="tracks">
      {tracks.map((track, i) => (
        <Timeline.Item key={i} header={track.text}>
          <span className="order-timeline__meta">{when(track.createdAt)}</span>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** The word for the event that moved an order into each status. */
const EVENT = {
  [ORDER_STATUS.waitingDelivery]: 'orderInfo.event.paid',
  [ORDER_STATUS.delivered]: 'orderInfo.event.shipped',
  [ORDER_STATUS.received]: 'orderInfo.event.received',
  [ORDER_STATUS.completed]: 'orderInfo.event.completed',
  [ORDER_STATUS.cancelled]: 'orderInfo.event.cancelled',
  [ORDER_STATUS.afterSale]: 'orderInfo.event.afterSale',
  [ORDER_STATUS.refunded]: 'orderInfo.event.refunded',
} as const;

function eventKey(from: number | null, to: number) {
  if (from === null) return 'orderInfo.placed' as const;
  // A refused refund returns the order to where it was.
  if (from === ORDER_STATUS.afterSale && to !== ORDER_STATUS.refunded)
    return 'orderInfo.event.refused' as const;
  return (EVENT as Record<number, (typeof EVENT)[keyof typeof EVENT]>)[to];
}

/** Every status change of the order, oldest first, the current one marked: who did it, when, the note. */
export function StatusTimeline({ events }: { events: OrderDetail['events'] }) {
  const { t } = useTranslation();
  const when = useDateTime();
  if (events.length === 0) return null;
  const oldestFirst = [...events].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return (
    <Timeline active={oldestFirst.length - 1} className="order-timeline" data-testid="events">
      {oldestFirst.map((event, i) => {
        const key = eventKey(event.fromStatus, event.toStatus);
        const who =
          event.actor === 'shopper' || event.actor === 'operator' || event.actor === 'system'
            ? t(`orderInfo.actor.${event.actor}`)
            : event.actor;
        return (
          <Timeline.Item key={i} header={key ? t(key) : String(event.toStatus)}>
            <span className="order-timeline__meta">
              {when(event.createdAt)} · {who}
            </span>
            {event.note && <span className="order-timeline__note">{event.note}</span>}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
