import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewItem } from '@common/schemas/review';
import { PictureViewer } from './PictureViewer';
import { Stars } from './Stars';
import './reviews.css';

/**
 * One posted review: who (a display name, "Shopper" when they set none), when, the product score
 * as stars, the spec bought, the text and its pictures as a gallery that opens full size.
 */
export function ReviewCard({ review }: { review: ReviewItem }) {
  const { t, i18n } = useTranslation();
  // The picture open full size, by its place among the review's pictures.
  const [open, setOpen] = useState<number | null>(null);
  const closeViewer = useCallback(() => setOpen(null), []);
  const name = review.reviewer || t('review.anonymous');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(review.createdAt),
  );
  return (
    <article className="review-card" data-testid="review" data-review-id={review.id}>
      <header className="review-card__head">
        <span className="review-card__avatar" aria-hidden="true">
          {review.avatar ? <img src={review.avatar} alt="" /> : (Array.from(name)[0] ?? '?').toUpperCase()}
        </span>
        <span className="review-card__who">
          <span className="review-card__name" data-testid="review-name">
            {name}
          </span>
          <span className="review-card__date">{date}</span>
        </span>
        <Stars score={review.productScore} testId="review-score" />
      </header>
      {review.specText && <p className="review-card__spec">{review.specText}</p>}
      <p className="review-card__text" data-testid="review-text">
        {review.content}
      </p>
      {review.pics.length > 0 && (
        <div className="review-card__pics" data-testid="review-pics">
          {review.pics.map((pic, i) => (
            <button
              key={pic}
              type="button"
              className="review-card__pic"
              aria-label={t('review.openPicture', { n: i + 1 })}
              onClick={() => setOpen(i)}
              data-testid="review-pic"
            >
              <img src={pic} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      )}
      {open !== null && (
        <PictureViewer
          pictures={review.pics}
          start={open}
          label={t('review.picture')}
          onClose={closeViewer}
        />
      )}
    </article>
  );
}
