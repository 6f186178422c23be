import { useTranslation } from 'react-i18next';
import { Page } from '@app/components/Page';
import { useMoney } from '@app/i18n/use-money';
import { walletApi, type ExtractLog } from '../api';
import { RecordCard, RecordRow, RecordsList } from '../components/RecordsList';

type Withdrawal = ExtractLog['list'][number];

/** /depositRecord: the shopper's withdrawals with status, amount, fee, masked destination, refusal. */
export default function WithdrawRecordsPage() {
  const { t } = useTranslation();
  const formatMoney = useMoney();
  return (
    <Page className="records-page">
      <RecordsList<Withdrawal>
        name="wallet.extractLog"
        fetchPage={(params) => walletApi.extractLog(params)}
        empty={t('walletScreens.empty')}
        render={(w) => (
          <RecordCard key={w.id} record={w}>
            <RecordRow label={t('walletScreens.records.asked')} testId="record-amount">
              {formatMoney(w.amount)}
            </RecordRow>
            <RecordRow label={t('walletScreens.records.fee')} testId="record-fee">
              {formatMoney(w.fee)}
            </RecordRow>
            <RecordRow label={t('walletScreens.records.to')} testId="record-destination">
              {w.destination}
            </RecordRow>
          </RecordCard>
        )}
      />
    </Page>
  );
}
