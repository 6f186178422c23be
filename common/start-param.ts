/**
 * Deep links: `t.me/<bot>/<app>?startapp=<value>` and the bot's buttons open a route of the Mini App
 * through this one table. Values use Telegram's start-parameter alphabet ([A-Za-z0-9_-], at most 512).
 * Anything unknown opens home.
 */
const STATIC: Record<string, string> = {
  orders: '/order',
  wallet: '/capitalRecord',
  topup: '/topUp',
  withdraw: '/withDraw',
};

const PATTERNS: [RegExp, (id: string) => string][] = [
  [/^orders-(-?\d{1,2})$/, (s) => `/myPurchases/${s}`],
  [/^order-(\d{1,18})$/, (id) => `/orderInfo/${id}`],
  [/^product-(\d{1,18})$/, (id) => `/detail/${id}`],
  [/^shop-(\d{1,18})$/, (id) => `/shop/${id}`],
];

export const HOME_PATH = '/home';

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
