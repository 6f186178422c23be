/**
 * Every route of the Mini App, once: its pattern (for the router) and its address builder (for
 * links, redirects and deep links). The route table (src/app/routes.ts), the start-parameter table
 * (common/start-param.ts) and every link in the app use these; no component writes a route string.
 */
type Id = number | string;

const route = <P extends string>(pattern: P) => ({ pattern, href: () => pattern as string });

/** Fills `:name?` segments from the left; a missing value ends the address there. */
function fill(pattern: string, values: (Id | undefined)[]): string {
  const parts = pattern.split('/');
  const out: string[] = [];
  let i = 0;
  for (const part of parts) {
    if (!part.startsWith(':')) {
      out.push(part);
      continue;
    }
    const value = values[i++];
    if (value === undefined || value === '') break;
    out.push(encodeURIComponent(String(value)).replace(/%2C/g, ','));
  }
  return out.join('/');
}

/** A positive whole number from a query value, else undefined. */
function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : undefined;
}

function withQuery(path: string, values: Record<string, Id | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== '') query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * What /checkout buys, from its query string: one product now ("buy now": `product_id`, `spec_id`,
 * `number`), otherwise the selected cart lines; `address_id` is the address chosen on the way.
 */
export interface CheckoutQuery {
  product_id?: number;
  spec_id?: number;
  number?: number;
  address_id?: number;
}

export function checkoutHref(query: CheckoutQuery = {}): string {
  const { product_id, spec_id, number, address_id } = query;
  return withQuery('/checkout', { product_id, spec_id, number, address_id });
}

/** The checkout's query string read back; values that are not positive whole numbers are left out. */
export function readCheckoutQuery(search: string): CheckoutQuery {
  const q = new URLSearchParams(search);
  const query: CheckoutQuery = {};
  for (const key of ['product_id', 'spec_id', 'number', 'address_id'] as const) {
    const value = positiveInt(q.get(key));
    if (value !== undefined) query[key] = value;
  }
  return query;
}

/**
 * The address list in "pick" mode: it answers by navigating back to `back` (a path with its query)
 * with `address_id` set.
 */
export const addressPickHref = (back: string) => withQuery('/address', { pick: back });

/** What /payment pays: every order of one checkout (`out_trade_no`) or one order (`order_id`). */
export type PayTarget = { out_trade_no: string } | { order_id: number };

/** The payment's query string read back; null when it names nothing payable. */
export function readPayTarget(search: string): PayTarget | null {
  const q = new URLSearchParams(search);
  const outTradeNo = q.get('out_trade_no');
  if (outTradeNo && /^[A-Z0-9]{8,40}$/.test(outTradeNo)) return { out_trade_no: outTradeNo };
  const orderId = positiveInt(q.get('order_id'));
  return orderId === undefined ? null : { order_id: orderId };
}

export const paths = {
  root: route('/'),
  home: route('/home'),
  explore: route('/explore'),
  bag: route('/bag'),
  profile: route('/profile'),
  order: route('/order'),
  orderInfo: { pattern: '/orderInfo/:id?', href: (id: Id) => fill('/orderInfo/:id?', [id]) },
  comment: route('/comment'),
  refund: {
    pattern: '/refund/:id?/:sn?/:product_ids?/:amount?',
    href: (id: Id, sn?: string, productIds?: Id[], amount?: string) =>
      fill('/refund/:id?/:sn?/:product_ids?/:amount?', [id, sn, productIds?.join(','), amount]),
  },
  checkout: route('/checkout'),
  myPurchases: {
    pattern: '/myPurchases/:status?',
    href: (status?: number) => fill('/myPurchases/:status?', [status]),
  },
  language: route('/language'),
  notification: route('/notification'),
  forgotPassword: route('/forgotPassword'),
  changePassword: route('/changePassword'),
  changePayPwd: route('/changePayPwd'),
  helpAndSupport: route('/helpAndSupport'),
  withDraw: route('/withDraw'),
  depositRecord: route('/depositRecord'),
  topUp: route('/topUp'),
  walletTopUp: route('/walletTopUp'),
  cardTopUp: route('/cardTopUp'),
  topUpRecord: route('/topUpRecord'),
  capitalRecord: route('/capitalRecord'),
  myFavourite: route('/myFavourite'),
  payment: {
    pattern: '/payment',
    href: (target: PayTarget) =>
      withQuery('/payment', 'out_trade_no' in target ? { out_trade_no: target.out_trade_no } : target),
  },
  security: route('/security'),
  heart: route('/heart'),
  filter: route('/filter'),
  setting: route('/setting'),
  search: route('/search'),
  searchs: route('/searchs'),
  popular: route('/popular'),
  detail: {
    pattern: '/detail/:product?/:mer?',
    href: (product: Id, mer?: Id) => fill('/detail/:product?/:mer?', [product, mer]),
  },
  login: route('/login'),
  register: route('/register'),
  platform: route('/platform'),
  law: route('/law'),
  address: route('/address'),
  addressForm: { pattern: '/addressForm/:id?', href: (id?: Id) => fill('/addressForm/:id?', [id]) },
  shop: { pattern: '/shop/:id?', href: (id: Id) => fill('/shop/:id?', [id]) },
  products: {
    pattern: '/products',
    /** `query` is an encoded query string without "?" (see the catalogue's products-query). */
    href: (query?: string) => (query ? `/products?${query}` : '/products'),
  },
  service: route('/service'),
  serviceadmin: route('/serviceadmin'),
  services: route('/services'),
  passwords: route('/passwords'),
  editProfile: route('/editProfile'),
} as const;

export type PathName = keyof typeof paths;
