import type { AnswerOf, RequestOf } from '../../common/api/contract';
import { TELEGRAM_AUTH_SCHEME } from '../../common/api/headers';
import { apiRoutes, type EndpointName } from '../../common/api/routes';
import type { ApiSchemas } from '../../common/api/schemas';
import { request, type RequestOptions } from './client';
import { loginProof } from './session-wait';

export type Params<N extends EndpointName> = RequestOf<ApiSchemas[N]>;
export type Answer<N extends EndpointName> = AnswerOf<ApiSchemas[N]>;
/** The endpoints the contract marks idempotent: a call of one must carry its intent's Idempotency-Key. */
export type IdempotentName = {
  [K in EndpointName]: (typeof apiRoutes)[K] extends { idempotent: true } ? K : never;
}[EndpointName];

/**
 * Calls endpoint `name` of the contract (common/api) through the one client: its method and path
 * come from the route table, its parameter and answer types from the schemas (types only: no zod
 * reaches the bundle through here). Public endpoints never send the token. A call that sends it
 * (one that needs a session, or answers a shopper more: access 'optional', their own flags) made
 * while Telegram's silent login is under way goes at once with the login's init data
 * (`Authorization: tma …`, common/api/headers.ts), which the server checks as the login does. The
 * silent login itself sends none. An endpoint the contract marks idempotent takes the intent's
 * Idempotency-Key (src/api/idempotency.ts): a call of one without it does not compile.
 */
export function call<N extends EndpointName>(
  name: N,
  params: Params<N>,
  ...[options = {}]: N extends IdempotentName
    ? [options: RequestOptions & { idempotencyKey: string }]
    : [options?: RequestOptions]
): Promise<Answer<N>> {
  const route = apiRoutes[name];
  const isToken = route.access !== 'public' && options.isToken !== false;
  const send = (headers?: Record<string, string>) =>
    request<Answer<N>>({
      ...options,
      ...(headers ? { headers: { ...options.headers, ...headers } } : {}),
      isToken,
      url: route.path,
      method: route.method,
      ...(route.method === 'GET' ? { params } : { data: params }),
    });
  const proof = isToken ? loginProof() : undefined;
  return proof ? send({ authorization: `${TELEGRAM_AUTH_SCHEME} ${proof}` }) : send();
}
