import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath } from 'react-router-dom';
import type en from '../../locales/en-US.json';

type RouteKey = keyof (typeof en)['routes'];

export interface RouteDef {
  path: string;
  /** Key under "routes" in the locale files: the page title. */
  title: RouteKey;
  /** The screen; a path without one (its issue has not landed yet) redirects home. */
  screen?: LazyExoticComponent<ComponentType>;
  /** Kept mounted between visits (state and scroll survive). */
  keepAlive?: boolean;
  /** A tab root: no back button, the tab bar shows. */
  tab?: boolean;
  /** Where "back" goes when there is no history (opened from a deep link). */
  parent?: string;
}

const account = {
  Login: lazy(() => import('../features/account/pages/LoginPage')),
  Register: lazy(() => import('../features/account/pages/RegisterPage')),
  Profile: lazy(() => import('../features/account/pages/ProfilePage')),
  Setting: lazy(() => import('../features/account/pages/SettingPage')),
  Security: lazy(() => import('../features/account/pages/SecurityPage')),
  Language: lazy(() => import('../features/account/pages/LanguagePage')),
  ChangePassword: lazy(() => import('../features/account/pages/ChangePasswordPage')),
  ChangePayPwd: lazy(() => import('../features/account/pages/ChangePayPwdPage')),
  ForgotPassword: lazy(() => import('../features/account/pages/ForgotPasswordPage')),
  EditProfile: lazy(() => import('../features/account/pages/EditProfilePage')),
};

const catalog = {
  Home: lazy(() => import('../features/catalog/pages/HomePage')),
  Explore: lazy(() => import('../features/catalog/pages/ExplorePage')),
  Search: lazy(() => import('../features/catalog/pages/SearchPage')),
  ShopSearch: lazy(() => import('../features/catalog/pages/ShopSearchPage')),
  Filter: lazy(() => import('../features/catalog/pages/FilterPage')),
  Popular: lazy(() => import('../features/catalog/pages/PopularPage')),
  Products: lazy(() => import('../features/catalog/pages/ProductsPage')),
  Detail: lazy(() => import('../features/catalog/pages/DetailPage')),
  Shop: lazy(() => import('../features/catalog/pages/ShopPage')),
  Favourites: lazy(() => import('../features/catalog/pages/FavouritesPage')),
};

/** The one route table: every path of SPEC section 2 with its title key. */
export const ROUTES: RouteDef[] = [
  { path: '/home', title: 'home', keepAlive: true, tab: true, screen: catalog.Home },
  { path: '/explore', title: 'explore', keepAlive: true, tab: true, screen: catalog.Explore },
  { path: '/bag', title: 'bag', keepAlive: true, tab: true },
  { path: '/profile', title: 'profile', tab: true, screen: account.Profile },
  { path: '/order', title: 'order', parent: '/profile' },
  { path: '/orderInfo/:id?', title: 'orderInfo', parent: '/order' },
  { path: '/comment', title: 'comment', parent: '/order' },
  { path: '/refund/:id?/:sn?/:product_ids?/:amount?', title: 'refund', parent: '/order' },
  { path: '/checkout', title: 'checkout', parent: '/bag' },
  { path: '/myPurchases/:status?', title: 'myPurchases', parent: '/profile' },
  { path: '/language', title: 'language', parent: '/setting', screen: account.Language },
  { path: '/notification', title: 'notification', parent: '/profile' },
  { path: '/forgotPassword', title: 'forgotPassword', parent: '/login', screen: account.ForgotPassword },
  { path: '/changePassword', title: 'changePassword', parent: '/security', screen: account.ChangePassword },
  { path: '/changePayPwd', title: 'changePayPwd', parent: '/security', screen: account.ChangePayPwd },
  { path: '/helpAndSupport', title: 'helpAndSupport', parent: '/profile' },
  { path: '/withDraw', title: 'withDraw', parent: '/profile' },
  { path: '/depositRecord', title: 'depositRecord', parent: '/withDraw' },
  { path: '/topUp', title: 'topUp', parent: '/profile' },
  { path: '/walletTopUp', title: 'walletTopUp', parent: '/topUp' },
  { path: '/cardTopUp', title: 'cardTopUp', parent: '/topUp' },
  { path: '/topUpRecord', title: 'topUpRecord', parent: '/topUp' },
  { path: '/capitalRecord', title: 'capitalRecord', parent: '/profile' },
  { path: '/myFavourite', title: 'myFavourite', parent: '/profile', screen: catalog.Favourites },
  { path: '/payment', title: 'payment', parent: '/order' },
  { path: '/security', title: 'security', parent: '/setting', screen: account.Security },
  { path: '/heart', title: 'heart', parent: '/profile', screen: catalog.Favourites },
  { path: '/filter', title: 'filter', keepAlive: true, parent: '/explore', screen: catalog.Filter },
  { path: '/setting', title: 'setting', parent: '/profile', screen: account.Setting },
  { path: '/search', title: 'search', parent: '/home', screen: catalog.Search },
  { path: '/searchs', title: 'searchs', parent: '/home', screen: catalog.ShopSearch },
  { path: '/popular', title: 'popular', parent: '/home', screen: catalog.Popular },
  { path: '/detail/:product?/:mer?', title: 'detail', parent: '/home', screen: catalog.Detail },
  { path: '/login', title: 'login', screen: account.Login },
  { path: '/register', title: 'register', parent: '/login', screen: account.Register },
  { path: '/platform', title: 'platform', parent: '/setting' },
  { path: '/law', title: 'law', parent: '/setting' },
  { path: '/address', title: 'address', parent: '/profile' },
  { path: '/addressForm/:id?', title: 'addressForm', parent: '/address' },
  { path: '/shop/:id?', title: 'shop', parent: '/home', screen: catalog.Shop },
  { path: '/products', title: 'products', parent: '/home', screen: catalog.Products },
  { path: '/service', title: 'service', parent: '/profile' },
  { path: '/serviceadmin', title: 'service', parent: '/profile' },
  { path: '/services', title: 'service', parent: '/profile' },
  { path: '/passwords', title: 'passwords', parent: '/security' },
  { path: '/editProfile', title: 'profile', parent: '/profile', screen: account.EditProfile },
];

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
