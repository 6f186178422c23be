import type { AnswerOf, RequestOf } from '../../common/api/contract';
import { apiRoutes, type EndpointName } from '../../common/api/routes';
import type { ApiSchemas } from '../../common/api/schemas';
import { request, type RequestOptions } from './client';

export type Params<N extends EndpointName> = RequestOf<ApiSchemas[N]>;
export type Answer<N extends EndpointName> = AnswerOf<ApiSchemas[N]>;

/**
 * Calls endpoint `name` of the contract (common/api) through the one client: its method and path
 * come from the route table, its parameter and answer types from the schemas (types only: no zod
 * reaches the bundle through here). Public endpoints never send the token.
 */
export function call<N extends EndpointName>(
  name: N,
  params: Params<N>,
  options: RequestOptions = {},
): Promise<Answer<N>> {
  const route = apiRoutes[name];
  return request<Answer<N>>({
    ...options,
    isToken: route.access !== 'public' && options.isToken !== false,
    url: route.path,
    method: route.method,
    ...(route.method === 'GET' ? { params } : { data: params }),
  });
}
