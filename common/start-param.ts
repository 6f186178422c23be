import { paths } from './paths';

/**
 * Deep links: `t.me/<bot>/<app>?startapp=<value>` and the bot's buttons open a route of the Mini App
 * through this one table. Values use Telegram's start-parameter alphabet ([A-Za-z0-9_-], at most 512).
 * Anything unknown opens home.
 */
const STATIC: Record<string, string> = {
  orders: paths.order.href(),
  wallet: paths.bill.href(),
  topup: paths.topUp.href(),
  withdraw: paths.withDraw.href(),
};

const PATTERNS: [RegExp, (id: string) => string][] = [
  [/^orders-(-?\d{1,2})$/, (s) => paths.myPurchases.href(Number(s))],
  [/^order-(\d{1,18})$/, (id) => paths.orderInfo.href(id)],
  [/^product-(\d{1,18})$/, (id) => paths.detail.href(id)],
  [/^shop-(\d{1,18})$/, (id) => paths.shop.href(id)],
];

export const HOME_PATH = paths.home.href();

export function startParamToPath(value: string | null | undefined): string {
  if (!value || !/^[\w-]{1,512}$/.test(value)) return HOME_PATH;
  if (STATIC[value]) return STATIC[value];
  for (const [re, build] of PATTERNS) {
    const m = re.exec(value);
    if (m) return build(m[1]);
  }
  return HOME_PATH;
}

export const startParams = {
  orders: (status?: number) => (status === undefined ? 'orders' : `orders-${status}`),
  order: (id: number) => `order-${id}`,
  product: (id: number) => `product-${id}`,
  shop: (id: number) => `shop-${id}`,
  wallet: () => 'wallet',
  topup: () => 'topup',
  withdraw: () => 'withdraw',
};

/** The Mini App's t.me link (https://t.me/<bot>/<app>) opening at `startParam`. */
export function appLinkTo(appLink: string, startParam: string): string {
  const sep = appLink.includes('?') ? '&' : '?';
  return `${appLink}${sep}startapp=${startParam}`;
}
