import { Avatar, Badge, Button, List, Placeholder, Section, Spinner } from '@telegram-apps/telegram-ui';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Page } from '../../../components/Page';
import { useHasScreen } from '../../../components/screen-routes';
import { useMoney } from '../../../i18n/use-money';
import { loadUserInfo, session } from '../../../stores/session';
import { tgEnv } from '../../../telegram/env';
import { NavCell } from '../components/NavCell';
import { OrdersIcon, UndeliveredIcon, UnpaidIcon } from '../components/order-icons';
import { acronym, displayName } from '../user-display';
import { paths } from '../../../../common/paths';

function Shortcut(props: {
  label: string;
  icon: ReactNode;
  count?: number;
  onClick: () => void;
  testId: string;
}) {
  const { label, icon, count = 0, onClick, testId } = props;
  return (
    <button type="button" onClick={onClick} data-testid={testId}>
      <span className="order-shortcut__icon">
        {icon}
        {count > 0 && (
          <Badge type="number" mode="critical" className="order-shortcut__badge">
            {count > 99 ? '99+' : count}
          </Badge>
        )}
      </span>
      <span>{label}</span>
    </button>
  );
}

/** The profile tab: who is logged in, the wallet, order shortcuts and the account entries. */
export default function ProfilePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { userInfo } = useSnapshot(session);
  const env = useSnapshot(tgEnv);
  const formatMoney = useMoney();
  const hasScreen = useHasScreen();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // User info is refreshed on every visit: balance and order counts change elsewhere.
  useEffect(() => {
    setFailed(false);
    loadUserInfo().catch(() => setFailed(true));
  }, [attempt]);

  if (!userInfo) {
    return (
      <Page>
        {failed ? (
          <Placeholder
            description={t('common.loadFailed')}
            action={
              <Button size="m" onClick={() => setAttempt((n) => n + 1)}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : (
          <Placeholder>
            <Spinner size="l" />
          </Placeholder>
        )}
      </Page>
    );
  }

  // Order shortcuts whose screens exist (none of them until the orders issue lands).
  const orderShortcuts = [
    { to: paths.order.href(), testId: 'orders-all', label: t('profile.allOrders'), icon: <OrdersIcon /> },
    {
      to: paths.myPurchases.href(0),
      testId: 'orders-unpaid',
      label: t('profile.unpaid'),
      icon: <UnpaidIcon />,
      count: userInfo.unpaidCount,
    },
    {
      to: paths.myPurchases.href(1),
      testId: 'orders-undelivered',
      label: t('profile.undelivered'),
      icon: <UndeliveredIcon />,
      count: userInfo.undeliveredCount,
    },
  ].filter((s) => hasScreen(s.to));

  const name = displayName(userInfo, i18n.language, userInfo.telegramLinked ? env.userName : '');
  // A Telegram shopper knows themselves by their Telegram name; the account name the shop made up
  // for them (tg_<id>) means nothing to them.
  const telegramShopper = userInfo.telegramLinked && env.inTelegram;
  const subline = telegramShopper
    ? env.username
      ? `@${env.username}`
      : t('profile.telegramAccount')
    : t('profile.accountLabel', { account: userInfo.account });

  return (
    <Page className="account-page">
      <header className="profile-head">
        <Avatar size={48} src={userInfo.avatar || undefined} acronym={acronym(name)} alt="" />
        <div className="profile-head__text">
          <h2 className="profile-head__name" data-testid="profile-name">
            {name}
          </h2>
          <p className="profile-head__sub" data-testid="profile-sub">
            {subline}
          </p>
        </div>
      </header>

      <div className="wallet-card" data-testid="wallet-card">
        <div>
          <div className="wallet-card__label">{t('profile.balance')}</div>
          <div className="wallet-card__value" data-testid="balance">
            {formatMoney(userInfo.balance)}
          </div>
        </div>
        <div>
          <div className="wallet-card__label">{t('profile.frozen')}</div>
          <div className="wallet-card__value" data-testid="frozen">
            {formatMoney(userInfo.frozen)}
          </div>
        </div>
      </div>

      <List>
        {orderShortcuts.length > 0 && (
          <Section header={t('profile.orders')}>
            <div className="order-shortcuts">
              {orderShortcuts.map((s) => (
                <Shortcut key={s.to} {...s} onClick={() => navigate(s.to)} />
              ))}
            </div>
          </Section>
        )}

        {[paths.capitalRecord.href(), paths.topUp.href(), paths.withDraw.href()].some(hasScreen) && (
          <Section header={t('profile.wallet')}>
            <NavCell to={paths.capitalRecord.href()}>{t('profile.walletHistory')}</NavCell>
            <NavCell to={paths.topUp.href()}>{t('profile.topUp')}</NavCell>
            <NavCell to={paths.withDraw.href()}>{t('profile.withdraw')}</NavCell>
          </Section>
        )}

        <Section>
          <NavCell to={paths.address.href()}>{t('profile.addresses')}</NavCell>
          <NavCell to={paths.myFavourite.href()} data-testid="to-favourites">
            {t('profile.favourites')}
          </NavCell>
          <NavCell to={paths.helpAndSupport.href()}>{t('profile.help')}</NavCell>
        </Section>

        <Section>
          <NavCell to={paths.editProfile.href()}>{t('profile.editProfile')}</NavCell>
          <NavCell to={paths.setting.href()} data-testid="to-settings">
            {t('profile.settings')}
          </NavCell>
        </Section>
      </List>
    </Page>
  );
}
