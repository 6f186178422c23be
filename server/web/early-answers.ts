import { createHash } from 'node:crypto';
import { TELEGRAM_AUTH_SCHEME } from '../../common/api/headers';
import { callKey } from '../../common/api/query';
import { apiRoutes, type EndpointName } from '../../common/api/routes';
import {
  BILL_PAGE_SIZE,
  BOOT_ELEMENT_ID,
  EARLY_GLOBAL,
  ORDERS_PAGE_SIZE,
  SESSION_KEPT_KEY,
} from '../../common/boot';
import { orderTabOf } from '../../common/order-status';
import { paths } from '../../common/paths';

/**
 * A private screen's first calls, made by the page itself inside Telegram. On a slow phone the
 * app's scripts take two seconds to arrive and start, and only then did the screen ask for its
 * content; the page's small script below asks at once, with the launch's signed init data
 * (`Authorization: tma …`, as the app's own calls during the silent login go), and leaves the
 * answers for the app, which takes them instead of asking again (src/api/early.ts).
 *
 * Only a first visit gains: a shopper with a session kept on the phone (SESSION_KEPT_KEY) has the
 * app's token, which the script cannot read, so it makes no calls. The addresses are the app's own
 * calls, spelt as its client spells them (common/api/query.ts); the browser suite checks that the
 * app asks none of them again.
 */

/**
 * A call of the contract named as the app's client names it (common/api/query.ts, callKey): a GET
 * by its address, which is also what to fetch; a POST that only reads by its path and body.
 */
export function callOf<N extends EndpointName>(name: N, params: Record<string, unknown> = {}): string {
  return callKey(apiRoutes[name].method, apiRoutes[name].path, params);
}

/** The first calls of each private screen that makes some, by the screen's page (common/screens.ts). */
const FIRST_CALLS: Partial<Record<string, (pathname: string, search: string) => string[]>> = {
  'account/ProfilePage': () => [
    callOf('order.list', { page: 1, limit: 1 }),
    callOf('notify.list', { page: 1, limit: 1 }),
    callOf('user.getUserInfo'),
  ],
  'cart/BagPage': () => [callOf('cart.index')],
  // What the checkout's address buys (a buy-now item, else the selected cart lines), previewed.
  'orders/CheckoutPage': (_pathname, search) => [
    callOf('checkout.preview', paths.checkout.previewOf(search)),
  ],
  // The favourite products, the screen's first tab (its list walks by cursor: the first page has none).
  'catalog/FavouritesPage': () => [callOf('catalog.likeList', { limit: 20 })],
  // All orders (/order), or the tab /myPurchases/<status> opens, as the app decides it.
  'orders/OrdersPage': (pathname) => {
    const tab = pathname === paths.order.href() ? undefined : orderTabOf(pathname.split('/')[2]);
    return [
      callOf('order.list', {
        ...(tab === undefined ? {} : { status: tab }),
        page: 1,
        limit: ORDERS_PAGE_SIZE,
      }),
    ];
  },
  'wallet/BillPage': () => [callOf('wallet.bill', { page: 1, limit: BILL_PAGE_SIZE })],
  'cart/AddressPage': () => [callOf('address.list')],
  // An address's edit; a new address asks nothing.
  'cart/AddressFormPage': (pathname) => {
    const id = paths.addressForm.idOf(pathname.split('/')[2]);
    return id === undefined ? [] : [callOf('address.get', { id })];
  },
  'account/SettingPage': () => [callOf('notify.settings')],
  // An address that names no order asks nothing (the screen says "not found" by itself).
  'orders/OrderInfoPage': (pathname) => {
    // '/orderInfo/<id>': the id as the screen reads it.
    const orderId = paths.orderInfo.idOf(pathname.split('/')[2]);
    return orderId ? [callOf('order.detail', { order_id: orderId })] : [];
  },
  // The account forms show what the shopper has (a password, a payment password, a name).
  'account/EditProfilePage': () => [callOf('user.getUserInfo')],
  'account/ChangePayPwdPage': () => [callOf('user.getUserInfo')],
  // The newest messages of the conversation; the operators' list of conversations.
  'support/ServicePage': () => [callOf('service.list', { limit: 30 })],
  'support/ServicesPage': () => [callOf('service.threads', { page: 1, limit: 20 })],
  'wallet/WithdrawPage': () => [callOf('wallet.extractInfo')],
  'wallet/TopUpPage': () => [callOf('wallet.getBlockchain')],
  'wallet/WalletTopUpPage': () => [callOf('wallet.getBlockchain')],
  'wallet/CardTopUpPage': () => [callOf('wallet.getBlockchain')],
};

/** The calls the page for `pathname` (`search`: its query), showing screen `page`, makes itself; none for most. */
export function earlyCalls(page: string, pathname: string, search = ''): string[] {
  return FIRST_CALLS[page]?.(pathname, search) ?? [];
}

/**
 * The page's script (inline, allowed by its hash in the Content-Security-Policy), on every page the
 * server writes. First, while the phone waits for the app's scripts, it has the runtime load its
 * number and date formats (the first Intl formatter a page makes costs tens of milliseconds on a
 * slow phone, once, and the screens format money and dates in their first render). Then, inside
 * Telegram only (init data in the address's fragment): on a page whose boot data says `telegramHome`
 * (the login page: the login inside Telegram is silent) it opens home instead, before anything else
 * of the page loads. Without a kept session it asks for the addresses the page's boot data lists, in
 * Telegram's language, and leaves the promises of their envelopes (null when a call fails: the app
 * then asks itself) under window[EARLY_GLOBAL]. Plain ES2017, no imports: it runs before any of the
 * app's code.
 */
export const EARLY_SCRIPT =
  `(function(){try{` +
  `var b=document.getElementById(${JSON.stringify(BOOT_ELEMENT_ID)});` +
  `var boot=b?JSON.parse(b.textContent):{};` +
  `var warm=function(){try{` +
  `new Intl.NumberFormat(boot.lang,{style:'currency',currency:'USD'}).format(1);` +
  `new Intl.DateTimeFormat(boot.lang,{dateStyle:'medium',timeStyle:'short'}).format(0)` +
  `}catch(e){}};` +
  `if(window.requestIdleCallback)requestIdleCallback(warm);else setTimeout(warm,0);` +
  `var data=new URLSearchParams(location.hash.slice(1)).get('tgWebAppData');` +
  `if(!data)return;` +
  `if(boot.telegramHome){location.replace(${JSON.stringify(paths.home.href())}+location.search+location.hash);return}` +
  `var urls=boot.early;` +
  `if(!urls||Number(localStorage.getItem(${JSON.stringify(SESSION_KEPT_KEY)}))>Date.now())return;` +
  `var user=JSON.parse(new URLSearchParams(data).get('user')||'{}');` +
  `var lang=typeof user.language_code==='string'?user.language_code:'';` +
  `var answers={};` +
  `urls.forEach(function(u){` +
  `var post=u.indexOf('POST ')===0,at=u.indexOf(' ',5);` +
  `var h={authorization:${JSON.stringify(`${TELEGRAM_AUTH_SCHEME} `)}+data,lang:lang};` +
  `if(post)h['content-type']='application/json';` +
  `answers[u]=fetch(post?u.slice(5,at):u,post?{method:'POST',headers:h,body:u.slice(at+1)}:{headers:h})` +
  `.then(function(r){return r.json()}).catch(function(){return null})});` +
  `window[${JSON.stringify(EARLY_GLOBAL)}]={lang:lang,at:Date.now(),answers:answers}` +
  `}catch(e){}})();`;

/** The script's hash as the Content-Security-Policy names it. */
export const EARLY_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(EARLY_SCRIPT).digest('base64')}'`;
