import type en from '../locales/en-US.json';
import { paths } from './paths';

export type RouteKey = keyof (typeof en)['routes'];

/**
 * A screen of the Mini App: the app routes to it (src/app/routes.ts loads `page` lazily), the build
 * lists each page's code (vite.config.ts) and the server preloads it with a page that opens on it
 * (server/web/boot.ts).
 */
export interface ScreenDef {
  path: string;
  /** Key under "routes" in the locale files: the page title. */
  title: RouteKey;
  /** Another title for some query strings (one screen serving two ways, like the bank transfer top-up). */
  titleFor?: (search: string) => RouteKey | undefined;
  /** The screen's module: src/features/<feature>/pages/<Page>.tsx as '<feature>/<Page>'. */
  page: string;
  /** Kept mounted between visits (state and scroll survive). */
  keepAlive?: boolean;
  /**
   * A tab root: the tab bar shows, and no back button unless a sub-page opened it (src/app/Layout.tsx).
   * Its texts come with the first ones; every other screen waits for the rest of the language's.
   */
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

/** The one route table: every path of the Mini App with its title key and its screen. */
export const SCREENS: ScreenDef[] = [
  { path: paths.home.pattern, title: 'home', keepAlive: true, tab: true, page: 'catalog/HomePage' },
  { path: paths.explore.pattern, title: 'explore', keepAlive: true, tab: true, page: 'catalog/ExplorePage' },
  { path: paths.bag.pattern, title: 'bag', keepAlive: true, tab: true, page: 'cart/BagPage' },
  { path: paths.profile.pattern, title: 'profile', tab: true, page: 'account/ProfilePage' },
  { path: paths.order.pattern, title: 'order', parent: paths.profile.href(), page: 'orders/OrdersPage' },
  {
    path: paths.orderInfo.pattern,
    title: 'orderInfo',
    parent: paths.order.href(),
    page: 'orders/OrderInfoPage',
  },
  { path: paths.comment.pattern, title: 'comment', parent: paths.order.href(), page: 'review/CommentPage' },
  {
    path: paths.reviews.pattern,
    title: 'reviews',
    parent: paths.home.href(),
    early: true,
    page: 'review/ReviewsPage',
  },
  { path: paths.refund.pattern, title: 'refund', parent: paths.order.href(), page: 'orders/RefundPage' },
  { path: paths.checkout.pattern, title: 'checkout', parent: paths.bag.href(), page: 'orders/CheckoutPage' },
  {
    path: paths.myPurchases.pattern,
    title: 'myPurchases',
    parent: paths.profile.href(),
    page: 'orders/OrdersPage',
  },
  {
    path: paths.language.pattern,
    title: 'language',
    parent: paths.setting.href(),
    page: 'account/LanguagePage',
  },
  {
    path: paths.notification.pattern,
    title: 'notification',
    parent: paths.profile.href(),
    page: 'orders/NotificationsPage',
  },
  {
    path: paths.forgotPassword.pattern,
    title: 'forgotPassword',
    parent: paths.login.href(),
    page: 'account/ForgotPasswordPage',
  },
  {
    path: paths.changePassword.pattern,
    title: 'changePassword',
    parent: paths.security.href(),
    page: 'account/ChangePasswordPage',
  },
  {
    path: paths.changePayPwd.pattern,
    title: 'changePayPwd',
    parent: paths.security.href(),
    page: 'account/ChangePayPwdPage',
  },
  {
    path: paths.helpAndSupport.pattern,
    title: 'helpAndSupport',
    parent: paths.profile.href(),
    page: 'support/HelpSupportPage',
  },
  {
    path: paths.withDraw.pattern,
    title: 'withDraw',
    parent: paths.profile.href(),
    page: 'wallet/WithdrawPage',
  },
  {
    path: paths.depositRecord.pattern,
    title: 'depositRecord',
    parent: paths.withDraw.href(),
    page: 'wallet/WithdrawRecordsPage',
  },
  { path: paths.topUp.pattern, title: 'topUp', parent: paths.profile.href(), page: 'wallet/TopUpPage' },
  {
    path: paths.walletTopUp.pattern,
    title: 'walletTopUp',
    titleFor: (search) => (paths.walletTopUp.isManual(search) ? 'bankTopUp' : undefined),
    parent: paths.topUp.href(),
    page: 'wallet/WalletTopUpPage',
  },
  {
    path: paths.cardTopUp.pattern,
    title: 'cardTopUp',
    parent: paths.topUp.href(),
    page: 'wallet/CardTopUpPage',
  },
  {
    path: paths.topUpRecord.pattern,
    title: 'topUpRecord',
    parent: paths.topUp.href(),
    page: 'wallet/TopUpRecordsPage',
  },
  {
    path: paths.bill.pattern,
    title: 'bill',
    parent: paths.profile.href(),
    page: 'wallet/BillPage',
  },
  {
    path: paths.myFavourite.pattern,
    title: 'myFavourite',
    parent: paths.profile.href(),
    page: 'catalog/FavouritesPage',
  },
  { path: paths.payment.pattern, title: 'payment', parent: paths.order.href(), page: 'orders/PaymentPage' },
  {
    path: paths.security.pattern,
    title: 'security',
    parent: paths.setting.href(),
    page: 'account/SecurityPage',
  },
  { path: paths.heart.pattern, title: 'heart', parent: paths.profile.href(), page: 'catalog/FavouritesPage' },
  {
    path: paths.filter.pattern,
    title: 'filter',
    keepAlive: true,
    parent: paths.explore.href(),
    page: 'catalog/FilterPage',
  },
  {
    path: paths.setting.pattern,
    title: 'setting',
    parent: paths.profile.href(),
    page: 'account/SettingPage',
  },
  {
    path: paths.search.pattern,
    title: 'search',
    parent: paths.home.href(),
    early: true,
    page: 'catalog/SearchPage',
  },
  {
    path: paths.searchs.pattern,
    title: 'searchs',
    parent: paths.home.href(),
    page: 'catalog/ShopSearchPage',
  },
  { path: paths.popular.pattern, title: 'popular', parent: paths.home.href(), page: 'catalog/PopularPage' },
  {
    path: paths.detail.pattern,
    title: 'detail',
    parent: paths.home.href(),
    early: true,
    page: 'catalog/DetailPage',
  },
  { path: paths.login.pattern, title: 'login', page: 'account/LoginPage' },
  {
    path: paths.register.pattern,
    title: 'register',
    parent: paths.login.href(),
    page: 'account/RegisterPage',
  },
  {
    path: paths.platform.pattern,
    title: 'platform',
    parent: paths.setting.href(),
    page: 'support/PlatformPage',
  },
  { path: paths.law.pattern, title: 'law', parent: paths.setting.href(), page: 'support/LawPage' },
  { path: paths.address.pattern, title: 'address', parent: paths.profile.href(), page: 'cart/AddressPage' },
  {
    path: paths.addressForm.pattern,
    title: 'addressForm',
    parent: paths.address.href(),
    page: 'cart/AddressFormPage',
  },
  {
    path: paths.shop.pattern,
    title: 'shop',
    parent: paths.home.href(),
    early: true,
    page: 'catalog/ShopPage',
  },
  {
    path: paths.products.pattern,
    title: 'products',
    parent: paths.home.href(),
    page: 'catalog/ProductsPage',
  },
  {
    path: paths.service.pattern,
    title: 'service',
    parent: paths.profile.href(),
    page: 'support/ServicePage',
  },
  {
    path: paths.serviceadmin.pattern,
    title: 'service',
    parent: paths.services.href(),
    page: 'support/ServicesPage',
  },
  {
    path: paths.services.pattern,
    title: 'service',
    parent: paths.profile.href(),
    page: 'support/ServicesPage',
  },
  {
    path: paths.passwords.pattern,
    title: 'passwords',
    parent: paths.security.href(),
    page: 'support/PasswordsPage',
  },
  {
    path: paths.editProfile.pattern,
    title: 'profile',
    parent: paths.profile.href(),
    page: 'account/EditProfilePage',
  },
];

/** The title key of `screen` opened with query string `search`. */
export const screenTitle = (screen: ScreenDef, search: string): RouteKey =>
  screen.titleFor?.(search) ?? screen.title;
