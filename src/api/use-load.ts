import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EndpointName } from '../../common/api/routes';
import { errorText, isRefusal } from './error-text';
import { mountRules } from './first-answers';
import { queryKeyOf } from './query-client';

export interface LoadState<T> {
  data: T | undefined;
  /** The failure's message (already translated), or null. */
  error: string | null;
  /** The server refused (code 0: not found, bad input): asking again will not help. */
  refused: boolean;
  loading: boolean;
  /** Loads again; resolves when done (pull-to-refresh waits for it). */
  reload: () => Promise<void>;
}

/**
 * One answer for a screen through the query client: endpoint `name`'s answer to `params` in the
 * interface language (the query key), kept while a reload runs, with the error for a retry.
 * `enabled: false` waits (no call) until it turns true. `placeholder`: shown until the answer
 * comes (the visitor's answer the server wrote into the page, src/api/boot.ts), never cached.
 */
export function useLoad<T>(
  name: EndpointName,
  params: object,
  load: () => Promise<T>,
  options: { enabled?: boolean; fresh?: boolean; placeholder?: T } = {},
): LoadState<T> {
  const { i18n } = useTranslation();
  const queryKey = queryKeyOf(name, params, i18n.language);
  const query = useQuery({
    queryKey,
    queryFn: load,
    enabled: options.enabled ?? true,
    placeholderData: options.placeholder as UseQueryOptions<T>['placeholderData'],
    ...mountRules(queryKey, options.fresh ?? false),
  });
  return {
    data: query.data,
    error: query.isError ? errorText(query.error) : null,
    refused: query.isError && isRefusal(query.error),
    loading: query.isFetching || (query.isPending && options.enabled !== false),
    reload: async () => {
      await query.refetch();
    },
  };
}
