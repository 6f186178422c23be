import type { CategoryItem } from '../../../../common/schemas/catalog';
import { sizedImage } from '../lib/catalog-constants';
import { LazyImage } from '../../../components/LazyImage';
import { productsPath } from '../lib/products-query';
import { RouteLink } from './RouteLink';
import { wordBreaks } from '../../../i18n/word-breaks';

/** The ten categories as icons with names; a tap lists that category's products. */
export function CategoryGrid({ categories }: { categories: readonly CategoryItem[] }) {
  return (
    <nav className="category-grid">
      {categories.map((c) => (
        <RouteLink
          key={c.id}
          to={productsPath({ categoryId: c.id })}
          className="category-grid__item"
          data-testid={`home-category-${c.key}`}
        >
          <span className="category-grid__icon">
            {c.icon ? (
              <LazyImage src={sizedImage(c.icon, 120)} alt="" width={120} height={120} />
            ) : (
              <span aria-hidden="true">{[...c.name][0]}</span>
            )}
          </span>
          <span className="category-grid__name">{wordBreaks(c.name)}</span>
        </RouteLink>
      ))}
    </nav>
  );
}

export function CategoryGridSkeleton() {
  return (
    <div className="category-grid" aria-hidden="true">
      {Array.from({ length: 10 }, (_, i) => (
        <span key={i} className="category-grid__item">
          <span className="category-grid__icon shimmer" />
          <span className="shimmer shimmer--line shimmer--tiny" />
        </span>
      ))}
    </div>
  );
}
