import { useMoney } from '@app/i18n/use-money';
import { isDiscounted } from '../lib/format';

interface PriceProps {
  price: string;
  marketPrice?: string;
  large?: boolean;
  'data-testid'?: string;
}

/** The price, with the market price struck through when it is higher. */
export function Price({ price, marketPrice, large, ...rest }: PriceProps) {
  const formatMoney = useMoney();
  return (
    <span className={`price ${large ? 'price--large' : ''}`}>
      <span className="price__now" {...rest}>
        {formatMoney(price)}
      </span>
      {marketPrice && isDiscounted(price, marketPrice) && (
        <s className="price__was">{formatMoney(marketPrice)}</s>
      )}
    </span>
  );
}
