import { useTranslation } from 'react-i18next';
import { Page } from '@app/components/Page';
import { LIST_PAGE_SIZE } from '@common/boot';
import { fetchHotProducts } from '../lib/shared-data';
import { ProductFeed } from '../components/Feed';
import { usePages } from '@app/api/use-pages';
import '../catalog.css';

/** Popular: the hot products, endless. */
export default function PopularPage() {
  const { t } = useTranslation();
  const feed = usePages({
    name: 'catalog.hotProducts',
    params: { limit: LIST_PAGE_SIZE },
    cursor: (cursor) => fetchHotProducts({ cursor, limit: LIST_PAGE_SIZE }),
  });
  return (
    <Page className="catalog-page">
      <p className="page-intro">{t('home.popularHint')}</p>
      <ProductFeed state={feed} skeleton={8} empty={t('home.noProducts')} />
    </Page>
  );
}
