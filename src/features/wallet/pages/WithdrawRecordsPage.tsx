import { useTranslation } from 'react-i18next';
import { Page } from '@app/components/Page';
import { useMoney } from '@app/i18n/use-money';
import { walletApi, type ExtractLog } from '../api';
import { AuditBadge, RecordRow, RecordsList } from '../components/RecordsList';

type Withdrawal = ExtractLog['list'][number];

/** /depositRecord: the shopper's withdrawals with status, amount, fee, masked destination, refusal. */
export default function WithdrawRecordsPage() {
  const { t, i18n } = useTranslation();
  const formatMoney = useMoney();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Page className="records-page">
      <RecordsList<Withdrawal>
        name="wallet.extractLog"
        fetchPage={(params) => walletApi.extractLog(params)}
        empty={t('walletScreens.empty')}
        render={(w) => (
          <article key={w.id} className="record-card" data-testid="record" data-record-id={w.id}>
            <header className="record-card__head">
              <span>
                {t(`walletScreens.records.type.${w.type}`)} #{w.id}
              </span>
              <AuditBadge status={w.status} />
            </header>
            <RecordRow label={t('walletScreens.records.asked')} testId="record-amount">
              {formatMoney(w.amount)}
            </RecordRow>
            <RecordRow label={t('walletScreens.records.fee')} testId="record-fee">
              {formatMoney(w.fee)}
            </RecordRow>
            <RecordRow label={t('walletScreens.records.to')} testId="record-destination">
              {w.destination}
            </RecordRow>
            <p className="bill-entry__sub">{when.format(new Date(w.createdAt))}</p>
            {w.reason && (
              <p className="record-card__reason" data-testid="record-reason">
                {t('walletScreens.records.reason', { reason: w.reason })}
              </p>
            )}
          </article>
        )}
      />
    </Page>
  );
}
