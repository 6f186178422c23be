import { useTranslation } from 'react-i18next';
import { ErrorState } from '@app/components/ErrorState';

/** Loading placeholders shaped like a list of texts (screen readers hear "loading"). */
export function TextSkeleton({ rows = 6, heading = true }: { rows?: number; heading?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="support-skeleton" role="status" aria-busy="true" aria-label={t('common.loading')}>
      {heading && <span className="support-shimmer support-shimmer--heading" />}
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className={`support-shimmer ${i % 3 === 2 ? 'support-shimmer--short' : ''}`} />
      ))}
    </div>
  );
}

/** A failed load: what went wrong and a retry. */
export function LoadError({ message, onRetry }: { message?: string | null; onRetry: () => void }) {
  return <ErrorState className="support-state" message={message} onRetry={onRetry} />;
}
