import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@app/components/Page';
import { CategoryChips } from '../components/CategoryChips';
import { ProductFeed } from '../components/Feed';
import { FilterButton } from '../components/FilterButton';
import { ChipsSkeleton } from '../components/Skeletons';
import { InlineRetry } from '@app/components/States';
import { useLoad } from '@app/api/use-load';
import { usePages } from '@app/api/use-pages';
import '../catalog.css';
import { LIST_PAGE_SIZE } from '@common/boot';
import { fetchCategories, fetchFeed } from '../lib/shared-data';

/** The explore tab (kept alive): category chips over an endless product feed. */
export default function ExplorePage() {
  const { t } = useTranslation();
  const [categoryId, setCategoryId] = useState(0);
  const categories = useLoad('catalog.categories', {}, fetchCategories);
  const feed = usePages({
    name: 'catalog.feed',
    params: { categoryId },
    cursor: (cursor) => fetchFeed({ category_id: categoryId || undefined, cursor, limit: LIST_PAGE_SIZE }),
  });

  return (
    <Page className="catalog-page explore">
      <div className="sticky-bar">
        {categories.data ? (
          <CategoryChips
            items={categories.data}
            selected={categoryId}
            onSelect={(id) => {
              setCategoryId(id);
              window.scrollTo({ top: 0 });
            }}
            testPrefix="explore-category"
          />
        ) : categories.error ? (
          <InlineRetry message={categories.error} onRetry={categories.reload} />
        ) : (
          <ChipsSkeleton />
        )}
        <FilterButton testId="explore-filter" />
      </div>
      <ProductFeed state={feed} skeleton={8} empty={t('explore.empty')} />
    </Page>
  );
}
