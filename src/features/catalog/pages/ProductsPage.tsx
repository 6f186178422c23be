import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Page } from '@app/components/Page';
import { ProductFeed } from '../components/Feed';
import { FilterButton } from '../components/FilterButton';
import { SortChips } from '../components/SortChips';
import { useLoad } from '@app/api/use-load';
import { usePages } from '@app/api/use-pages';
import { productsHeading } from '@common/products-list';
import { productsPath, readProductsQuery } from '@common/products-query';
import { fetchCategories, fetchSearch } from '../lib/shared-data';
import '../catalog.css';

/** /products: a list by category and/or text, sort and price range, all read from the address. */
export default function ProductsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = readProductsQuery(params);
  const categories = useLoad('catalog.categories', {}, fetchCategories);
  const feed = usePages({
    name: 'catalog.search',
    params: query,
    cursor: (cursor) => fetchSearch(query, cursor),
  });

  const category = categories.data?.find((c) => c.id === query.categoryId);
  const heading = productsHeading(query, category?.name, i18n.language, (text) =>
    t('filter.resultsFor', { text }),
  );

  return (
    <Page className="catalog-page">
      <div className="sticky-bar sticky-bar--stack">
        <div className="list-head">
          <h2 className="list-head__title">{heading ?? t('filter.allProducts')}</h2>
          {feed.status === 'ready' && (
            <span className="list-head__count">{t('filter.count', { value: feed.total })}</span>
          )}
          <FilterButton testId="products-filter" />
        </div>
        <SortChips
          value={query.sort}
          hasText={Boolean(query.title)}
          onChange={(sort) => navigate(productsPath({ ...query, sort }), { replace: true })}
        />
      </div>
      <ProductFeed state={feed} skeleton={8} empty={t('filter.noProducts')} />
    </Page>
  );
}
