import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CartAnswer } from '@common/schemas/cart';
import { cartQueryKey, putCart, useCartQuery } from '@app/api/cart-query';
import { errorText } from '@app/api/error-text';

/**
 * The bag's data and its changes. Every change answers the whole cart, which replaces the one in
 * the query client (the tab's count follows). A refused change (stock ran out meanwhile) has shown
 * the server's message; the cart is then fetched again so the screen shows what is true now.
 */
export function useCart() {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  const query = useCartQuery();
  const change = useMutation({
    mutationFn: (run: () => Promise<CartAnswer>) => run(),
    onSuccess: (cart) => putCart(client, cart, i18n.language),
    onError: () => void client.invalidateQueries({ queryKey: cartQueryKey(i18n.language) }),
  });
  return {
    cart: query.data,
    error: query.isError ? errorText(query.error) : null,
    loading: query.isPending && query.fetchStatus !== 'idle',
    reload: () => query.refetch(),
    /** Runs one cart call; resolves with its answer, or undefined when it was refused. */
    change: (run: () => Promise<CartAnswer>) => change.mutateAsync(run).catch(() => undefined),
    busy: change.isPending,
  };
}
