import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router-dom';
import { paths } from '../../common/paths';
import type en from '../../locales/en-US.json';
import { loadLaterTexts } from '../i18n';

type RouteKey = keyof (typeof en)['routes'];

export interface RouteDef {
  path: string;
  /** Key under "routes" in the locale files: the page title. */
  title: RouteKey;
  /** Another title for some query strings (one screen serving two ways, like the bank transfer top-up). */
  titleFor?: (search: string) => RouteKey | undefined;
  /** The screen; a path without one (its issue has not landed yet) redirects home. */
  screen?: LazyExoticComponent<ComponentType>;
  /** Kept mounted between visits (state and scroll survive). */
  keepAlive?: boolean;
  /** A tab root: the tab bar shows, and no back button unless a sub-page opened it (src/app/Layout.tsx). */
  tab?: boolean;
  /** Where "back" goes when there is no history (opened from a deep link). */
  parent?: string;
  /**
   * A public screen that shows while Telegram's silent login runs, like the tab roots: the catalogue
   * pages a shared link opens (src/app/Layout.tsx). Calls that answer a shopper more wait for the
   * login (src/api/call.ts). Not the login and password forms, which the login may leave.
   */
  early?: boolean;
}

/**
 * A screen's code and, for a screen beyond the tab roots, the rest of the language's texts load
 * together (src/i18n/later-sections.ts), so it never renders a key. Texts that fail to load
 * (offline) do not hold the screen back; the next screen asks again.
 */
const withLaterTexts = (code: Promise<{ default: ComponentType }>) =>
  Promise.all([code, loadLaterTexts().catch(() => undefined)]).then(([m]) => m);

/** How start-up loads each screen ahead when a page opens on it (startFirstScreen). */
const starters = new WeakMap<ComponentType, () => { ready: () => Promise<void> }>();

/**
 * A lazy screen that start-up can load ahead when a page opens on it (main.tsx): its code is asked
 * for beside Telegram's login instead of after the first render, and once loaded React gets it
 * from an already-settled thenable and renders it in the same pass, without a Suspense fallback
 * and a second render first. `texts`: it needs the later texts too.
 */
function screen(load: () => Promise<{ default: ComponentType }>, { texts = false } = {}) {
  let loaded: { default: ComponentType } | undefined;
  const withTexts = (code: Promise<{ default: ComponentType }>) => (texts ? withLaterTexts(code) : code);
  const component = lazy(() =>
    loaded
      ? ({ then: (done: (m: { default: ComponentType }) => void) => done(loaded!) } as Promise<{
          default: ComponentType;
        }>)
      : withTexts(load()),
  );
  /** Starts loading the code now; `ready` waits for it and, once the language is set, the texts. */
  starters.set(component, () => {
    const code = load();
    // A failure is the lazy screen's to show (it loads again); ready() reports it too.
    code.catch(() => undefined);
    return { ready: () => withTexts(code).then((m) => void (loaded = m)) };
  });
  return component;
}

/** A screen beyond the tab roots: its code and the rest of the language's texts. */
const screenWithTexts = (load: () => Promise<{ default: ComponentType }>) => screen(load, { texts: true });

const account = {
  Login: screenWithTexts(() => import('../features/account/pages/LoginPage')),
  Register: screenWithTexts(() => import('../features/account/pages/RegisterPage')),
  Profile: screen(() => import('../features/account/pages/ProfilePage')),
  Setting: screenWithTexts(() => import('../features/account/pages/SettingPage')),
  Security: screenWithTexts(() => import('../features/account/pages/SecurityPage')),
  Language: screenWithTexts(() => import('../features/account/pages/LanguagePage')),
  ChangePassword: screenWithTexts(() => import('../features/account/pages/ChangePasswordPage')),
  ChangePayPwd: screenWithTexts(() => import('../features/account/pages/ChangePayPwdPage')),
  ForgotPassword: screenWithTexts(() => import('../features/account/pages/ForgotPasswordPage')),
  EditProfile: screenWithTexts(() => import('../features/account/pages/EditProfilePage')),
};

const catalog = {
  Home: screen(() => import('../features/catalog/pages/HomePage')),
  Explore: screen(() => import('../features/catalog/pages/ExplorePage')),
  Search: screenWithTexts(() => import('../features/catalog/pages/SearchPage')),
  ShopSearch: screenWithTexts(() => import('../features/catalog/pages/ShopSearchPage')),
  Filter: screenWithTexts(() => import('../features/catalog/pages/FilterPage')),
  Popular: screenWithTexts(() => import('../features/catalog/pages/PopularPage')),
  Products: screenWithTexts(() => import('../features/catalog/pages/ProductsPage')),
  Detail: screenWithTexts(() => import('../features/catalog/pages/DetailPage')),
  Shop: screenWithTexts(() => import('../features/catalog/pages/ShopPage')),
  Favourites: screenWithTexts(() => import('../features/catalog/pages/FavouritesPage')),
};

const cart = {
  Bag: screen(() => import('../features/cart/pages/BagPage')),
  Address: screenWithTexts(() => import('../features/cart/pages/AddressPage')),
  AddressForm: screenWithTexts(() => import('../features/cart/pages/AddressFormPage')),
};

const wallet = {
  Bill: screenWithTexts(() => import('../features/wallet/pages/BillPage')),
  TopUp: screenWithTexts(() => import('../features/wallet/pages/TopUpPage')),
  WalletTopUp: screenWithTexts(() => import('../features/wallet/pages/WalletTopUpPage')),
  CardTopUp: screenWithTexts(() => import('../features/wallet/pages/CardTopUpPage')),
  TopUpRecords: screenWithTexts(() => import('../features/wallet/pages/TopUpRecordsPage')),
  WithdrawRecords: screenWithTexts(() => import('../features/wallet/pages/WithdrawRecordsPage')),
  Withdraw: screenWithTexts(() => import('../features/wallet/pages/WithdrawPage')),
};

const support = {
  HelpAndSupport: screenWithTexts(() => import('../features/support/pages/HelpSupportPage')),
  Law: screenWithTexts(() => import('../features/support/pages/LawPage')),
  Platform: screenWithTexts(() => import('../features/support/pages/PlatformPage')),
  Passwords: screenWithTexts(() => import('../features/support/pages/PasswordsPage')),
  Service: screenWithTexts(() => import('../features/support/pages/ServicePage')),
  Services: screenWithTexts(() => import('../features/support/pages/ServicesPage')),
};

const review = {
  Comment: screenWithTexts(() => import('../features/review/pages/CommentPage')),
  Reviews: screenWithTexts(() => import('../features/review/pages/ReviewsPage')),
};

const orders = {
  Checkout: screenWithTexts(() => import('../features/orders/pages/CheckoutPage')),
  Payment: screenWithTexts(() => import('../features/orders/pages/PaymentPage')),
  Orders: screenWithTexts(() => import('../features/orders/pages/OrdersPage')),
  OrderInfo: screenWithTexts(() => import('../features/orders/pages/OrderInfoPage')),
  Refund: screenWithTexts(() => import('../features/orders/pages/RefundPage')),
  Notifications: screenWithTexts(() => import('../features/orders/pages/NotificationsPage')),
};

/** The one route table: every path of SPEC section 2 with its title key. */
export const ROUTES: RouteDef[] = [
  { path: paths.home.pattern, title: 'home', keepAlive: true, tab: true, screen: catalog.Home },
  { path: paths.explore.pattern, title: 'explore', keepAlive: true, tab: true, screen: catalog.Explore },
  { path: paths.bag.pattern, title: 'bag', keepAlive: true, tab: true, screen: cart.Bag },
  { path: paths.profile.pattern, title: 'profile', tab: true, screen: account.Profile },
  { path: paths.order.pattern, title: 'order', parent: paths.profile.href(), screen: orders.Orders },
  {
    path: paths.orderInfo.pattern,
    title: 'orderInfo',
    parent: paths.order.href(),
    screen: orders.OrderInfo,
  },
  { path: paths.comment.pattern, title: 'comment', parent: paths.order.href(), screen: review.Comment },
  {
    path: paths.reviews.pattern,
    title: 'reviews',
    parent: paths.home.href(),
    early: true,
    screen: review.Reviews,
  },
  { path: paths.refund.pattern, title: 'refund', parent: paths.order.href(), screen: orders.Refund },
  { path: paths.checkout.pattern, title: 'checkout', parent: paths.bag.href(), screen: orders.Checkout },
  {
    path: paths.myPurchases.pattern,
    title: 'myPurchases',
    parent: paths.profile.href(),
    screen: orders.Orders,
  },
  { path: paths.language.pattern, title: 'language', parent: paths.setting.href(), screen: account.Language },
  {
    path: paths.notification.pattern,
    title: 'notification',
    parent: paths.profile.href(),
    screen: orders.Notifications,
  },
  {
    path: paths.forgotPassword.pattern,
    title: 'forgotPassword',
    parent: paths.login.href(),
    screen: account.ForgotPassword,
  },
  {
    path: paths.changePassword.pattern,
    title: 'changePassword',
    parent: paths.security.href(),
    screen: account.ChangePassword,
  },
  {
    path: paths.changePayPwd.pattern,
    title: 'changePayPwd',
    parent: paths.security.href(),
    screen: account.ChangePayPwd,
  },
  {
    path: paths.helpAndSupport.pattern,
    title: 'helpAndSupport',
    parent: paths.profile.href(),
    screen: support.HelpAndSupport,
  },
  {
    path: paths.withDraw.pattern,
    title: 'withDraw',
    parent: paths.profile.href(),
    screen: wallet.Withdraw,
  },
  {
    path: paths.depositRecord.pattern,
    title: 'depositRecord',
    parent: paths.withDraw.href(),
    screen: wallet.WithdrawRecords,
  },
  { path: paths.topUp.pattern, title: 'topUp', parent: paths.profile.href(), screen: wallet.TopUp },
  {
    path: paths.walletTopUp.pattern,
    title: 'walletTopUp',
    titleFor: (search) => (paths.walletTopUp.isManual(search) ? 'bankTopUp' : undefined),
    parent: paths.topUp.href(),
    screen: wallet.WalletTopUp,
  },
  { path: paths.cardTopUp.pattern, title: 'cardTopUp', parent: paths.topUp.href(), screen: wallet.CardTopUp },
  {
    path: paths.topUpRecord.pattern,
    title: 'topUpRecord',
    parent: paths.topUp.href(),
    screen: wallet.TopUpRecords,
  },
  {
    path: paths.capitalRecord.pattern,
    title: 'capitalRecord',
    parent: paths.profile.href(),
    screen: wallet.Bill,
  },
  {
    path: paths.myFavourite.pattern,
    title: 'myFavourite',
    parent: paths.profile.href(),
    screen: catalog.Favourites,
  },
  { path: paths.payment.pattern, title: 'payment', parent: paths.order.href(), screen: orders.Payment },
  { path: paths.security.pattern, title: 'security', parent: paths.setting.href(), screen: account.Security },
  { path: paths.heart.pattern, title: 'heart', parent: paths.profile.href(), screen: catalog.Favourites },
  {
    path: paths.filter.pattern,
    title: 'filter',
    keepAlive: true,
    parent: paths.explore.href(),
    screen: catalog.Filter,
  },
  { path: paths.setting.pattern, title: 'setting', parent: paths.profile.href(), screen: account.Setting },
  {
    path: paths.search.pattern,
    title: 'search',
    parent: paths.home.href(),
    early: true,
    screen: catalog.Search,
  },
  { path: paths.searchs.pattern, title: 'searchs', parent: paths.home.href(), screen: catalog.ShopSearch },
  { path: paths.popular.pattern, title: 'popular', parent: paths.home.href(), screen: catalog.Popular },
  {
    path: paths.detail.pattern,
    title: 'detail',
    parent: paths.home.href(),
    early: true,
    screen: catalog.Detail,
  },
  { path: paths.login.pattern, title: 'login', screen: account.Login },
  { path: paths.register.pattern, title: 'register', parent: paths.login.href(), screen: account.Register },
  { path: paths.platform.pattern, title: 'platform', parent: paths.setting.href(), screen: support.Platform },
  { path: paths.law.pattern, title: 'law', parent: paths.setting.href(), screen: support.Law },
  { path: paths.address.pattern, title: 'address', parent: paths.profile.href(), screen: cart.Address },
  {
    path: paths.addressForm.pattern,
    title: 'addressForm',
    parent: paths.address.href(),
    screen: cart.AddressForm,
  },
  { path: paths.shop.pattern, title: 'shop', parent: paths.home.href(), early: true, screen: catalog.Shop },
  { path: paths.products.pattern, title: 'products', parent: paths.home.href(), screen: catalog.Products },
  { path: paths.service.pattern, title: 'service', parent: paths.profile.href(), screen: support.Service },
  {
    path: paths.serviceadmin.pattern,
    title: 'service',
    parent: paths.services.href(),
    screen: support.Services,
  },
  { path: paths.services.pattern, title: 'service', parent: paths.profile.href(), screen: support.Services },
  {
    path: paths.passwords.pattern,
    title: 'passwords',
    parent: paths.security.href(),
    screen: support.Passwords,
  },
  {
    path: paths.editProfile.pattern,
    title: 'profile',
    parent: paths.profile.href(),
    screen: account.EditProfile,
  },
];

/** The title key of `route` opened with query string `search`. */
export const routeTitle = (route: RouteDef, search: string): RouteKey =>
  route.titleFor?.(search) ?? route.title;

/** Whether `pathname` opens a screen (a path whose screen has not landed yet does not). */
export function hasScreen(pathname: string): boolean {
  return Boolean(findRoute(pathname)?.route.screen);
}

export function findRoute(
  pathname: string,
): { route: RouteDef; params: Record<string, string | undefined> } | null {
  for (const route of ROUTES) {
    const m = matchPath({ path: route.path, end: true }, pathname);
    if (m) return { route, params: m.params };
  }
  return null;
}

/**
 * The first screen's code, loaded ahead of the first render beside start-up (Telegram's login, the
 * language): whichever screen the page opens on. The server preloads the home screen's and a
 * product page's chunks with the page itself (server/web/boot.ts).
 */
export function startFirstScreen(pathname: string): { ready: () => Promise<void> } | undefined {
  const component = findRoute(pathname === '/' ? '/home' : pathname)?.route.screen;
  return component ? starters.get(component)?.() : undefined;
}
