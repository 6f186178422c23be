import { Button } from '@telegram-apps/telegram-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ORDER_STATUS } from '@common/order-status';
import { paths } from '@common/paths';
import { MAX_REVIEW_TEXT } from '@common/review';
import { invalidateEndpoints } from '@app/api/query-client';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';
import { useLoad } from '@app/api/use-load';
import { PendingState } from '@app/components/States';
import { LazyImage } from '@app/components/LazyImage';
import { Page } from '@app/components/Page';
import { StarInput } from '@app/components/reviews/Stars';
import { toast } from '@app/components/toast-store';
import { reviewApi, type ReviewOrder } from '../api';
import { PicturePicker } from '../components/PicturePicker';
import { Placeholder } from '@app/components/Placeholder';
import '../review.css';

/** What a posted review makes stale: the order (its items and status), notifications, product pages. */
const AFTER_REVIEW = ['order.', 'notify.', 'review.', 'catalog.productDetail', 'user.getUserInfo'] as const;

const REVIEWABLE: number[] = [ORDER_STATUS.received, ORDER_STATUS.completed];

type Item = ReviewOrder['items'][number];

/**
 * /comment?order_id=&product_id=: the review of a received order's items, one item at a time (the
 * one asked for first, then the others not yet reviewed): three scores as stars, the text and up
 * to six pictures; Telegram's main button posts it. After the last item the order is completed and
 * the shopper goes back to it.
 */
export default function CommentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { orderId, productId } = paths.comment.parse(useLocation().search);
  const order = useLoad(
    'order.detail',
    { order_id: orderId },
    () => (orderId ? reviewApi.order(orderId) : Promise.resolve(null)),
    { fresh: true },
  );

  if (!order.data) {
    if (order.data === null || order.refused) return <Nothing text={t('review.notFound')} />;
    return (
      <Page className="review-page">
        <PendingState className="review-state" error={order.error} onRetry={order.reload} />
      </Page>
    );
  }
  const pending = order.data.items.filter((i) => !i.reviewed);
  if (!REVIEWABLE.includes(order.data.status) || pending.length === 0)
    return (
      <Nothing
        text={pending.length === 0 ? t('review.allDone') : t('review.notReceived')}
        action={
          <Button
            size="m"
            mode="bezeled"
            onClick={() => navigate(paths.orderInfo.href(orderId), { replace: true })}
          >
            {t('review.toOrder')}
          </Button>
        }
      />
    );
  const item = pending.find((i) => i.productId === productId) ?? pending[0];
  const position = order.data.items.filter((i) => i.reviewed).length + 1;
  return (
    <ReviewForm
      key={item.id}
      orderId={orderId}
      item={item}
      last={pending.length === 1}
      progress={t('review.progress', { n: position, total: order.data.items.length })}
    />
  );
}

function Nothing({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <Page className="review-page">
      <Placeholder className="review-state" description={text} action={action} data-testid="review-nothing" />
    </Page>
  );
}

function ReviewForm(props: { orderId: number; item: Item; last: boolean; progress: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [scores, setScores] = useState({ product: 5, service: 5, postage: 5 });
  const [content, setContent] = useState('');
  const [pics, setPics] = useState<string[]>([]);
  const posting = useEndpointMutation('review.comment', {
    run: async (send, _: void) => {
      await send({
        order_id: props.orderId,
        product_id: props.item.productId,
        comment: content,
        pics,
        product_score: scores.product,
        service_score: scores.service,
        postage_score: scores.postage,
      });
      toast.success(t('review.posted'));
      if (props.last) navigate(paths.orderInfo.href(props.orderId), { replace: true });
      // Otherwise the reloaded order brings the next item not yet reviewed.
    },
    invalidates: AFTER_REVIEW,
    // Refused (already reviewed, not received...): the client toasted why; the order shows what holds.
    onError: () => void invalidateEndpoints(client, AFTER_REVIEW),
  });
  const busy = posting.busy;

  const submit = () => {
    if (busy) return;
    if (!content.trim()) return void toast.show(t('review.contentRequired'));
    void posting.mutate();
  };

  const aspects = [
    ['product', t('review.productScore')],
    ['service', t('review.serviceScore')],
    ['postage', t('review.postageScore')],
  ] as const;

  return (
    <Page
      className="review-page"
      main={{ text: t('review.submit'), onClick: () => void submit(), loading: busy }}
    >
      <section className="review-item" data-testid="review-item" data-product-id={props.item.productId}>
        <LazyImage src={props.item.image} alt="" width={64} height={64} className="review-item__image" />
        <div className="review-item__text">
          <p className="review-item__progress">{props.progress}</p>
          <p className="review-item__title">{props.item.title}</p>
          {props.item.specText && <p className="review-item__spec">{props.item.specText}</p>}
        </div>
      </section>
      <section className="review-form">
        {aspects.map(([key, label]) => (
          <StarInput
            key={key}
            label={label}
            value={scores[key]}
            onChange={(n) => setScores((s) => ({ ...s, [key]: n }))}
            testId={`score-${key}`}
          />
        ))}
        <label className="review-form__text">
          <span className="review-form__label">{t('review.contentLabel')}</span>
          <textarea
            value={content}
            maxLength={MAX_REVIEW_TEXT}
            rows={5}
            placeholder={t('review.placeholder')}
            onChange={(e) => setContent(e.target.value)}
            data-testid="review-content"
          />
        </label>
        <PicturePicker pics={pics} onChange={setPics} />
      </section>
    </Page>
  );
}
