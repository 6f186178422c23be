import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';

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

/** A failed load: what went wrong and a retry (the house pattern of the catalogue's ErrorState). */
export function LoadError({ message, onRetry }: { message?: string | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Placeholder
      className="support-state"
      header={t('common.loadFailed')}
      description={message && message !== t('common.loadFailed') ? message : undefined}
      action={
        <Button size="m" mode="bezeled" onClick={onRetry} data-testid="retry">
          {t('common.retry')}
        </Button>
      }
    />
  );
}
