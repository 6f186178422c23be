import { Tabbar } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
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

export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
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
          <Icon />
        </Tabbar.Item>
      ))}
    </Tabbar>
  );
}
