import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateEndpoints } from '@app/api/query-client';
import { catalogApi } from '../api';

/** What a favourite toggle changes: the product's page (its flag) and the favourites list. */
export const AFTER_LIKE = ['catalog.productDetail', 'catalog.likeList'] as const;

/** What a follow toggle changes: shop pages (fans, flag), product pages (flag), shop lists, follows. */
export const AFTER_FOLLOW = [
  'catalog.shopDetail',
  'catalog.productDetail',
  'catalog.followList',
  'catalog.hotShops',
  'catalog.searchShops',
] as const;

/** Toggles a product's favourite; the answers it changes are fetched again when shown. */
export function useLike() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: catalogApi.like,
    onSuccess: () => void invalidateEndpoints(client, AFTER_LIKE),
  });
}

/** Toggles following a shop; the answers it changes are fetched again when shown. */
export function useFollow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: catalogApi.follow,
    onSuccess: () => void invalidateEndpoints(client, AFTER_FOLLOW),
  });
}
