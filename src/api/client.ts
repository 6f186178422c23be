import { IDEMPOTENCY_HEADER } from '../../common/api/headers';
import { CODE_OK, CODE_UNAUTHORIZED, type Envelope } from '../../common/envelope';
import { currentLang, t } from '../i18n';
import { toast } from '../components/toast-store';
import { createRepeatGuard, TransportError, transportMessage } from './rules';
import type { HttpRequest } from './transport';

/** The one HTTP client. Every rule common to all calls lives here; features call `request`. */
export interface RequestOptions extends Partial<HttpRequest> {
  /** false: do not send the token header. */
  isToken?: boolean;
  /** false: skip the duplicate-submit guard. */
  repeatSubmit?: boolean;
  /** false: do not toast a failure (the caller shows it). */
  showError?: boolean;
  /**
   * Sent as the `Idempotency-Key` header: one key per intent of the shopper (src/api/idempotency.ts),
   * for the calls that make orders or move money.
   */
  idempotencyKey?: string;
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
/** Sets either hook or both: the session store gives the token, the app frame the 401 handling. */
export function configureClient(next: Partial<Hooks>) {
  hooks = { ...hooks, ...next };
}

/**
 * The transport (the HTTP request, and the answers a page asked for itself) is loaded with the first call
 * (inside Telegram, the silent login at start-up, main.tsx), not with the page: the first screen's
 * scripts stay small (tests/e2e/static.test.ts), and the home screen paints from the data in the
 * page (src/api/boot.ts) while this chunk arrives.
 */
let transport: Promise<typeof import('./transport')> | undefined;
const httpClient = () =>
  (transport ??= import('./transport').catch((err: unknown) => {
    // Offline when it was first asked for: the next call asks again.
    transport = undefined;
    throw err;
  }));

/**
 * Loads the client ahead of the first call (main.tsx: inside Telegram the silent login follows), so
 * that call does not wait for the module while the first render holds the page.
 */
export function loadHttpClient(): void {
  httpClient().catch(() => undefined);
}
const isRepeat = createRepeatGuard();

export async function request<T>(options: RequestOptions): Promise<T> {
  const { isToken = true, repeatSubmit = true, showError = true, idempotencyKey, ...config } = options;
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
  if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
  const req: HttpRequest = {
    ...config,
    url: config.url ?? '',
    method,
    headers: { ...headers, ...config.headers },
  };
  let body: Envelope<T> | null;
  try {
    const { send, earlyAnswer } = await httpClient();
    body = (await earlyAnswer(req, headers.lang, token)) as Envelope<T> | null;
    body ??= (await send(req)) as Envelope<T>;
  } catch (e) {
    if (!(e instanceof TransportError)) return fail(e instanceof Error ? e.message : String(e), -1);
    const refusal = e.body as Partial<Envelope> | undefined;
    if (typeof refusal?.msg === 'string' && refusal.msg)
      return fail(refusal.msg, refusal.code ?? 0, refusal.error);
    const mapped = transportMessage(e.failure);
    // A call the app called off itself rejects without a message of its own.
    return fail(mapped ? t(`net.${mapped.key}`, { code: mapped.code }) : '', -1);
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
