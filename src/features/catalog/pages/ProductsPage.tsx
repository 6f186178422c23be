import { formatMoney } from '@common/money';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Page } from '@app/components/Page';
import { catalogApi } from '../api';
import { Feed } from '../components/Feed';
import { FilterIcon } from '../components/icons';
import { ProductGrid } from '../components/ProductTile';
import { ProductGridSkeleton } from '../components/Skeletons';
import { SortChips } from '../components/SortChips';
import { EmptyState } from '../components/States';
import { useLoad } from '@app/api/use-load';
import { usePaged } from '../hooks/use-paged';
import { productsPath, readProductsQuery, toSearchParams } from '../lib/products-query';
import '../catalog.css';
import { paths } from '@common/paths';

/** /products: a list by category and/or text, sort and price range, all read from the address. */
export default function ProductsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = readProductsQuery(params);
  const lang = i18n.language;
  const categories = useLoad('catalog.categories', {}, catalogApi.categories);
  const feed = usePaged('catalog.search', query, (cursor) =>
    catalogApi.search({ ...toSearchParams(query), cursor, limit: 20 }),
  );

  const category = categories.data?.find((c) => c.id === query.categoryId);
  const heading = [
    query.title ? t('filter.resultsFor', { text: query.title }) : category?.name,
    query.title && category ? category.name : undefined,
    query.minPrice || query.maxPrice
      ? `${query.minPrice ? formatMoney(query.minPrice, lang) : '…'} – ${query.maxPrice ? formatMoney(query.maxPrice, lang) : '…'}`
      : undefined,
  ].filter(Boolean);

  return (
    <Page className="catalog-page">
      <div className="sticky-bar sticky-bar--stack">
        <div className="list-head">
          <h2 className="list-head__title">
            {heading.length ? heading.join(' · ') : t('filter.allProducts')}
          </h2>
          {feed.status === 'ready' && (
            <span className="list-head__count">{t('filter.count', { value: feed.total })}</span>
          )}
          <button
            type="button"
            className="icon-button"
            onClick={() => navigate(paths.filter.href())}
            aria-label={t('explore.filter')}
            data-testid="products-filter"
          >
            <FilterIcon />
          </button>
        </div>
        <SortChips
          value={query.sort}
          hasText={Boolean(query.title)}
          onChange={(sort) => navigate(productsPath({ ...query, sort }), { replace: true })}
        />
      </div>
      <Feed
        state={feed}
        skeleton={<ProductGridSkeleton count={8} />}
        empty={<EmptyState text={t('filter.noProducts')} />}
      >
        {(items) => <ProductGrid products={items} />}
      </Feed>
    </Page>
  );
}
