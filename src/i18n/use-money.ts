import { useTranslation } from 'react-i18next';
import { formatMoney, type Cents } from '../../common/money';

/** formatMoney in the interface language: every screen shows amounts through this. */
export function useMoney(): (amount: Cents | string) => string {
  const { i18n } = useTranslation();
  return (amount) => formatMoney(amount, i18n.language);
}
