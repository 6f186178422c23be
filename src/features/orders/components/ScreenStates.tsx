import { Button } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '@common/paths';
import { Page } from '@app/components/Page';
import { EmptyState, PendingState } from '@app/components/States';

/**
 * An orders screen with nothing to show (no such order, nothing to pay): what and why, and the way
 * back to the orders, or to `back`, in place of this screen.
 */
export function NothingHere(props: { header: string; text: string; testId?: string; back?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page className="orders-page">
      <EmptyState
        className="orders-state"
        header={props.header}
        text={props.text}
        testId={props.testId}
        action={
          <Button
            size="m"
            mode="bezeled"
            onClick={() => navigate(props.back ?? paths.order.href(), { replace: true })}
          >
            {t('orderInfo.toOrders')}
          </Button>
        }
      />
    </Page>
  );
}

/** An orders screen waiting for its answer, or showing its failure with a retry. */
export function PendingScreen({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  return (
    <Page className="orders-page">
      <PendingState className="orders-state" error={error} onRetry={onRetry} />
    </Page>
  );
}
