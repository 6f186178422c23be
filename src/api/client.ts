import { CODE_OK, CODE_UNAUTHORIZED, type Envelope } from '../../common/envelope';
import { currentLang, t } from '../i18n';
import { toast } from '../components/toast-store';
import { createRepeatGuard, serializeParams, TIMEOUT_MS, transportMessage } from './rules';

/** One call: what the features pass to `request`. */
export interface RequestOptions {
  url?: string;
  /** GET by default, in any case. */
  method?: string;
  /** Query parameters, written by serializeParams. */
  params?: Record<string, unknown>;
  /** The body: FormData, a string or URLSearchParams as they are, anything else as JSON. */
  data?: unknown;
  headers?: Record<string, string>;
  /** Milliseconds before giving up (TIMEOUT_MS by default). */
  timeout?: number;
  /** Aborts the call (its failure says "canceled"). */
  signal?: AbortSignal;
  /** false: do not send the token header. */
  isToken?: boolean;
  /** false: skip the duplicate-submit guard. */
  repeatSubmit?: boolean;
  /** false: do not toast a failure (the caller shows it). */
  showError?: boolean;
}

/**
 * An envelope with a code other than 1, or a transport failure, as a rejected promise. `error` is
 * the server's stable key for the failure ("errors.loginFailed"); screens decide by it, never by
 * the translated message. Transport failures have no key.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly error?: string,
  ) {
    super(message);
  }
}

interface Hooks {
  getToken: () => string;
  /** Called on code 401 while logged in: clear the session and go to /login. */
  onUnauthorized: () => void;
}

let hooks: Hooks = { getToken: () => '', onUnauthorized: () => undefined };
export function configureClient(next: Hooks) {
  hooks = next;
}

const BASE_URL: string = import.meta.env.VITE_API_BASE ?? '';
const isRepeat = createRepeatGuard();

/** A transport failure, worded as the spec's transport messages expect (rules.ts). */
class TransportError extends Error {
  constructor(
    message: string,
    /** The server's envelope when it answered an error status with one. */
    readonly body?: Partial<Envelope>,
  ) {
    super(message);
  }
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * The request on the wire with the browser's fetch (no HTTP library in the first screen's scripts):
 * the time-out, the caller's abort, a refused connection and an error status each end in the message
 * the transport rules map (rules.ts transportMessage).
 */
async function send<T>(config: RequestOptions, headers: Record<string, string>): Promise<T> {
  const url = config.url ?? '';
  const query = serializeParams(config.params);
  const absolute = /^[a-z][a-z\d+\-.]*:\/\//i.test(url);
  const address = `${absolute ? url : BASE_URL + url}${query ? (url.includes('?') ? '&' : '?') + query : ''}`;
  const timeout = config.timeout ?? TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  const outer = config.signal;
  const cancel = () => controller.abort();
  if (outer?.aborted) cancel();
  else outer?.addEventListener('abort', cancel);
  const data = config.data;
  let body: BodyInit | undefined;
  if (data === undefined || data === null) body = undefined;
  else if (typeof data === 'string' || data instanceof FormData || data instanceof URLSearchParams)
    body = data;
  else {
    body = JSON.stringify(data);
    headers['content-type'] = 'application/json';
  }
  try {
    const res = await fetch(new URL(address, location.href), {
      method: (config.method ?? 'get').toUpperCase(),
      headers,
      body,
      signal: controller.signal,
    });
    const answer = parse(await res.text());
    if (!res.ok)
      throw new TransportError(`Request failed with status code ${res.status}`, answer as Partial<Envelope>);
    return answer as T;
  } catch (e) {
    if (e instanceof TransportError) throw e;
    if (timedOut) throw new TransportError(`timeout of ${timeout}ms exceeded`);
    if (outer?.aborted) throw new TransportError('canceled');
    throw new TransportError('Network Error');
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', cancel);
  }
}

export async function request<T>(options: RequestOptions): Promise<T> {
  const { isToken = true, repeatSubmit = true, showError = true, ...config } = options;
  const fail = (message: string, code: number, error?: string): never => {
    if (showError && message) toast.show(message, { type: 'error' });
    throw new ApiError(message, code, error);
  };
  const method = (config.method ?? 'get').toLowerCase();
  if (repeatSubmit && (method === 'post' || method === 'put') && isRepeat(config.url ?? '', config.data)) {
    return fail(t('net.repeat'), -1);
  }
  const headers: Record<string, string> = { lang: currentLang() };
  const token = isToken ? hooks.getToken() : '';
  if (token) headers.token = token;
  let body: Envelope<T>;
  try {
    body = await send<Envelope<T>>(config, { ...headers, ...config.headers });
  } catch (e) {
    const err = e as TransportError;
    const serverMsg = err.body?.msg;
    if (typeof serverMsg === 'string' && serverMsg)
      return fail(serverMsg, err.body?.code ?? 0, err.body?.error);
    const mapped = transportMessage(err.message ?? '');
    return fail(mapped ? t(`net.${mapped.key}`, { code: mapped.code }) : err.message, -1);
  }
  if (body?.code === CODE_OK) return body.data;
  if (body?.code === CODE_UNAUTHORIZED) {
    const wasLoggedIn = Boolean(token);
    if (showError && body.msg) toast.show(body.msg, { type: 'error' });
    if (wasLoggedIn) hooks.onUnauthorized();
    throw new ApiError(body.msg, CODE_UNAUTHORIZED, body.error);
  }
  return fail(body?.msg ?? t('errors.server'), body?.code ?? 0, body?.error);
}

export const get = <T>(url: string, params?: Record<string, unknown>, options: RequestOptions = {}) =>
  request<T>({ ...options, url, method: 'get', params });
export const post = <T>(url: string, data?: unknown, options: RequestOptions = {}) =>
  request<T>({ ...options, url, method: 'post', data });
