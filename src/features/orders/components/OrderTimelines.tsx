import { Timeline } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../api';
import { useDateTime } from '../lib/format';
import { statusName } from '../lib/status';

/** The logistics timeline, newest first (the server's order): carrier's events. */
export function TrackTimeline({ tracks }: { tracks: OrderDetail['tracks'] }) {
  const when = useDateTime();
  if (tracks.length === 0) return null;
  return (
    <Timeline active={0} className="order-timeline" data-testid="tracks">
      {tracks.map((track, i) => (
        <Timeline.Item key={i} header={track.text}>
          {when(track.createdAt)}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** Every status change of the order, newest first: what, who, when and the note. */
export function StatusTimeline({ events }: { events: OrderDetail['events'] }) {
  const { t } = useTranslation();
  const when = useDateTime();
  if (events.length === 0) return null;
  const newestFirst = [...events].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Timeline active={0} className="order-timeline" data-testid="events">
      {newestFirst.map((event, i) => {
        const name = statusName(event.toStatus);
        const what =
          event.fromStatus === null
            ? t('orderInfo.placed')
            : name
              ? t(`orderList.status.${name}`)
              : String(event.toStatus);
        const who =
          event.actor === 'shopper' || event.actor === 'operator' || event.actor === 'system'
            ? t(`orderInfo.actor.${event.actor}`)
            : event.actor;
        return (
          <Timeline.Item key={i} header={what}>
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
