import { Button, List, Section } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { parseAmount } from '@common/money';
import type { ProductSort } from '@common/products-query';
import { Page } from '@app/components/Page';
import { CategoryChips } from '../components/CategoryChips';
import { ChipsSkeleton } from '../components/Skeletons';
import { SortChips } from '../components/SortChips';
import { InlineRetry } from '@app/components/States';
import { useLoad } from '@app/api/use-load';
import { productsPath } from '@common/products-query';
import { fetchCategories } from '../lib/shared-data';
import '../catalog.css';
import { Field } from '@app/components/Field';

type PriceError = 'filter.priceInvalid' | 'filter.priceRange' | null;

function checkPrices(min: string, max: string): { min: PriceError; max: PriceError } {
  const lo = min.trim() ? parseAmount(min) : null;
  const hi = max.trim() ? parseAmount(max) : null;
  return {
    min: lo === undefined ? 'filter.priceInvalid' : null,
    max:
      hi === undefined
        ? 'filter.priceInvalid'
        : lo != null && hi != null && lo > hi
          ? 'filter.priceRange'
          : null,
  };
}

/**
 * /filter (kept alive, so the last choice is still there): category, price range and sort; apply
 * opens /products with them in the address.
 */
export default function FilterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const categories = useLoad('catalog.categories', {}, fetchCategories);
  const [categoryId, setCategoryId] = useState(0);
  const [minPrice, setMinPrice] = useState('');
  const [maxPrice, setMaxPrice] = useState('');
  const [sort, setSort] = useState<ProductSort | undefined>(undefined);
  const errors = checkPrices(minPrice, maxPrice);
  const valid = !errors.min && !errors.max;

  const apply = () => {
    if (!valid) return;
    navigate(
      productsPath({
        categoryId: categoryId || undefined,
        sort,
        minPrice: minPrice.trim() || undefined,
        maxPrice: maxPrice.trim() || undefined,
      }),
    );
  };
  const reset = () => {
    setCategoryId(0);
    setMinPrice('');
    setMaxPrice('');
    setSort(undefined);
  };
  const priceError = errors.min ?? errors.max;

  return (
    <Page
      className="catalog-page filter"
      // Kept alive: the page wrapper gives the main button up while the filter is hidden.
      main={{ text: t('filter.apply'), onClick: apply, enabled: valid }}
    >
      <List>
        <Section header={t('filter.category')}>
          <div className="filter__block">
            {categories.data ? (
              <CategoryChips
                items={categories.data}
                selected={categoryId}
                onSelect={setCategoryId}
                testPrefix="filter-category"
                allLabel={t('filter.allCategories')}
              />
            ) : categories.error ? (
              <InlineRetry message={categories.error} onRetry={categories.reload} />
            ) : (
              <ChipsSkeleton />
            )}
          </div>
        </Section>

        <Section
          header={t('filter.price')}
          footer={
            priceError ? (
              <span className="form-error" role="alert">
                {t(priceError)}
              </span>
            ) : (
              t('filter.priceHint')
            )
          }
        >
          <div className="filter__prices">
            <Field
              label={t('filter.min')}
              inputMode="decimal"
              placeholder="0.00"
              value={minPrice}
              status={errors.min ? 'error' : 'default'}
              onChange={(e) => setMinPrice(e.target.value)}
              data-testid="filter-min"
            />
            <Field
              label={t('filter.max')}
              inputMode="decimal"
              placeholder="999.00"
              value={maxPrice}
              status={errors.max ? 'error' : 'default'}
              onChange={(e) => setMaxPrice(e.target.value)}
              data-testid="filter-max"
            />
          </div>
        </Section>

        <Section header={t('filter.sort')}>
          <div className="filter__block">
            <SortChips value={sort} hasText={false} onChange={setSort} wrap />
          </div>
        </Section>
      </List>
      <div className="filter__actions">
        <Button size="l" mode="gray" stretched onClick={reset} data-testid="filter-reset">
          {t('filter.reset')}
        </Button>
      </div>
    </Page>
  );
}
