import { Avatar, Badge, Button, List, Section } from '@telegram-apps/telegram-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Page } from '@app/components/Page';
import { LoadingState } from '@app/components/States';
import { useHasScreen } from '@app/components/screen-routes';
import { useMoney } from '@app/i18n/use-money';
import { wordBreaks } from '@app/i18n/word-breaks';
import { loadUserInfo, session } from '@app/stores/session';
import { tgEnv } from '@app/telegram/env';
import { NavCell } from '../components/NavCell';
import { acronym, displayName } from '../user-display';
import { paths } from '@common/paths';
import { ORDER_STATUS, type OrderStatus } from '@common/order-status';
import type en from '@locales/en-US.json';
import { call } from '@app/api/call';
import type { RequestOptions } from '@app/api/client';
import type { FirstAnswers } from '@app/api/first-answers';
import { useLoad } from '@app/api/use-load';
import { Placeholder } from '@app/components/Placeholder';

const quiet: RequestOptions = { showError: false };

// The order tabs' counts and the unread notifications come with the first page of each list.
const countsAnswer = {
  name: 'order.list',
  params: { counts: true },
  load: () => call('order.list', { page: 1, limit: 1 }, quiet),
} as const;
const unreadAnswer = {
  name: 'notify.list',
  params: { unread: true },
  load: () => call('notify.list', { page: 1, limit: 1 }, quiet),
} as const;

/** Asked for during start-up when the app opens on this screen (src/api/first-answers.ts). */
export const firstAnswers: FirstAnswers = () => [countsAnswer, unreadAnswer];

/** The order statuses the profile counts, each opening its tab, in the tabs' order. */
const COUNTED: { status: OrderStatus; name: keyof (typeof en)['orderList']['status'] }[] = [
  { status: ORDER_STATUS.waitingPay, name: 'waitingPay' },
  { status: ORDER_STATUS.waitingDelivery, name: 'waitingDelivery' },
  { status: ORDER_STATUS.delivered, name: 'delivered' },
  { status: ORDER_STATUS.received, name: 'received' },
  { status: ORDER_STATUS.completed, name: 'completed' },
  { status: ORDER_STATUS.cancelled, name: 'cancelled' },
  { status: ORDER_STATUS.afterSale, name: 'afterSale' },
  { status: ORDER_STATUS.refunded, name: 'refunded' },
];

function Shortcut(props: { label: string; count?: number; onClick: () => void; testId: string }) {
  const { label, count, onClick, testId } = props;
  return (
    <button type="button" onClick={onClick} data-testid={testId}>
      <strong className="order-shortcut__count">{count ?? '–'}</strong>
      <span>{wordBreaks(label)}</span>
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
  const orderCounts = useLoad(countsAnswer.name, countsAnswer.params, countsAnswer.load, {
    fresh: true,
  }).data?.counts;
  const unread = useLoad(unreadAnswer.name, unreadAnswer.params, unreadAnswer.load, {
    fresh: true,
  }).data?.unread;

  // User info is refreshed on every visit: balance and order counts change elsewhere.
  useEffect(() => {
    setFailed(false);
    loadUserInfo().catch(() => setFailed(true));
  }, [attempt]);

  // Inside Telegram the shopper's own name is known from the launch: the page shows at once with it
  // (the wallet's figures follow with the account) instead of a spinner until the account arrives.
  const provisional = !userInfo && !failed && env.inTelegram && env.userName !== '';
  if (!userInfo && !provisional) {
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
          <LoadingState size="l" />
        )}
      </Page>
    );
  }

  const name = userInfo
    ? displayName(userInfo, i18n.language, userInfo.telegramLinked ? env.userName : '')
    : env.userName;
  // A Telegram shopper knows themselves by their Telegram name; the account name the shop made up
  // for them (tg_<id>) means nothing to them.
  const telegramShopper = (userInfo?.telegramLinked ?? true) && env.inTelegram;
  const subline = telegramShopper
    ? env.username
      ? `@${env.username}`
      : t('profile.telegramAccount')
    : t('profile.accountLabel', { account: userInfo?.account ?? '' });
  /** A figure of the wallet, or a dash while the account is on its way. */
  const money = (amount: string | undefined) => (amount === undefined ? '–' : formatMoney(amount));

  return (
    <Page className="account-page">
      <header className="profile-head">
        <Avatar size={48} src={userInfo?.avatar || undefined} acronym={acronym(name)} alt="" />
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
            {money(userInfo?.balance)}
          </div>
        </div>
        <div>
          <div className="wallet-card__label">{t('profile.frozen')}</div>
          <div className="wallet-card__value" data-testid="frozen">
            {money(userInfo?.frozen)}
          </div>
        </div>
      </div>

      <List>
        <Section header={t('profile.orders')}>
          <NavCell to={paths.order.href()} value={orderCounts?.all} data-testid="orders-all">
            {t('profile.allOrders')}
          </NavCell>
          <div className="order-shortcuts order-shortcuts--counts">
            {COUNTED.map(({ status, name }) => (
              <Shortcut
                key={status}
                testId={`orders-${status}`}
                label={t(`orderList.status.${name}`)}
                count={orderCounts?.[String(status)]}
                onClick={() => navigate(paths.myPurchases.href(status))}
              />
            ))}
          </div>
          <NavCell
            to={paths.notification.href()}
            value={
              unread ? (
                <Badge type="number" mode="critical" data-testid="unread-badge">
                  {unread > 99 ? '99+' : unread}
                </Badge>
              ) : undefined
            }
            data-testid="to-notifications"
          >
            {t('routes.notification')}
          </NavCell>
        </Section>

        {[paths.bill.href(), paths.topUp.href(), paths.withDraw.href()].some(hasScreen) && (
          <Section header={t('profile.wallet')}>
            {hasScreen(paths.bill.href()) && (
              <NavCell to={paths.bill.href()}>{t('profile.walletHistory')}</NavCell>
            )}
            {hasScreen(paths.topUp.href()) && <NavCell to={paths.topUp.href()}>{t('profile.topUp')}</NavCell>}
            {hasScreen(paths.withDraw.href()) && (
              <NavCell to={paths.withDraw.href()}>{t('profile.withdraw')}</NavCell>
            )}
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
