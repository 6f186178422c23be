import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { catalogApi } from '../api';
import { Feed } from '../components/Feed';
import { ProductGrid } from '../components/ProductTile';
import { ProductGridSkeleton } from '../components/Skeletons';
import { EmptyState } from '../components/States';
import { usePaged } from '../hooks/use-paged';
import '../catalog.css';

/** Popular: the hot products, endless. */
export default function PopularPage() {
  const { t } = useTranslation();
  const feed = usePaged('catalog.hotProducts', { limit: 20 }, (cursor) =>
    catalogApi.hotProducts({ cursor, limit: 20 }),
  );
  return (
    <Page className="catalog-page">
      <p className="page-intro">{t('home.popularHint')}</p>
      <Feed
        state={feed}
        skeleton={<ProductGridSkeleton count={8} />}
        empty={<EmptyState text={t('home.noProducts')} />}
      >
        {(items) => <ProductGrid products={items} />}
      </Feed>
    </Page>
  );
}
