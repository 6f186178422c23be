import { useTranslation } from 'react-i18next';

/**
 * The balance and the frozen amount at the head of the wallet's bill and withdrawal screens, each
 * its label over its value (`<testId>-balance`, `<testId>-frozen`).
 */
export function HeadSums({ balance, frozen, testId }: { balance: string; frozen: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="bill-head__sums">
      <div>
        <div className="bill-head__label">{t('walletScreens.balance')}</div>
        <div className="bill-head__value" data-testid={`${testId}-balance`}>
          {balance}
        </div>
      </div>
      <div>
        <div className="bill-head__label">{t('walletScreens.frozen')}</div>
        <div className="bill-head__value" data-testid={`${testId}-frozen`}>
          {frozen}
        </div>
      </div>
    </div>
  );
}
