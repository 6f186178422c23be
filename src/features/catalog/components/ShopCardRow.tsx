import { useTranslation } from 'react-i18next';
import type { FollowAnswer, ShopCard } from '@common/schemas/catalog-answers';
import { formatCount, formatExact, formatRate } from '../lib/format';
import { FollowButton } from './FollowButton';
import { RouteLink } from './RouteLink';
import { ShopAvatar, ShopLevel } from './ShopTile';
import { paths } from '@common/paths';
import { wordBreaks } from '@app/i18n/word-breaks';

interface ShopCardRowProps {
  shop: ShopCard;
  followed: boolean;
  onFollow: (answer: FollowAnswer) => void;
}

/** The product's shop on the detail page: opens the shop; follow beside it. */
export function ShopCardRow({ shop, followed, onFollow }: ShopCardRowProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <div className="detail__card shop-row">
      <RouteLink to={paths.shop.href(shop.id)} className="shop-row__link" data-testid="detail-shop">
        <ShopAvatar shop={shop} size={48} />
        <span className="shop-tile__body">
          <span className="shop-tile__name">{wordBreaks(shop.name)}</span>
          <ShopLevel level={shop.level} />
        </span>
      </RouteLink>
      <FollowButton shopId={shop.id} followed={followed} onChange={onFollow} />
      <dl className="shop-stats shop-row__stats">
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
    </div>
  );
}
