import { useTranslation } from 'react-i18next';
import type { ShopCard } from '@common/schemas/catalog-answers';
import { formatCount, formatExact, formatRate } from '../lib/format';

/** A shop's fans, favourable rate and total sales, as its head and its card on a product show them. */
export function ShopStats({
  shop,
  className = 'shop-stats',
}: {
  shop: Pick<ShopCard, 'fans' | 'favorableRate' | 'totalSales'>;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <dl className={className}>
      <div>
        <dt>{t('shopPage.fans')}</dt>
        <dd data-testid="shop-fans" data-value={shop.fans}>
          {formatExact(shop.fans, lang)}
        </dd>
      </div>
      <div>
        <dt>{t('shopPage.favorableRate')}</dt>
        <dd>{t('shopPage.rateValue', { value: formatRate(shop.favorableRate, lang) })}</dd>
      </div>
      <div>
        <dt>{t('shopPage.totalSales')}</dt>
        <dd>{formatCount(shop.totalSales, lang)}</dd>
      </div>
    </dl>
  );
}
