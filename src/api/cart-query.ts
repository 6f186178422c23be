import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { CartAnswer } from '../../common/schemas/cart';
import { session } from '../stores/session';
import { call } from './call';
import type { FirstAnswer } from './first-answers';
import { endpointKeyOf, queryKeyOf } from './query-client';

/**
 * The shopper's cart in the query client, shared by everything that shows it: the bag screen, the
 * bag tab's count and any screen that adds to it. Every cart call answers the whole cart, so a
 * change is put straight into this one entry (putCart) instead of being fetched again.
 */
export const cartQueryKey = (lang: string) => queryKeyOf('cart.index', {}, lang);

const loadCart = () => call('cart.index', {}, { showError: false });

/** The cart as the bag screen's first view asks for it (src/api/first-answers.ts). */
export const cartAnswer: FirstAnswer = { name: 'cart.index', params: {}, load: loadCart };

/**
 * The session the cached cart belongs to. A change drops the cart, once, whichever hook sees it
 * first; from no session to one (Telegram's silent login, a sign-in) nothing is dropped: a cart
 * asked for with the login's proof is this shopper's, and a visitor has none.
 */
let cartSession = '';

/** The cart of the logged-in shopper (nothing for a visitor); another login starts afresh. */
export function useCartQuery() {
  const { i18n } = useTranslation();
  const { token } = useSnapshot(session);
  const client = useQueryClient();
  const query = useQuery({
    queryKey: cartQueryKey(i18n.language),
    queryFn: loadCart,
    enabled: Boolean(token),
  });
  // The key holds no shopper: a session ending or changing drops the cart it held.
  useEffect(() => {
    if (cartSession === token) return;
    const before = cartSession;
    cartSession = token;
    if (before) void client.resetQueries({ queryKey: endpointKeyOf('cart.index') });
  }, [token, client]);
  return { ...query, data: token ? query.data : undefined };
}

/** Takes a cart call's answer as the cart; the cart in other interface languages is fetched again when shown. */
export function putCart(client: QueryClient, cart: CartAnswer, lang: string): void {
  client.setQueryData(cartQueryKey(lang), cart);
  void client.invalidateQueries({
    predicate: (q) => q.queryKey[0] === 'cart.index' && q.queryKey[2] !== lang,
  });
}
