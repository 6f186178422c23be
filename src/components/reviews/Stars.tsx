import { useTranslation } from 'react-i18next';
import './reviews.css';

const STARS = [1, 2, 3, 4, 5];

/** A score of 1 to 5 as stars (halves rounded to the nearest whole star), read out as "4 of 5". */
export function Stars({ score, testId }: { score: number; testId?: string }) {
  const { t } = useTranslation();
  const whole = Math.round(score);
  return (
    <span className="stars" role="img" aria-label={t('review.stars', { score })} data-testid={testId}>
      {STARS.map((n) => (
        <span key={n} className={n <= whole ? 'stars__on' : 'stars__off'} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}

/** Five star buttons choosing a score of 1 to 5 (a radio group for assistive technology). */
export function StarInput(props: {
  label: string;
  value: number;
  onChange: (n: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="star-input" role="radiogroup" aria-label={props.label} data-testid={props.testId}>
      <span className="star-input__label">{props.label}</span>
      <span className="star-input__stars">
        {STARS.map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={props.value === n}
            aria-label={t('review.stars', { score: n })}
            className={n <= props.value ? 'star-input__star star-input__star--on' : 'star-input__star'}
            onClick={() => props.onChange(n)}
            data-testid={`${props.testId}-${n}`}
          >
            ★
          </button>
        ))}
      </span>
    </div>
  );
}
