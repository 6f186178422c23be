import { useTranslation } from 'react-i18next';
import { wordBreaks } from '@app/i18n/word-breaks';
import { useScrollEdges } from '../hooks/use-scroll-edges';

interface ChipItem {
  id: number;
  name: string;
  /** Shown small after the name (products in it). */
  count?: number;
}

interface CategoryChipsProps {
  items: readonly ChipItem[];
  /** 0 is "all". */
  selected: number;
  onSelect: (id: number) => void;
  /** data-testid of each chip: `${testPrefix}-${id}` ("all" for the first). */
  testPrefix?: string;
  allLabel?: string;
  allCount?: number;
}

/** A row of category chips, "all" first; scrolls sideways, the chosen chip kept in view. */
export function CategoryChips(props: CategoryChipsProps) {
  const { items, selected, onSelect, testPrefix, allLabel, allCount } = props;
  const { t } = useTranslation();
  const row = useScrollEdges<HTMLDivElement>();
  const all: ChipItem[] = [{ id: 0, name: allLabel ?? t('explore.all'), count: allCount }, ...items];
  return (
    <div ref={row} className="chips chips--scroll" role="toolbar">
      {all.map((item) => (
        <button
          key={item.id}
          type="button"
          className="chip"
          aria-pressed={item.id === selected}
          data-testid={testPrefix ? `${testPrefix}-${item.id || 'all'}` : undefined}
          onClick={(e) => {
            e.currentTarget.scrollIntoView({ block: 'nearest', inline: 'center', behavior: 'smooth' });
            if (item.id !== selected) onSelect(item.id);
          }}
        >
          {wordBreaks(item.name)}
          {item.count !== undefined && <span className="chip__count">{item.count}</span>}
        </button>
      ))}
    </div>
  );
}
