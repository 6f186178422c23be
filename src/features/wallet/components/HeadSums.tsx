import { useTranslation } from 'react-i18next';

/**
 * The balance and the frozen amount at the head of the wallet's bill and withdrawal screens, each
 * its label over its value (`<testId>-balance`, `<testId>-frozen`).
 */
export function HeadSums({ balance, frozen, testId }: { balance: string; frozen: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="bill-head__sums">
      {(
        [
          ['balance', t('walletScreens.balance'), balance],
          ['frozen', t('walletScreens.frozen'), frozen],
        ] as const
      ).map(([key, label, value]) => (
        <div key={key}>
          <div className="bill-head__label">{label}</div>
          <div className="bill-head__value" data-testid={`${testId}-${key}`}>
            {value}
          </div>
        </div>
      ))}
    </div>
  );
}
