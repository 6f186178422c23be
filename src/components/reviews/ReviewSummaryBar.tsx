import { useTranslation } from 'react-i18next';
import type { ReviewSummary } from '@common/schemas/review';
import { Stars } from './Stars';
import './reviews.css';

/** The averages of a product's reviews (product, service, delivery) and how many there are. */
export function ReviewSummaryBar({ summary }: { summary: ReviewSummary }) {
  const { t, i18n } = useTranslation();
  const one = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const rows = [
    ['product', t('review.productScore'), summary.productScore],
    ['service', t('review.serviceScore'), summary.serviceScore],
    ['postage', t('review.postageScore'), summary.postageScore],
  ] as const;
  return (
    <div className="review-summary" data-testid="review-summary">
      <div className="review-summary__main">
        <span className="review-summary__score" data-testid="review-average">
          {one.format(summary.productScore)}
        </span>
        <Stars score={summary.productScore} />
        <span className="review-summary__count" data-testid="review-count">
          {t('review.count', { n: summary.count })}
        </span>
      </div>
      <dl className="review-summary__rows">
        {rows.map(([key, label, score]) => (
          <div key={key} className="review-summary__row">
            <dt>{label}</dt>
            <dd data-testid={`review-average-${key}`}>{one.format(score)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
