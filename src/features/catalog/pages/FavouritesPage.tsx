import { Button, SegmentedControl } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Page } from '@app/components/Page';
import { catalogApi } from '../api';
import { ProductFeed, ShopFeed } from '../components/Feed';
import { usePages } from '@app/api/use-pages';
import '../catalog.css';
import { paths } from '@common/paths';

type Segment = 'products' | 'shops';

/**
 * /myFavourite and /heart: favourite products and followed shops (login needed; the access rules
 * send visitors to /login). The segment is in the address, so back from a product returns to it.
 */
export default function FavouritesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const segment: Segment = params.get('tab') === 'shops' ? 'shops' : 'products';
  const choose = (next: Segment) => setParams(next === 'shops' ? { tab: 'shops' } : {}, { replace: true });

  return (
    <Page className="catalog-page favourites">
      <div className="sticky-bar sticky-bar--pad">
        <SegmentedControl className="favourites__segments">
          <SegmentedControl.Item
            className="segment-whole"
            selected={segment === 'products'}
            onClick={() => choose('products')}
            data-testid="favourites-products"
          >
            {t('favourites.products')}
          </SegmentedControl.Item>
          <SegmentedControl.Item
            className="segment-whole"
            selected={segment === 'shops'}
            onClick={() => choose('shops')}
            data-testid="favourites-shops"
          >
            {t('favourites.shops')}
          </SegmentedControl.Item>
        </SegmentedControl>
      </div>
      {segment === 'products' ? <LikedProducts /> : <FollowedShops />}
    </Page>
  );
}

function LikedProducts() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feed = usePages({
    name: 'catalog.likeList',
    params: {},
    cursor: (cursor) => catalogApi.likeList({ cursor, limit: 20 }),
  });
  return (
    <ProductFeed
      state={feed}
      skeleton={4}
      empty={t('favourites.noProducts')}
      emptyAction={
        <Button size="m" mode="bezeled" onClick={() => navigate(paths.explore.href())}>
          {t('favourites.browse')}
        </Button>
      }
    />
  );
}

function FollowedShops() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feed = usePages({
    name: 'catalog.followList',
    params: {},
    cursor: (cursor) => catalogApi.followList({ cursor, limit: 20 }),
  });
  return (
    <ShopFeed
      state={feed}
      skeleton={5}
      empty={t('favourites.noShops')}
      emptyAction={
        <Button size="m" mode="bezeled" onClick={() => navigate(paths.home.href())}>
          {t('favourites.browseShops')}
        </Button>
      }
    />
  );
}
