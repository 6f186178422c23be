import { Button } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toAmount } from '@common/money';
import { paths } from '@common/paths';
import { FailureBox, SetPayPasswordButton } from '@app/components/FailureBox';
import { useMoney } from '@app/i18n/use-money';

export interface Failure {
  /** The server's key for the reason; undefined for a transport failure. */
  error?: string;
  /** The server's translated message (a wrong password says how many tries are left). */
  message: string;
  /** The answer was lost: the same password may be sent again (with the same key). */
  retry?: boolean;
}

/**
 * Why a payment failed, with the way on where there is one: set the payment password ("payment
 * password not set", with a link to set it), or top up by the shortfall.
 */
export function PayFailure({
  failure,
  amount,
  balance,
}: {
  failure: Failure;
  /** What is due and what the shopper has, in cents (the balance after the failed try). */
  amount: number;
  balance: number | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatMoney = useMoney();
  const short = failure.error === 'errors.balanceShort';
  const shortfall = balance === undefined ? undefined : Math.max(0, amount - balance);
  return (
    <FailureBox
      name="pay-failure"
      error={failure.error ?? 'network'}
      title={
        short
          ? t('payment.shortTitle')
          : failure.error === 'errors.payPasswordNotSet'
            ? t('payment.noPasswordTitle')
            : t('payment.failed')
      }
      message={
        short && shortfall !== undefined
          ? t('payment.shortfall', { amount: formatMoney(toAmount(shortfall)) })
          : failure.message
      }
      hint={failure.retry && t('payment.retryHint')}
    >
      {failure.error === 'errors.payPasswordNotSet' && (
        <SetPayPasswordButton label={t('payment.setPassword')} />
      )}
      {short && (
        <Button size="s" mode="bezeled" onClick={() => navigate(paths.topUp.href())} data-testid="top-up">
          {t('payment.topUp')}
        </Button>
      )}
    </FailureBox>
  );
}
