import type { FollowAnswer, ShopCard } from '@common/schemas/catalog-answers';
import { FollowButton } from './FollowButton';
import { RouteLink } from './RouteLink';
import { ShopAvatar, ShopLevel } from './ShopTile';
import { ShopStats } from './ShopStats';
import { paths } from '@common/paths';
import { wordBreaks } from '@app/i18n/word-breaks';

interface ShopCardRowProps {
  shop: ShopCard;
  followed: boolean;
  onFollow: (answer: FollowAnswer) => void;
}

/** The product's shop on the detail page: opens the shop; follow beside it. */
export function ShopCardRow({ shop, followed, onFollow }: ShopCardRowProps) {
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
      <ShopStats shop={shop} className="shop-stats shop-row__stats" />
    </div>
  );
}
