import type { ReactNode } from 'react';
import { ErrorState as SharedErrorState } from '@app/components/ErrorState';
import { Placeholder } from '@app/components/Placeholder';

/** A failed load: what went wrong and a retry. */
export function ErrorState({ message, onRetry }: { message?: string | null; onRetry: () => void }) {
  return <SharedErrorState className="orders-state" message={message} onRetry={onRetry} />;
}

/** Nothing to show, or nothing there at all (a missing order), with an optional way on. */
export function EmptyState(props: { header?: string; text: string; action?: ReactNode; testId?: string }) {
  return (
    <Placeholder
      className="orders-state"
      header={props.header}
      description={props.text}
      action={props.action}
      data-testid={props.testId ?? 'empty'}
    />
  );
}
