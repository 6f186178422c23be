import { Button } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '@common/paths';
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
  const navigate = useNavigate();
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
        <div
          className="withdraw-failure"
          role="alert"
          data-testid="withdraw-failure"
          data-error="errors.payPasswordNotSet"
        >
          <strong className="withdraw-failure__title">{t('withdraw.noPasswordTitle')}</strong>
          <p className="withdraw-failure__message">{t('withdraw.noPassword')}</p>
          <Button
            size="s"
            mode="bezeled"
            onClick={() => navigate(paths.changePayPwd.href())}
            data-testid="set-pay-password"
          >
            {t('withdraw.setPassword')}
          </Button>
        </div>
      ) : (
        <>
          {failure && (
            <div
              className="withdraw-failure"
              role="alert"
              data-testid="withdraw-failure"
              data-error={failure.error ?? 'network'}
            >
              <strong className="withdraw-failure__title">{t('withdraw.failed')}</strong>
              <p className="withdraw-failure__message">{failure.message}</p>
              {failure.retry && <p className="withdraw-failure__hint">{t('withdraw.retryHint')}</p>}
            </div>
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
