import type { FollowAnswer, ShopInfo } from '@common/schemas/catalog-answers';
import { SHOP_BANNER_BOX, SHOP_BANNER_WIDTH } from '@common/boot';
import { sizedImage } from '@common/images';
import { LazyImage } from '@app/components/LazyImage';
import { FollowButton } from './FollowButton';
import { ShopAvatar, ShopLevel } from './ShopTile';
import { ShopStats } from './ShopStats';
import { Shimmer } from './Skeletons';
import { wordBreaks } from '@app/i18n/word-breaks';

interface ShopHeaderProps {
  shop: ShopInfo;
  followed: boolean;
  onFollow: (answer: FollowAnswer) => void;
}

/** The shop page's head: banner, avatar, name, level, follow, and fans / rate / sales. */
export function ShopHeader({ shop, followed, onFollow }: ShopHeaderProps) {
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
        <ShopStats shop={shop} />
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
