import { TELEGRAM_AUTH_SCHEME } from '../../common/api/headers';
import { callKey, withQuery } from '../../common/api/query';
import { takeEarly } from './early';
import { TIMEOUT_MS, TransportError } from './rules';

/**
 * The client's transport (src/api/client.ts loads it with the first call): one HTTP request over
 * XMLHttpRequest, and the answers a page asked for itself. Written here rather than taken from an
 * HTTP library: the client needs a JSON call with a time-out, and axios, which it used, was 19 KB
 * of brotli on every screen that loads data before its first paint (on a slow phone about 0.1 s).
 * XMLHttpRequest, not fetch: it sends the page's own FormData in every environment the app runs in.
 */
export interface HttpRequest {
  method: string;
  /** An address of the API (`/api/…`, after VITE_API_BASE) or a whole URL. */
  url: string;
  /** A GET's parameters (an object), written into the address as the server reads them (common/api/query.ts). */
  params?: unknown;
  /** The body: FormData as it is, anything else as JSON. */
  data?: unknown;
  headers?: Record<string, string>;
  /** Milliseconds before the call gives up (TIMEOUT_MS by default). */
  timeout?: number;
  signal?: AbortSignal;
}

const BASE = import.meta.env.VITE_API_BASE ?? '';
const WHOLE_URL = /^[a-z][a-z\d+.-]*:\/\//i;

const addressOf = ({ url, params }: HttpRequest) =>
  withQuery(WHOLE_URL.test(url) ? url : `${BASE}${url}`, params);

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Sends one request; resolves with the answer's body (JSON parsed) on 2xx, else rejects with TransportError. */
export function send(req: HttpRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const { signal } = req;
    if (signal?.aborted) {
      reject(new TransportError({ kind: 'canceled' }));
      return;
    }
    const xhr = new XMLHttpRequest();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      xhr.abort();
    }, req.timeout ?? TIMEOUT_MS);
    const onAbort = () => xhr.abort();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    xhr.open(req.method.toUpperCase(), addressOf(req));
    for (const [name, value] of Object.entries(req.headers ?? {})) xhr.setRequestHeader(name, value);
    let body: XMLHttpRequestBodyInit | null = null;
    if (req.data instanceof FormData) body = req.data;
    else if (req.data !== undefined) {
      xhr.setRequestHeader('content-type', 'application/json');
      body = JSON.stringify(req.data);
    }
    xhr.onload = () => {
      done();
      const answer = parsed(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(answer);
      else reject(new TransportError({ kind: 'status', status: xhr.status }, answer));
    };
    xhr.onerror = () => {
      done();
      reject(new TransportError({ kind: 'network' }));
    };
    xhr.onabort = () => {
      done();
      reject(new TransportError({ kind: timedOut ? 'timeout' : 'canceled' }));
    };
    signal?.addEventListener('abort', onAbort);
    xhr.send(body);
  });
}

/**
 * The answer the page asked for itself to a call the app makes for the same account (Telegram's
 * init data, or the session its silent login made: src/api/early.ts), or null: then the call goes
 * out. Only what the page asked is there: GETs, and a POST that only reads (a checkout's preview).
 */
export async function earlyAnswer(req: HttpRequest, lang: string, token: string): Promise<unknown> {
  const auth = req.headers?.authorization;
  // Without a session, only a call that goes with the launch's init data, as the page's did.
  if (!token && (typeof auth !== 'string' || !auth.startsWith(`${TELEGRAM_AUTH_SCHEME} `))) return null;
  const get = req.method.toLowerCase() === 'get';
  return (await takeEarly(callKey(req.method, req.url, get ? req.params : req.data), lang, token)) ?? null;
}
