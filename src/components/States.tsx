import { Button, Spinner } from '@telegram-apps/telegram-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Placeholder } from './Placeholder';
import './states.css';

/**
 * The states of a screen or a list that is not (yet) showing its content: waiting, failed, empty.
 * Each feature passes its own class (its spacing) and, if it likes, a picture.
 */
export interface StateLook {
  className?: string;
  /** A picture above the words. */
  icon?: ReactNode;
}

/** Waiting for the first answer: a spinner (a large one for a whole screen that is nothing else yet). */
export function LoadingState({ className, size = 'm' }: { className?: string; size?: 'm' | 'l' }) {
  return (
    <Placeholder className={className}>
      <Spinner size={size} />
    </Placeholder>
  );
}

/**
 * An answer not there yet: its failure (`error`) with a retry, or else the spinner. `className` is the
 * failure's look, `waitingClassName` the spinner's.
 */
export function PendingState({
  error,
  onRetry,
  waitingClassName,
  ...look
}: StateLook & { error: string | null; onRetry: () => void; waitingClassName?: string }) {
  return error ? (
    <ErrorState {...look} message={error} onRetry={onRetry} />
  ) : (
    <LoadingState className={waitingClassName} />
  );
}

/** A failed load: what went wrong and a retry. The message is left out when it only repeats the heading. */
export function ErrorState({
  message,
  onRetry,
  className,
  icon,
}: StateLook & { message?: string | null; onRetry: () => void }) {
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
      {icon}
    </Placeholder>
  );
}

/** Nothing to show, or nothing there at all (a missing order), with an optional way on. */
export function EmptyState({
  text,
  header,
  action,
  testId = 'empty',
  className,
  icon,
}: StateLook & { text: string; header?: string; action?: ReactNode; testId?: string }) {
  return (
    <Placeholder
      className={className}
      header={header}
      description={text}
      action={action}
      data-testid={testId}
    >
      {icon}
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

/** Loading placeholders shaped like a list of texts (screen readers hear "loading"). */
export function TextSkeleton({ rows = 6, heading = true }: { rows?: number; heading?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="text-skeleton" role="status" aria-busy="true" aria-label={t('common.loading')}>
      {heading && <span className="text-skeleton__line text-skeleton__line--heading" />}
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className={`text-skeleton__line ${i % 3 === 2 ? 'text-skeleton__line--short' : ''}`} />
      ))}
    </div>
  );
}
