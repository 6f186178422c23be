import { useTranslation } from 'react-i18next';
import type { FollowAnswer, ShopInfo } from '@common/schemas/catalog-answers';
import { SHOP_BANNER_BOX, SHOP_BANNER_WIDTH } from '@common/boot';
import { sizedImage } from '@common/images';
import { LazyImage } from '@app/components/LazyImage';
import { formatCount, formatExact, formatRate } from '../lib/format';
import { FollowButton } from './FollowButton';
import { ShopAvatar, ShopLevel } from './ShopTile';
import { Shimmer } from './Skeletons';
import { wordBreaks } from '@app/i18n/word-breaks';

interface ShopHeaderProps {
  shop: ShopInfo;
  followed: boolean;
  onFollow: (answer: FollowAnswer) => void;
}

/** The shop page's head: banner, avatar, name, level, follow, and fans / rate / sales. */
export function ShopHeader({ shop, followed, onFollow }: ShopHeaderProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <header className="shop-head">
      {shop.banner ? (
        <LazyImage
          src={sizedImage(shop.banner, SHOP_BANNER_WIDTH)}
          alt=""
          width={SHOP_BANNER_BOX.width}
          height={SHOP_BANNER_BOX.height}
          className="shop-head__banner"
        />
      ) : (
        <span className="shop-head__banner shop-head__banner--plain" />
      )}
      <div className="shop-head__card">
        <div className="shop-head__top">
          <ShopAvatar shop={shop} size={64} />
          <div className="shop-head__text">
            <h1 className="shop-head__name" data-testid="shop-name">
              {wordBreaks(shop.name)}
            </h1>
            <div className="shop-head__actions">
              <ShopLevel level={shop.level} />
              <FollowButton shopId={shop.id} followed={followed} onChange={onFollow} />
            </div>
          </div>
        </div>
        {shop.description && <p className="shop-head__description">{shop.description}</p>}
        <dl className="shop-stats">
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
    </header>
  );
}

export function ShopHeaderSkeleton() {
  return (
    <header className="shop-head" role="status" aria-busy="true">
      <Shimmer className="shop-head__banner" />
      <div className="shop-head__card">
        <div className="shop-head__top">
          <Shimmer className="shop-avatar" style={{ width: 64, height: 64 }} />
          <div className="shop-head__text">
            <Shimmer className="shimmer--line" />
            <Shimmer className="shimmer--line shimmer--short" />
          </div>
        </div>
        <Shimmer className="shimmer--line" />
      </div>
    </header>
  );
}
