import { useLayoutEffect, useRef, useState } from 'react';
import type { CategoryItem } from '@common/schemas/catalog-answers';
import { sizedImage } from '@common/images';
import { categoryRows } from '../lib/category-rows';
import { LazyImage } from '@app/components/LazyImage';
import { productsPath } from '@common/products-query';
import { RouteLink } from './RouteLink';
import { wordBreaks } from '@app/i18n/word-breaks';

/** At most this many categories side by side. */
const MOST_TO_A_ROW = 5;

/**
 * Measures each item's least width (its icon or its name's longest word) and splits the items into
 * rows with categoryRows: again when the grid's width changes or the fonts arrive. Until then (and
 * where nothing can be measured, as in tests) the items simply wrap.
 */
function useRows(names: readonly string[]) {
  const count = names.length;
  const key = names.join('\n');
  const ref = useRef<HTMLElement>(null);
  const [rows, setRows] = useState<number[] | null>(null);
  useLayoutEffect(() => {
    const grid = ref.current;
    if (!grid) return;
    let width = -1;
    const measure = () => {
      const style = getComputedStyle(grid);
      const room = grid.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (!(room > 0)) return;
      grid.classList.add('category-grid--measure');
      const widths = [...grid.querySelectorAll<HTMLElement>('.category-grid__item')].map(
        (item) => item.getBoundingClientRect().width,
      );
      grid.classList.remove('category-grid--measure');
      if (widths.length !== count || widths.some((w) => !(w > 0))) return;
      const next = categoryRows(widths, room, parseFloat(style.columnGap) || 0, MOST_TO_A_ROW);
      setRows((prev) => (prev && prev.join() === next.join() ? prev : next));
    };
    measure();
    const observer =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            if (grid.clientWidth === width) return;
            width = grid.clientWidth;
            measure();
          })
        : null;
    observer?.observe(grid);
    let live = true;
    void document.fonts?.ready.then(() => live && measure());
    return () => {
      live = false;
      observer?.disconnect();
    };
  }, [count, key]);
  return { ref, rows: rows && rows.reduce((sum, n) => sum + n, 0) === count ? rows : null };
}

/**
 * The categories as icons with names; a tap lists that category's products. All of them at once,
 * no sideways scroll: in as few rows as the names allow (at most five to a row), a name never cut
 * or split inside a word, the rows even and never one category alone on the last. The rows are
 * the wrapping items' lines, ended where categoryRows says by an empty full-width element, so an
 * item is never moved to another parent (nor its picture loaded again) when the rows change.
 */
export function CategoryGrid({ categories }: { categories: readonly CategoryItem[] }) {
  const { ref, rows } = useRows(categories.map((c) => c.name));
  const ends = new Set<number>();
  for (let i = 0, end = 0; rows && i < rows.length - 1; i += 1) ends.add((end += rows[i]));
  return (
    <nav className={rows ? 'category-grid category-grid--rows' : 'category-grid'} ref={ref}>
      {categories.flatMap((c, i) => [
        ...(ends.has(i) ? [<span key={`end-${i}`} className="category-grid__end" aria-hidden="true" />] : []),
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
        </RouteLink>,
      ])}
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
