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

/** A product bought straight from its page (no cart line): the checkout's `product_id`, `spec_id`, `number`. */
export interface BuyNow {
  productId: number;
  /** 0: the product has no specs. */
  specId: number;
  number: number;
}

const WHOLE = /^\d{1,10}$/;

/** Reads a buy-now item from a checkout address's query string; null when it holds none (or a bad one). */
function parseBuyNow(search: string): BuyNow | null {
  const query = new URLSearchParams(search);
  const [productId, specId, number] = ['product_id', 'spec_id', 'number'].map(
    (name) => query.get(name) ?? '',
  );
  if (!WHOLE.test(productId) || !WHOLE.test(number) || !(specId === '' || WHOLE.test(specId))) return null;
  const item = { productId: Number(productId), specId: Number(specId || 0), number: Number(number) };
  return item.productId > 0 && item.number > 0 ? item : null;
}

/** Only an address inside the app may be returned to (never another site, "//host" included). */
const isAppPath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');

/** The return path of pick mode from a query string's `pick`, or null (not picking, or not an app path). */
function parsePick(search: string): string | null {
  const returnTo = new URLSearchParams(search).get('pick');
  return returnTo && isAppPath(returnTo) ? returnTo : null;
}

/** `returnTo` with `address_id` set in its query string (other parameters kept). */
function withAddress(returnTo: string, addressId: Id): string {
  const [pathPart, hash = ''] = returnTo.split('#');
  const [pathname, search = ''] = pathPart.split('?');
  const query = new URLSearchParams(search);
  query.set('address_id', String(addressId));
  return `${pathname}?${query.toString()}${hash ? `#${hash}` : ''}`;
}

export const paths = {
  root: route('/'),
  home: route('/home'),
  explore: route('/explore'),
  bag: route('/bag'),
  profile: route('/profile'),
  order: route('/order'),
  orderInfo: {
    pattern: '/orderInfo/:id?',
    href: (id: Id) => fill('/orderInfo/:id?', [id]),
    /** The order its `:id` names, or 0 when it names none (the screen says "not found"). */
    idOf: (param: string | undefined) => (/^\d{1,12}$/.test(param ?? '') ? Number(param) : 0),
  },
  /** The review form of a received order's items (`order_id`), starting at `product_id` when given. */
  comment: {
    pattern: '/comment',
    href: (orderId?: Id, productId?: Id) =>
      withQuery('/comment', { order_id: orderId, product_id: productId }),
    /** The order and product asked for, from the query string (0: none or not a number). */
    parse: (search: string) => {
      const q = new URLSearchParams(search);
      return {
        orderId: positiveInt(q.get('order_id')) ?? 0,
        productId: positiveInt(q.get('product_id')) ?? 0,
      };
    },
  },
  refund: {
    pattern: '/refund/:id?/:sn?/:product_ids?/:amount?',
    href: (id: Id, sn?: string, productIds?: Id[], amount?: string) =>
      fill('/refund/:id?/:sn?/:product_ids?/:amount?', [id, sn, productIds?.join(','), amount]),
  },
  checkout: {
    pattern: '/checkout',
    /** The checkout of the selected cart lines (read from the server). */
    href: () => '/checkout',
    /** The checkout of one product, spec and number, straight from its page. */
    buyNow: ({ productId, specId, number }: BuyNow) =>
      `/checkout?${new URLSearchParams({ product_id: String(productId), spec_id: String(specId), number: String(number) })}`,
    /** The buy-now item of a checkout address's query string (`location.search`), or null: the cart. */
    parseBuyNow,
    /** The address chosen on the way (`address_id`, set by the address list's pick), or null. */
    parseAddressId: (search: string): number | null =>
      positiveInt(new URLSearchParams(search).get('address_id')) ?? null,
    /**
     * What a checkout address asks the preview for: its buy-now item (else the selected cart lines)
     * and its chosen address, as the checkout's parameters (the page's first call, which the server
     * also makes for a page opened there: their bodies must be spelt alike).
     */
    previewOf: (search: string) => {
      const buyNow = parseBuyNow(search);
      const addressId = positiveInt(new URLSearchParams(search).get('address_id'));
      return {
        ...(buyNow ? { product_id: buyNow.productId, spec_id: buyNow.specId, number: buyNow.number } : {}),
        address_id: addressId,
      };
    },
  },
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
  walletTopUp: {
    pattern: '/walletTopUp',
    /** The on-chain top-up. */
    href: () => '/walletTopUp',
    /** The manual top-up (a bank transfer and its receipt): the same screen without the network. */
    manual: () => '/walletTopUp?type=manual',
    /** Whether a /walletTopUp query string asks for the manual way. */
    isManual: (search: string) => new URLSearchParams(search).get('type') === 'manual',
  },
  cardTopUp: route('/cardTopUp'),
  topUpRecord: {
    pattern: '/topUpRecord',
    href: () => '/topUpRecord',
    /** The records with top-up `id` brought into view. */
    one: (id: Id) => withQuery('/topUpRecord', { id }),
  },
  /** The wallet's statement (its address is the one the shop has always had). */
  bill: route('/capitalRecord'),
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
  address: {
    pattern: '/address',
    href: () => '/address',
    /**
     * The list in pick mode: tapping an address goes back (replacing the list) to `returnTo` with
     * `address_id=<id>` in its query string; one added on the way (paths.addressForm.pick) ends there too.
     */
    pick: (returnTo: string) => `/address?${new URLSearchParams({ pick: returnTo })}`,
    /** Where a pick ends: `returnTo` with `address_id` set. */
    picked: withAddress,
    /** The return path of pick mode from the list's query string, or null (not picking, or not an app path). */
    parsePick,
  },
  addressForm: {
    pattern: '/addressForm/:id?',
    /** A new address (no id), or an edit of one; saved, the form goes back. */
    href: (id?: Id) => fill('/addressForm/:id?', [id]),
    /** The address id the path's parameter names, or undefined (a new address). */
    idOf: (param: string | undefined) => (/^\d{1,10}$/.test(param ?? '') ? Number(param) : undefined),
    /** A new address picked as it is saved: the form then goes (in its place) to `returnTo` with its `address_id`. */
    pick: (returnTo: string) => `/addressForm?${new URLSearchParams({ pick: returnTo })}`,
    /** The return path of a picking form from its query string, or null. */
    parsePick,
  },
  shop: { pattern: '/shop/:id?', href: (id: Id) => fill('/shop/:id?', [id]) },
  products: {
    pattern: '/products',
    /** `query` is an encoded query string without "?" (see the catalogue's products-query). */
    href: (query?: string) => (query ? `/products?${query}` : '/products'),
  },
  service: route('/service'),
  serviceadmin: {
    pattern: '/serviceadmin',
    /** Operators: the conversation list, or one shopper's conversation (`?user=<id>`). */
    href: (userId?: Id) => withQuery('/serviceadmin', { user: userId }),
    parseUser: (search: string): number | undefined => positiveInt(new URLSearchParams(search).get('user')),
  },
  services: route('/services'),
  passwords: route('/passwords'),
  editProfile: route('/editProfile'),
  /** Every review of a product, newest first. */
  reviews: { pattern: '/reviews/:product?', href: (product: Id) => fill('/reviews/:product?', [product]) },
} as const;

export type PathName = keyof typeof paths;
