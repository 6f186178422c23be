import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_TABS, type OrderStatus } from '@common/order-status';
import { countKey, STATUS_NAME } from '../lib/status';
import '@app/components/tab-strip.css';

interface StatusTabsProps {
  selected: OrderStatus | undefined;
  counts: Record<string, number> | undefined;
  onSelect: (tab: OrderStatus | undefined) => void;
}

/** The nine order tabs (all, then each status), each with its count, scrolling sideways on a phone. */
export function StatusTabs({ selected, counts, onSelect }: StatusTabsProps) {
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);

  // The chosen tab in view (a deep link to "refunded" opens with the bar scrolled to it), again
  // once the counts arrive: they widen every tab and would push the chosen one half out of view.
  const counted = counts !== undefined;
  useEffect(() => {
    const tab = bar.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected, counted]);

  return (
    <div className="tab-strip" role="tablist" ref={bar} aria-label={t('orderList.tabsLabel')}>
      {ORDER_TABS.map((tab) => {
        const key = countKey(tab);
        const count = counts?.[key];
        const label = tab === undefined ? t('orderList.all') : t(`orderList.status.${STATUS_NAME[tab]}`);
        return (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === selected}
            className="tab-strip__tab"
            onClick={() => onSelect(tab)}
            data-testid={`status-tab-${key}`}
          >
            <span>{label}</span>
            {count !== undefined && (
              <span className="tab-strip__count" data-testid={`status-count-${key}`}>
                {count}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
