import { useTranslation } from 'react-i18next';
import { statusName } from '../lib/status';

/** An order's status in words, coloured by what it asks of the shopper. */
export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const name = statusName(status);
  return (
    <span className={`order-badge order-badge--${name ?? 'unknown'}`} data-testid="order-status">
      {name ? t(`orderList.status.${name}`) : String(status)}
    </span>
  );
}
