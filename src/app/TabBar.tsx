import { Tabbar, VisuallyHidden } from '@telegram-apps/telegram-ui';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCartQuery } from '../api/cart-query';
import { hasScreen } from './routes';
import { BagIcon, ExploreIcon, HomeIcon, ProfileIcon } from '../components/icons';
import { paths } from '../../common/paths';

const ALL_TABS = [
  { path: paths.home.href(), key: 'tabs.home', Icon: HomeIcon },
  { path: paths.explore.href(), key: 'tabs.explore', Icon: ExploreIcon },
  { path: paths.bag.href(), key: 'tabs.bag', Icon: BagIcon },
  { path: paths.profile.href(), key: 'tabs.profile', Icon: ProfileIcon },
] as const;
/** A tab shows once its screen exists. */
const TABS = ALL_TABS.filter((tab) => hasScreen(tab.path));

/** The units in the bag, on the bag tab (a shopper's only; the cart's own query, shared with the bag). */
function BagCount() {
  const { t } = useTranslation();
  const count = useCartQuery().data?.count ?? 0;
  if (count <= 0) return null;
  return (
    <span className="tab-badge" data-testid="bag-badge" data-value={count}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <VisuallyHidden>{t('cart.badge', { count })}</VisuallyHidden>
    </span>
  );
}

/**
 * The bar's real height (telegram-ui draws it taller on Android than on iOS) as --shop-tabbar-height,
 * so what sits above it (the page's end, a sticky total, toasts) clears it on every platform.
 */
function useTabBarHeight() {
  useLayoutEffect(() => {
    const bar = document.querySelector<HTMLElement>('.tab-bar');
    if (!bar) return;
    const root = document.documentElement.style;
    const measure = () => {
      const height = bar.offsetHeight - parseFloat(getComputedStyle(bar).paddingBottom || '0');
      if (height > 0) root.setProperty('--shop-tabbar-height', `${Math.ceil(height)}px`);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);
}

export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useTabBarHeight();
  return (
    <Tabbar className="tab-bar">
      {TABS.map(({ path, key, Icon }) => (
        <Tabbar.Item
          key={path}
          text={t(key)}
          selected={pathname.startsWith(path)}
          onClick={() => !pathname.startsWith(path) && navigate(path)}
          data-testid={`tab-${path.slice(1)}`}
        >
          <span className="tab-icon">
            <Icon />
            {path === paths.bag.href() && <BagCount />}
          </span>
        </Tabbar.Item>
      ))}
    </Tabbar>
  );
}
