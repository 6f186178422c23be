import { Button } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { FailureBox, SetPayPasswordButton } from '@app/components/FailureBox';
import { PayPad } from '@app/components/PayPad';
import type { SumRow } from './SumRows';
import { SumRows } from './SumRows';

export interface WithdrawFailure {
  /** The server's key for the reason; undefined for a transport failure. */
  error?: string;
  /** The server's translated message, shown as it came (a wrong password says the tries left). */
  message: string;
  /** The answer was lost: the same password may be sent again (with the same key). */
  retry?: boolean;
}

interface WithdrawConfirmProps {
  rows: SumRow[];
  hasPayPassword: boolean;
  failure: WithdrawFailure | null;
  busy: boolean;
  /** A new key clears the pad (after a definite refusal). */
  padKey: number;
  onDigits: (digits: string) => void;
  onChange: () => void;
}

/**
 * The withdrawal as it will be asked for (the destination, a card only as its last four digits),
 * then the payment password on the pad, with the same lock as payment; without a payment password,
 * a message saying so and a link to set one.
 */
export function WithdrawConfirm(props: WithdrawConfirmProps) {
  const { t } = useTranslation();
  const { failure } = props;
  return (
    <>
      <section className="withdraw-summary" data-testid="withdraw-summary">
        <SumRows rows={props.rows} />
        <Button
          size="s"
          mode="plain"
          onClick={props.onChange}
          disabled={props.busy}
          data-testid="withdraw-change"
        >
          {t('withdraw.change')}
        </Button>
      </section>
      {!props.hasPayPassword ? (
        <FailureBox
          name="withdraw-failure"
          error="errors.payPasswordNotSet"
          title={t('withdraw.noPasswordTitle')}
          message={t('withdraw.noPassword')}
        >
          <SetPayPasswordButton label={t('withdraw.setPassword')} />
        </FailureBox>
      ) : (
        <>
          {failure && (
            <FailureBox
              name="withdraw-failure"
              error={failure.error ?? 'network'}
              title={t('withdraw.failed')}
              message={failure.message}
              hint={failure.retry && t('withdraw.retryHint')}
            />
          )}
          {props.busy && (
            <p className="withdraw-hint withdraw-busy" role="status">
              {t('withdraw.submitting')}
            </p>
          )}
          <PayPad
            key={props.padKey}
            label={t('withdraw.padLabel')}
            onChange={props.onDigits}
            disabled={props.busy}
          />
        </>
      )}
    </>
  );
}
