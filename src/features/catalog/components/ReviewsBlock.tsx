import { useTranslation } from 'react-i18next';
import { paths } from '@common/paths';
import type { ProductDetailAnswer } from '@common/schemas/catalog-answers';
import { ReviewCard } from '@app/components/reviews/ReviewCard';
import { ReviewSummaryBar } from '@app/components/reviews/ReviewSummaryBar';
import { SectionHead } from './SectionHead';

/** The product page's reviews: averages and count, the newest few with their pictures, a link to all. */
export function ReviewsBlock({
  productId,
  reviews,
}: {
  productId: number;
  reviews: ProductDetailAnswer['reviews'];
}) {
  const { t } = useTranslation();
  const { summary, newest } = reviews;
  return (
    <section className="detail__card detail__reviews" data-testid="detail-reviews">
      <SectionHead
        title={t('review.title')}
        to={summary.count > newest.length ? paths.reviews.href(productId) : undefined}
        more={t('review.all')}
      />
      {summary.count === 0 ? (
        <p className="detail__description">{t('review.none')}</p>
      ) : (
        <>
          <ReviewSummaryBar summary={summary} />
          {newest.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
        </>
      )}
    </section>
  );
}
