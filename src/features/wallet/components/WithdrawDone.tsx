import { Button } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '@common/paths';
import { Page } from '@app/components/Page';
import { useMoney } from '@app/i18n/use-money';
import type { ExtractAnswer } from '../api';
import { SumRows } from './SumRows';

/** The withdrawal's record, marked in the list of withdrawals. */
export const recordLink = (id: number) => `${paths.depositRecord.href()}?id=${id}`;

/**
 * After a withdrawal was taken: it waits for review, the money is held (frozen) meanwhile; the way
 * on is its record.
 */
export function WithdrawDone({ answer, onAnother }: { answer: ExtractAnswer; onAnother: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatMoney = useMoney();
  const w = answer.withdrawal;
  const open = () => navigate(recordLink(w.id));
  return (
    <Page className="withdraw-page" main={{ text: t('withdraw.viewRecord'), onClick: open }}>
      <section className="withdraw-done" data-testid="withdraw-done" role="status">
        <svg className="withdraw-done__icon" viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
          <circle cx="12" cy="12" r="11" fill="currentColor" />
          <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <strong className="withdraw-done__title">{t('withdraw.doneTitle')}</strong>
        <p className="withdraw-done__hint">{t('withdraw.doneHint')}</p>
        <SumRows
          rows={[
            { label: t('withdraw.to'), value: w.destination, testId: 'done-destination' },
            { label: t('withdraw.arrives'), value: formatMoney(w.amount), testId: 'done-amount' },
            { label: t('withdraw.fee'), value: formatMoney(w.fee), testId: 'done-fee' },
            { label: t('withdraw.balanceNow'), value: formatMoney(answer.balance), testId: 'done-balance' },
          ]}
        />
        <div className="withdraw-done__actions">
          <Button size="s" mode="bezeled" onClick={open} data-testid="done-record">
            {t('withdraw.viewRecord')}
          </Button>
          <Button size="s" mode="plain" onClick={onAnother} data-testid="done-another">
            {t('withdraw.another')}
          </Button>
        </div>
      </section>
    </Page>
  );
}
