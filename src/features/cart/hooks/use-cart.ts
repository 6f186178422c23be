import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CartAnswer } from '@common/schemas/cart';
import { cartQueryKey, putCart, useCartQuery } from '@app/api/cart-query';
import { errorText } from '@app/api/error-text';
import { useEndpointMutation } from '@app/api/use-endpoint-mutation';

/**
 * Setting a quantity or the selection sends an absolute value, so the same call twice in a second
 * is no double submit: those skip the duplicate guard (a stepper tapped up and down again sends the
 * same body).
 */
const absolute = { repeatSubmit: false };

/**
 * The bag's data and its changes. Every change answers the whole cart, which replaces the one in
 * the query client (the tab's count follows). A refused change (stock ran out meanwhile) has shown
 * the server's message; the cart is then fetched again so the screen shows what is true now. One
 * change at a time: while one runs the others do nothing (the controls are disabled meanwhile).
 */
export function useCart() {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const query = useCartQuery();
  const onSuccess = (cart: CartAnswer) => putCart(client, cart, i18n.language);
  const onError = () => void client.invalidateQueries({ queryKey: cartQueryKey(i18n.language) });
  const setNum = useEndpointMutation('cart.setNum', { request: absolute, onSuccess, onError });
  const select = useEndpointMutation('cart.select', { request: absolute, onSuccess, onError });
  const del = useEndpointMutation('cart.del', { onSuccess, onError });
  const busy = setNum.busy || select.busy || del.busy;
  return {
    cart: query.data,
    error: query.isError ? errorText(query.error) : null,
    loading: query.isPending && query.fetchStatus !== 'idle',
    reload: () => query.refetch(),
    /** Each change resolves with the new cart, or undefined when it was refused. */
    setNum: (cartId: number, num: number) => (busy ? undefined : setNum.mutate({ cart_id: cartId, num })),
    select: (params: Parameters<typeof select.mutate>[0]) => (busy ? undefined : select.mutate(params)),
    remove: (cartIds: number[]) => (busy ? undefined : del.mutate({ cart_ids: cartIds })),
    busy,
  };
}
