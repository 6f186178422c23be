import { useTranslation } from 'react-i18next';
import { paths } from '@common/paths';
import { useCartQuery } from '@app/api/cart-query';
import { BagIcon } from '@app/components/icons';
import { RouteLink } from './RouteLink';

/** The bag from a product page, with the units in it (the tab bar is not shown there). */
export function BagLink() {
  const { t } = useTranslation();
  const count = useCartQuery().data?.count ?? 0;
  return (
    <RouteLink
      to={paths.bag.href()}
      className="bag-link"
      aria-label={count > 0 ? `${t('tabs.bag')}: ${t('cart.badge', { count })}` : t('tabs.bag')}
      data-testid="detail-bag"
    >
      <BagIcon />
      {count > 0 && (
        <span className="tab-badge" data-testid="detail-bag-count" data-value={count} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </RouteLink>
  );
}
