import { Button } from '@telegram-apps/telegram-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState as SharedErrorState } from '@app/components/ErrorState';
import { AlertIcon, BoxIcon } from './icons';
import { Placeholder } from '@app/components/Placeholder';

/** A failed load: what went wrong and a retry. */
export function ErrorState({ message, onRetry }: { message?: string | null; onRetry: () => void }) {
  return (
    <SharedErrorState className="catalog-state" message={message} onRetry={onRetry}>
      <span className="catalog-state__icon">
        <AlertIcon />
      </span>
    </SharedErrorState>
  );
}

/** Nothing to show (yet), with an optional way on. */
export function EmptyState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <Placeholder className="catalog-state" description={text} action={action} data-testid="empty">
      <span className="catalog-state__icon">
        <BoxIcon />
      </span>
    </Placeholder>
  );
}

/** A small inline retry, for a section of a screen or a following page that failed. */
export function InlineRetry({ message, onRetry }: { message?: string | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="inline-retry" role="alert">
      <span>{message || t('common.loadFailed')}</span>
      <Button size="s" mode="plain" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
