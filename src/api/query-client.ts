import { QueryClient, type QueryKey } from '@tanstack/react-query';
import type { EndpointName } from '../../common/api/routes';

/**
 * The Mini App's one QueryClient (provided in src/app/App.tsx): every answer from the server lives
 * here, keyed `[endpoint name, params, interface language]` (see queryKeyOf), so a screen that is
 * kept alive or opened again shows what it had while a fresh answer is fetched.
 *
 * - Failures are not retried behind the shopper's back: each screen shows its error with a retry.
 * - Answers stay fresh for 30 s (a tab switched back and forth does not ask again) and are kept
 *   for 5 minutes after their last screen is gone.
 */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, gcTime: 5 * 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

export const queryClient = createQueryClient();

/** The key of endpoint `name`'s answer to `params` in interface language `lang`. */
export const queryKeyOf = (name: EndpointName, params: object, lang: string): QueryKey => [
  name,
  params,
  lang,
];

/** The key of every answer of endpoint `name`, whatever its parameters and language. */
export const endpointKeyOf = (name: EndpointName): QueryKey => [name];

/** An endpoint's name, or a section of the contract up to its dot ("order."). */
export type EndpointPrefix =
  EndpointName | `${EndpointName extends `${infer Section}.${string}` ? Section : never}.`;

/** Every query whose endpoint name starts with one of `prefixes` ("catalog.like", "order."). */
export function invalidateEndpoints(client: QueryClient, prefixes: readonly EndpointPrefix[]): Promise<void> {
  return client.invalidateQueries({
    predicate: (query) => {
      const name = query.queryKey[0];
      return typeof name === 'string' && prefixes.some((prefix) => name.startsWith(prefix));
    },
  });
}

/**
 * What a payment changes, by endpoint-name prefix: the user info (it holds the balance), the order tabs and
 * the cart, the checkout preview (it shows the balance) and the notifications (each paid order
 * writes one). Only names of the contract: a prefix that names no endpoint does not compile.
 */
export const AFTER_PAYMENT = [
  'user.getUserInfo',
  'order.',
  'cart.',
  'checkout.preview',
  'notify.',
] as const satisfies readonly EndpointPrefix[];

/**
 * After a payment (the buying screens call it once the server confirmed): marks the balance and
 * user info, the order tabs and the cart stale, so the screens showing them fetch them again
 * (active ones at once, others when next shown).
 */
export const invalidateAfterPayment = (client: QueryClient) => invalidateEndpoints(client, AFTER_PAYMENT);
