import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Loading placeholders shaped like what will come (CSS shimmer blocks; screen readers hear "loading"). */

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

function Busy({ children, className }: { children: ReactNode; className: string }) {
  const { t } = useTranslation();
  return (
    <div className={className} role="status" aria-busy="true" aria-label={t('common.loading')}>
      {children}
    </div>
  );
}

export function ProductGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <Busy className="product-grid">
      {range(count).map((i) => (
        <div key={i} className="product-tile product-tile--skeleton">
          <span className="shimmer product-tile__image" />
          <span className="product-tile__body">
            <span className="shimmer shimmer--line" />
            <span className="shimmer shimmer--line shimmer--short" />
            <span className="shimmer shimmer--line shimmer--price" />
          </span>
        </div>
      ))}
    </Busy>
  );
}

export function ShopListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <Busy className="shop-list">
      {range(count).map((i) => (
        <div key={i} className="shop-tile">
          <span className="shimmer shop-avatar" style={{ width: 48, height: 48 }} />
          <span className="shop-tile__body">
            <span className="shimmer shimmer--line" />
            <span className="shimmer shimmer--line shimmer--short" />
          </span>
        </div>
      ))}
    </Busy>
  );
}

export function ChipsSkeleton({ count = 5 }: { count?: number }) {
  return (
    <Busy className="chips">
      {range(count).map((i) => (
        <span key={i} className="shimmer chip chip--skeleton" />
      ))}
    </Busy>
  );
}

/** Any block: give it the size of what will come. */
export function Shimmer({ className = '', style }: { className?: string; style?: CSSProperties }) {
  return <span className={`shimmer ${className}`} style={style} aria-hidden="true" />;
}
