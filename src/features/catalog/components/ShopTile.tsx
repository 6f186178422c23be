import { useTranslation } from 'react-i18next';
import type { ShopCard } from '@common/schemas/catalog-answers';
import { sizedImage } from '@common/images';
import { LazyImage } from '@app/components/LazyImage';
import { formatCount, formatRate } from '../lib/format';
import { RouteLink } from './RouteLink';
import { StarIcon } from './icons';
import { paths } from '@common/paths';
import { wordBreaks } from '@app/i18n/word-breaks';

export function ShopAvatar({ shop, size }: { shop: Pick<ShopCard, 'avatar' | 'name'>; size: number }) {
  return (
    <span className="shop-avatar" style={{ width: size, height: size }}>
      {shop.avatar ? (
        <LazyImage src={sizedImage(shop.avatar, size > 60 ? 240 : 120)} alt="" width={size} height={size} />
      ) : (
        <span className="shop-avatar__letter" aria-hidden="true">
          {[...shop.name][0]?.toUpperCase()}
        </span>
      )}
    </span>
  );
}

export function ShopLevel({ level }: { level: number }) {
  const { t } = useTranslation();
  return (
    <span className="shop-level" title={t('shopPage.level', { level })}>
      <StarIcon />
      <span>{t('shopPage.level', { level })}</span>
    </span>
  );
}

/**
 * A shop in a list: avatar, name, level, fans and favorable rate; opens the shop. `rail` is the
 * narrow card of the home screen's horizontal row.
 */
export function ShopTile({ shop, rail = false }: { shop: ShopCard; rail?: boolean }) {
  const { t, i18n } = useTranslation();
  const fans = t('shopPage.fansCount', { value: formatCount(shop.fans, i18n.language) });
  return (
    <RouteLink
      to={paths.shop.href(shop.id)}
      className={rail ? 'shop-tile shop-tile--rail' : 'shop-tile'}
      data-testid={`shop-card-${shop.id}`}
    >
      <ShopAvatar shop={shop} size={rail ? 56 : 48} />
      <span className="shop-tile__body">
        <span className="shop-tile__name">{wordBreaks(shop.name)}</span>
        {!rail && <ShopLevel level={shop.level} />}
        <span className="shop-tile__meta">
          {rail
            ? fans
            : `${fans} · ${t('shopPage.ratePositive', { value: formatRate(shop.favorableRate, i18n.language) })}`}
        </span>
      </span>
    </RouteLink>
  );
}
