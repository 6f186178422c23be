import { randomUUID } from 'node:crypto';
import { apiRoutes, type EndpointName } from '@common/api/routes';

/**
 * How the tests call an endpoint of the contract (common/api/routes.ts) by its name: its method
 * and path come from the contract, the rest from the options. Test apps send the request through
 * inject (tests/support/app.ts), the browser suites to a running server (`endpointAt`).
 */

/** What a test call sends besides the method and path. */
export interface CallOptions {
  body?: unknown;
  query?: Record<string, string>;
  token?: string;
  lang?: string;
  /** The caller's address, for inject (a running server sees the connection's). */
  ip?: string;
  /** Further request headers, sent as they are. */
  headers?: Record<string, string>;
  /**
   * The Idempotency-Key header; null sends none. By default a call by name sends a fresh key to an
   * endpoint the contract marks idempotent, and a call at a literal path sends none.
   */
  key?: string | null;
}

/** An answer's envelope and its HTTP status. */
export interface Reply<T> {
  status: number;
  code: number;
  msg: string;
  data: T;
  error?: string;
}

/** A fresh Idempotency-Key. */
export const newKey = () => `test-${randomUUID()}`;

/** The headers of a call with `opts`. */
export function headersOf(opts: CallOptions): Record<string, string> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.token = opts.token;
  if (opts.lang) headers.lang = opts.lang;
  if (opts.key != null) headers['idempotency-key'] = opts.key;
  return headers;
}

/** Endpoint `name`'s method and path, and `opts` with the contract's default Idempotency-Key. */
export function routeOf(name: EndpointName, opts: CallOptions = {}) {
  const route = apiRoutes[name];
  const key = opts.key === undefined && 'idempotent' in route ? newKey() : opts.key;
  return { method: route.method, path: route.path, opts: { ...opts, key } };
}

/** Calls endpoint `name` of a server listening at `base`; answers as a test app's `endpoint` does. */
export async function endpointAt<T = unknown>(
  base: string,
  name: EndpointName,
  options: CallOptions = {},
): Promise<Reply<T>> {
  const { method, path, opts } = routeOf(name, options);
  const url = new URL(path, base);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers = headersOf(opts);
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, ...((await res.json()) as Omit<Reply<T>, 'status'>) };
}
