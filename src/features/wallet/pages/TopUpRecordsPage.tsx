import { useTranslation } from 'react-i18next';
import { Page } from '@app/components/Page';
import { useMoney } from '@app/i18n/use-money';
import { walletApi, type RechargeLog } from '../api';
import { AuditBadge, RecordRow, RecordsList } from '../components/RecordsList';

type Recharge = RechargeLog['list'][number];

/** /topUpRecord: the shopper's top-ups with their status, amount asked and arrived, and why refused. */
export default function TopUpRecordsPage() {
  const { t, i18n } = useTranslation();
  const formatMoney = useMoney();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Page className="records-page">
      <RecordsList<Recharge>
        name="wallet.rechargeLog"
        fetchPage={(params) => walletApi.rechargeLog(params)}
        empty={t('walletScreens.empty')}
        render={(r) => (
          <article key={r.id} className="record-card" data-testid="record" data-record-id={r.id}>
            <header className="record-card__head">
              <span>
                {t(`walletScreens.records.type.${r.type}`)}
                {r.networkName ? ` · ${r.networkName}` : ''} #{r.id}
              </span>
              <AuditBadge status={r.status} />
            </header>
            <RecordRow label={t('walletScreens.records.asked')} testId="record-amount">
              {formatMoney(r.amount)}
            </RecordRow>
            {r.arrivalAmount !== null && (
              <RecordRow label={t('walletScreens.records.arrived')} testId="record-arrived">
                {formatMoney(r.arrivalAmount)}
              </RecordRow>
            )}
            <p className="bill-entry__sub">{when.format(new Date(r.createdAt))}</p>
            {r.reason && (
              <p className="record-card__reason" data-testid="record-reason">
                {t('walletScreens.records.reason', { reason: r.reason })}
              </p>
            )}
          </article>
        )}
      />
    </Page>
  );
}
