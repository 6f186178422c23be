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
  payment: route('/payment'),
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
