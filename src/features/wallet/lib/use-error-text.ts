import { useTranslation } from 'react-i18next';
import { useMoney } from '@app/i18n/use-money';
import type { FieldError } from './topup-form';

/** A field's problem in the interface language, its amounts as money. */
export function useErrorText(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation();
  const formatMoney = useMoney();
  return (error) => {
    if (!error) return undefined;
    const { min, max } = error.values ?? {};
    return t(error.key, {
      min: min === undefined ? '' : formatMoney(min),
      max: max === undefined ? '' : formatMoney(max),
    });
  };
}
