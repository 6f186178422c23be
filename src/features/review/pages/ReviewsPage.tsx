import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { usePages } from '@app/api/use-pages';
import { EmptyState } from '@app/components/States';
import { Page } from '@app/components/Page';
import { PagedList } from '@app/components/PagedList';
import { ReviewCard } from '@app/components/reviews/ReviewCard';
import { ReviewSummaryBar } from '@app/components/reviews/ReviewSummaryBar';
import { reviewApi, type ReviewsPageAnswer } from '../api';
import '../review.css';

/** /reviews/:product: every review of a product, newest first, with pull-to-refresh and load-more. */
export default function ReviewsPage() {
  const { t } = useTranslation();
  const { product } = useParams();
  const productId = /^\d{1,10}$/.test(product ?? '') ? Number(product) : 0;
  const list = usePages({
    name: 'review.list',
    params: { product_id: productId },
    page: (page: number): Promise<ReviewsPageAnswer> =>
      reviewApi.list({ product_id: productId, page, limit: 10 }),
  });

  return (
    <Page className="review-page">
      <PagedList
        state={list}
        errorLook={{ className: 'review-state' }}
        empty={<EmptyState className="review-state" text={t('review.none')} />}
      >
        {(reviews) => (
          <>
            {list.first && <ReviewSummaryBar summary={list.first.summary} />}
            {reviews.map((review) => (
              <ReviewCard key={review.id} review={review} />
            ))}
          </>
        )}
      </PagedList>
    </Page>
  );
}
