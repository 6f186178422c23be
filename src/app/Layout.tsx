import { AppRoot, Spinner } from '@telegram-apps/telegram-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { configureClient } from '../api/client';
import { loginProof } from '../api/session-wait';
import { NavBar } from '../components/NavBar';
import { TabBar } from './TabBar';
import { ToastHost } from '../components/ToastHost';
import { toast } from '../components/toast-store';
import { clearSession, loadUserInfo, logout, session, telegramLogin } from '../stores/session';
import { useTelegramBackButton, useTelegramSettingsButton } from '../telegram/buttons';
import { tgEnv } from '../telegram/env';
import { checkAccess, firstNavigation } from './access';
import { BackTo } from '../components/back-to';
import { HasScreen } from '../components/screen-routes';
import { findRoute, hasScreen, routeTitle, type RouteDef } from './routes';
import { Screens } from './Screens';
import { startUp, startUpDone } from './start-up';
import { paths } from '../../common/paths';
import { Placeholder } from '../components/Placeholder';

/** How long after start-up the home screen's icon may be offered: never over the first screen's paint. */
const HOME_SCREEN_OFFER_DELAY_MS = 3000;

/** The app frame: theme, session gate, access rules, title, back button, nav bar, tab bar. */
export function Layout() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const snap = useSnapshot(session);
  const env = useSnapshot(tgEnv);
  const [ready, setReady] = useState(false);
  // Telegram's silent login is under way, and calls go meanwhile with its init data.
  const [loginProofSent, setLoginProofSent] = useState(() => loginProof() !== undefined);
  const match = findRoute(location.pathname);
  const route = match?.route;

  // The start-up chain runs once per app start (react-router's navigate changes on every page).
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    // The token comes from the session store (src/stores/session.ts); a 401 ends the session here.
    configureClient({
      onUnauthorized: () => {
        void clearSession().then(() => navigateRef.current(paths.login.href(), { replace: true }));
      },
    });
    if (startUp.done) return setReady(true);
    let cancelled = false;
    let offerTimer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      const login = startUp.login ?? telegramLogin();
      setLoginProofSent(loginProof() !== undefined);
      await login;
      const to = await firstNavigation({
        hasToken: () => Boolean(session.token),
        hasUserInfo: () => Boolean(session.userInfo),
        loadUserInfo,
        logout,
        clearSession,
      });
      if (cancelled) return;
      startUpDone();
      setReady(true);
      if (to) navigateRef.current(to, { replace: true });
      // Once the first screen is up: the home screen's icon, offered once to a shopper who came back.
      if (tgEnv.inTelegram && session.token)
        offerTimer = setTimeout(() => {
          void import('../telegram/home-screen').then((m) => m.offerHomeScreenOnce());
        }, HOME_SCREEN_OFFER_DELAY_MS);
    })();
    return () => {
      cancelled = true;
      clearTimeout(offerTimer);
    };
  }, []);

  const title = route ? t(`routes.${routeTitle(route, location.search)}`) : t('app.name');
  useEffect(() => {
    document.title = `${title} · SHOP`;
  }, [title, i18n.language]);

  // Where the screen shown sends back instead of history (useBackTo): the payment just submitted.
  const backTo = useRef<string | null>(null);
  const setBackTo = useCallback((to: string | null) => void (backTo.current = to), []);

  // A tab screen has no back, unless a sub-page opened it (the bag from a product page): then back
  // returns there. Such history entries are remembered, so the back stays when one is returned to.
  const navigationType = useNavigationType();
  const openedFromSubPage = useRef(new Set<string>());
  const shown = useRef<{ key: string; route?: RouteDef }>({ key: location.key, route });
  if (shown.current.key !== location.key) {
    const from = shown.current.route;
    if (navigationType === 'PUSH' && route?.tab && from && !from.tab)
      openedFromSubPage.current.add(location.key);
    shown.current = { key: location.key, route };
  }
  const tabWithBack = Boolean(route?.tab) && openedFromSubPage.current.has(location.key);

  const showBack = Boolean(route && (!route.tab || tabWithBack) && route.path !== paths.login.pattern);
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (backTo.current) navigate(backTo.current, { replace: true });
    else if (idx > 0) navigate(-1);
    else navigate(route?.parent ?? paths.home.href(), { replace: true });
  };
  const telegramBack = useTelegramBackButton(showBack, goBack);
  useTelegramSettingsButton(() => navigate(paths.setting.href()));

  // Inside Telegram, while the silent login runs, the shopper's calls go with its init data
  // (src/api/call.ts): their screens need not wait for it.
  const telegramLoginRunning = !ready && loginProofSent;
  const access = checkAccess(location.pathname, Boolean(snap.token) || telegramLoginRunning);
  // A session that ends on a private page (logout, an expired token) leaves it for /login on
  // purpose: no "log in first" there, only for a visitor who arrives without one.
  const hadToken = useRef(Boolean(snap.token));
  const endedOn = useRef<string | null>(null);
  if (snap.token) endedOn.current = null;
  else if (hadToken.current) endedOn.current = location.pathname;
  hadToken.current = Boolean(snap.token);
  const loginFirst =
    ready && !access.allow && access.reason === 'loginFirst' && endedOn.current !== location.pathname;
  useEffect(() => {
    if (loginFirst) toast.show(t('auth.loginFirst'));
  }, [loginFirst, t]);

  // The public tab screens (home, explore) and catalogue pages need no session: they show while the
  // start-up chain runs, so the first screen does not wait for a login round trip; inside Telegram,
  // every screen the login will open does.
  const showEarly =
    !ready &&
    Boolean(route?.tab || route?.early || telegramLoginRunning) &&
    checkAccess(location.pathname, telegramLoginRunning).allow;

  let content;
  if (!ready && !showEarly) {
    content = (
      <Placeholder description={env.inTelegram && !snap.token ? t('auth.loggingIn') : undefined}>
        <Spinner size="l" />
      </Placeholder>
    );
  } else if (!access.allow) {
    content = <Navigate to={access.redirect} replace />;
  } else {
    content = <Screens />;
  }

  return (
    <AppRoot
      appearance={env.isDark ? 'dark' : 'light'}
      platform={['ios', 'macos'].includes(env.platform) ? 'ios' : 'base'}
      className="app-root"
    >
      {!env.inTelegram && <NavBar title={title} onBack={showBack && !telegramBack ? goBack : undefined} />}
      <main className={`app-main ${route?.tab ? 'app-main--tabs' : ''}`}>
        {/* Telegram's header shows the bot's name: a sub-page says what it is itself. */}
        {env.inTelegram && (ready || showEarly) && route && !route.tab && (
          <h1 className="page-title" data-testid="page-title">
            {title}
          </h1>
        )}
        <BackTo.Provider value={setBackTo}>
          <HasScreen.Provider value={hasScreen}>{content}</HasScreen.Provider>
        </BackTo.Provider>
      </main>
      {route?.tab && <TabBar />}
      <ToastHost />
    </AppRoot>
  );
}
