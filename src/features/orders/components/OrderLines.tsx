import { useTranslation } from 'react-i18next';
import { LazyImage } from '@app/components/LazyImage';
import { useMoney } from '@app/i18n/use-money';

export interface Line {
  title: string;
  specText: string;
  image: string;
  price: string;
  num: number;
}

/** What is bought: picture, title, spec, unit price and quantity, one row per line. */
export function OrderLines({ lines, limit }: { lines: readonly Line[]; limit?: number }) {
  const { t } = useTranslation();
  const formatMoney = useMoney();
  const shown = limit ? lines.slice(0, limit) : lines;
  return (
    <ul className="order-lines">
      {shown.map((line, i) => (
        <li key={i} className="order-line">
          <LazyImage src={line.image} alt="" width={56} height={56} className="order-line__image" />
          <div className="order-line__text">
            <div className="order-line__title">{line.title}</div>
            {line.specText && <div className="order-line__spec">{line.specText}</div>}
          </div>
          <div className="order-line__price">
            <div>{formatMoney(line.price)}</div>
            <div className="order-line__num">{t('orderList.times', { count: line.num })}</div>
          </div>
        </li>
      ))}
      {shown.length < lines.length && (
        <li className="order-line order-line--more">
          {t('orderList.moreItems', { count: lines.length - shown.length })}
        </li>
      )}
    </ul>
  );
}
