import { Button } from '@telegram-apps/telegram-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Placeholder } from './Placeholder';

/**
 * A failed load: what went wrong and a retry. The message is left out when it only repeats the
 * heading. Each feature passes its own class (and, if it likes, a picture).
 */
export function ErrorState({
  message,
  onRetry,
  className,
  children,
}: {
  message?: string | null;
  onRetry: () => void;
  className: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Placeholder
      className={className}
      header={t('common.loadFailed')}
      description={message && message !== t('common.loadFailed') ? message : undefined}
      action={
        <Button size="m" mode="bezeled" onClick={onRetry} data-testid="retry">
          {t('common.retry')}
        </Button>
      }
    >
      {children}
    </Placeholder>
  );
}
