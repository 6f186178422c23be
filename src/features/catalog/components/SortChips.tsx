import { useTranslation } from 'react-i18next';
import { chosenSort, sortChoices } from '@common/products-list';
import type { ProductSort } from '@common/products-query';
import { useScrollEdges } from '../hooks/use-scroll-edges';

interface SortChipsProps {
  value: ProductSort | undefined;
  hasText: boolean;
  onChange: (sort: ProductSort | undefined) => void;
  wrap?: boolean;
}

export function SortChips({ value, hasText, onChange, wrap }: SortChipsProps) {
  const { t } = useTranslation();
  const row = useScrollEdges<HTMLDivElement>();
  const choices = sortChoices(hasText);
  const current = chosenSort(value, hasText);
  return (
    <div ref={row} className={`chips ${wrap ? 'chips--wrap' : 'chips--scroll'}`} role="radiogroup">
      {choices.map((c) => (
        <button
          key={c.label}
          type="button"
          role="radio"
          className="chip"
          aria-checked={c.sort === current}
          data-testid={`sort-${c.sort ?? 'default'}`}
          onClick={() => onChange(c.sort)}
        >
          {t(c.label)}
        </button>
      ))}
    </div>
  );
}
