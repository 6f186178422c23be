import { useTranslation } from 'react-i18next';
import type { ProductCard } from '@common/schemas/catalog-answers';
import { sizedImage } from '@common/images';
import { LazyImage } from '@app/components/LazyImage';
import { formatCount } from '../lib/format';
import { Price } from './Price';
import { RouteLink } from './RouteLink';
import { TILE_WIDTH } from '@common/boot';
import { paths } from '@common/paths';
import { wordBreaks } from '@app/i18n/word-breaks';

/** A product in a grid: square picture, two-line title, price and sales; opens the detail. */
export function ProductTile({ product }: { product: ProductCard }) {
  const { t, i18n } = useTranslation();
  return (
    <RouteLink
      to={paths.detail.href(product.id)}
      className="product-tile"
      data-testid={`product-card-${product.id}`}
    >
      <LazyImage
        src={sizedImage(product.image, TILE_WIDTH)}
        alt=""
        width={TILE_WIDTH}
        height={TILE_WIDTH}
        className="product-tile__image"
      />
      <span className="product-tile__body">
        <span className="product-tile__title">{wordBreaks(product.title)}</span>
        <Price price={product.price} marketPrice={product.marketPrice} />
        <span className="product-tile__meta">
          {product.stock > 0
            ? t('product.sold', { value: formatCount(product.sales, i18n.language) })
            : t('product.soldOut')}
        </span>
      </span>
    </RouteLink>
  );
}

export function ProductGrid({ products }: { products: readonly ProductCard[] }) {
  return (
    <div className="product-grid">
      {products.map((p) => (
        <ProductTile key={p.id} product={p} />
      ))}
    </div>
  );
}
