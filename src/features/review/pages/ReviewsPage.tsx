import { Spinner } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { usePages } from '@app/api/use-pages';
import { ErrorState } from '@app/components/ErrorState';
import { Page } from '@app/components/Page';
import { PullList } from '@app/components/PullList';
import { ReviewCard } from '@app/components/reviews/ReviewCard';
import { ReviewSummaryBar } from '@app/components/reviews/ReviewSummaryBar';
import { reviewApi, type ReviewsPageAnswer } from '../api';
import { Placeholder } from '@app/components/Placeholder';
import '../review.css';

type Review = ReviewsPageAnswer['list'][number];

/** /reviews/:product: every review of a product, newest first, with pull-to-refresh and load-more. */
export default function ReviewsPage() {
  const { t } = useTranslation();
  const { product } = useParams();
  const productId = /^\d{1,10}$/.test(product ?? '') ? Number(product) : 0;
  const list = usePages<Review, ReviewsPageAnswer>('review.list', { product_id: productId }, (page) =>
    reviewApi.list({ product_id: productId, page, limit: 10 }),
  );

  let body;
  if (list.status === 'loading') {
    body = (
      <Placeholder>
        <Spinner size="m" />
      </Placeholder>
    );
  } else if (list.status === 'error') {
    body = <ErrorState className="review-state" message={list.error} onRetry={list.retry} />;
  } else if (list.items.length === 0) {
    body = <Placeholder className="review-state" description={t('review.none')} data-testid="empty" />;
  } else {
    body = (
      <PullList onRefresh={list.refresh} onLoadMore={list.loadMore} hasMore={list.hasMore}>
        {list.first && <ReviewSummaryBar summary={list.first.summary} />}
        {list.items.map((review) => (
          <ReviewCard key={review.id} review={review} />
        ))}
      </PullList>
    );
  }
  return <Page className="review-page">{body}</Page>;
}
