import { Cell, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { sizedImage } from '@common/images';
import { ChevronIcon } from '@app/components/icons';
import { LazyImage } from '@app/components/LazyImage';
import { Page } from '@app/components/Page';
import { PullList } from '@app/components/PullList';
import { catalogApi } from '../api';
import { BannerCarousel } from '../components/BannerCarousel';
import { CategoryGrid, CategoryGridSkeleton } from '../components/CategoryGrid';
import { ChartIcon, FireIcon, SearchIcon, StoreIcon } from '../components/icons';
import { ProductGrid } from '../components/ProductTile';
import { SectionHead } from '../components/SectionHead';
import { ShopTile } from '../components/ShopTile';
import { ProductGridSkeleton, Shimmer } from '../components/Skeletons';
import { EmptyState, InlineRetry } from '@app/components/States';
import { emptyLook } from '../components/state-look';
import { useLoad } from '@app/api/use-load';
import { fetchBanners, fetchCategories, fetchPlatform } from '../lib/shared-data';
import { isUsableLink, openExternal } from '@app/telegram/open-link';
import '../catalog.css';
import { paths } from '@common/paths';

const HOT_PRODUCTS = 6;
const HOT_SHOPS = 10;

/**
 * The home tab (kept alive): welcome, search entry, banners, categories, hot products and shops,
 * and the popular, merchant-in and seller-panel entries. Each section loads and fails on its own.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const platform = useLoad('catalog.platform', {}, fetchPlatform);
  const banners = useLoad('catalog.banners', {}, fetchBanners);
  const categories = useLoad('catalog.categories', {}, fetchCategories);
  const hotProducts = useLoad('catalog.hotProducts', { limit: HOT_PRODUCTS }, () =>
    catalogApi.hotProducts({ limit: HOT_PRODUCTS }),
  );
  const hotShops = useLoad('catalog.hotShops', { limit: HOT_SHOPS }, () =>
    catalogApi.hotShops({ limit: HOT_SHOPS }),
  );

  const refresh = () =>
    Promise.all([platform, banners, categories, hotProducts, hotShops].map((s) => s.reload()));

  const info = platform.data;
  // The merchant and seller entries show only when their links are configured.
  const merchantUrl = isUsableLink(info?.merchantUrl) ? info.merchantUrl : '';
  const sellerUrl = isUsableLink(info?.sellerUrl) ? info.sellerUrl : '';
  return (
    <Page className="catalog-page home">
      <PullList onRefresh={refresh} hasMore={false} empty>
        <header className="home__head">
          {info?.logo ? (
            <LazyImage
              src={sizedImage(info.logo, 120)}
              alt=""
              width={48}
              height={48}
              className="home__logo"
            />
          ) : null}
          <div className="home__greeting">
            <h1 className="home__welcome">{t('app.welcome')}</h1>
            <p className="home__platform">{info?.name || t('app.name')}</p>
          </div>
        </header>

        <button
          type="button"
          className="search-entry"
          onClick={() => navigate(paths.search.href())}
          data-testid="home-search"
        >
          <SearchIcon />
          <span>{t('home.searchPlaceholder')}</span>
        </button>

        {banners.data ? (
          banners.data.length > 0 && <BannerCarousel banners={banners.data} />
        ) : banners.error ? null : (
          <Shimmer className="banners banners--skeleton" />
        )}

        <section className="home__section" aria-label={t('home.categories')}>
          {categories.data ? (
            <CategoryGrid categories={categories.data} />
          ) : categories.error ? (
            <InlineRetry message={categories.error} onRetry={categories.reload} />
          ) : (
            <CategoryGridSkeleton />
          )}
        </section>

        <section className="home__section">
          <SectionHead
            title={t('home.hotProducts')}
            icon={<FireIcon />}
            to={paths.popular.href()}
            more={t('home.seeAll')}
          />
          {hotProducts.data ? (
            hotProducts.data.list.length ? (
              <ProductGrid products={hotProducts.data.list} />
            ) : (
              <EmptyState {...emptyLook} text={t('home.noProducts')} />
            )
          ) : hotProducts.error ? (
            <InlineRetry message={hotProducts.error} onRetry={hotProducts.reload} />
          ) : (
            <ProductGridSkeleton count={HOT_PRODUCTS} />
          )}
        </section>

        <section className="home__section">
          <SectionHead title={t('home.hotShops')} icon={<StoreIcon />} />
          {hotShops.data ? (
            hotShops.data.list.length ? (
              <div className="shop-rail">
                {hotShops.data.list.map((shop) => (
                  <ShopTile key={shop.id} shop={shop} rail />
                ))}
              </div>
            ) : (
              <EmptyState {...emptyLook} text={t('home.noShops')} />
            )
          ) : hotShops.error ? (
            <InlineRetry message={hotShops.error} onRetry={hotShops.reload} />
          ) : (
            <div className="shop-rail" aria-hidden="true">
              {[0, 1, 2, 3].map((i) => (
                <Shimmer key={i} className="shop-tile shop-tile--rail" />
              ))}
            </div>
          )}
        </section>

        <Section className="home__entries">
          <Cell
            before={<FireIcon />}
            after={<ChevronIcon />}
            subtitle={t('home.popularHint')}
            multiline
            onClick={() => navigate(paths.popular.href())}
            data-testid="home-popular"
          >
            {t('home.popular')}
          </Cell>
          {merchantUrl && (
            <Cell
              before={<StoreIcon />}
              after={<ChevronIcon />}
              subtitle={t('home.merchantInHint')}
              multiline
              onClick={() => openExternal(merchantUrl)}
              data-testid="home-merchant-in"
            >
              {t('home.merchantIn')}
            </Cell>
          )}
          {sellerUrl && (
            <Cell
              before={<ChartIcon />}
              after={<ChevronIcon />}
              subtitle={t('home.sellerPanelHint')}
              multiline
              onClick={() => openExternal(sellerUrl)}
              data-testid="home-seller-panel"
            >
              {t('home.sellerPanel')}
            </Cell>
          )}
        </Section>
      </PullList>
    </Page>
  );
}
