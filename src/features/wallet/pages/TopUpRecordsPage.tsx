import { useTranslation } from 'react-i18next';
import { Page } from '@app/components/Page';
import { useMoney } from '@app/i18n/use-money';
import { walletApi, type RechargeLog } from '../api';
import { RecordCard, RecordRow, RecordsList } from '../components/RecordsList';

type Recharge = RechargeLog['list'][number];

/** /topUpRecord: the shopper's top-ups with their status, amount asked and arrived, and why refused. */
export default function TopUpRecordsPage() {
  const { t } = useTranslation();
  const formatMoney = useMoney();
  return (
    <Page className="records-page">
      <RecordsList<Recharge>
        name="wallet.rechargeLog"
        fetchPage={(params) => walletApi.rechargeLog(params)}
        empty={t('walletScreens.empty')}
        render={(r) => (
          <RecordCard key={r.id} record={r} network={r.networkName}>
            <RecordRow label={t('walletScreens.records.asked')} testId="record-amount">
              {formatMoney(r.amount)}
            </RecordRow>
            {r.arrivalAmount !== null && (
              <RecordRow label={t('walletScreens.records.arrived')} testId="record-arrived">
                {formatMoney(r.arrivalAmount)}
              </RecordRow>
            )}
          </RecordCard>
        )}
      />
    </Page>
  );
}
