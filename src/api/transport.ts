import axios, { type AxiosRequestConfig } from 'axios';
import { TELEGRAM_AUTH_SCHEME } from '../../common/api/headers';
import { serializeParams } from '../../common/api/query';
import { takeEarly } from './early';
import { TIMEOUT_MS } from './rules';

/**
 * The client's transport (src/api/client.ts loads it with the first call, so neither axios nor this
 * is in the first screen's scripts): the HTTP instance, and the answers a page asked for itself.
 */
export const http = axios.create({
  baseURL: import.meta.env.VITE_API_BASE ?? '',
  timeout: TIMEOUT_MS,
  paramsSerializer: { serialize: (p) => serializeParams(p as Record<string, unknown>) },
});

/**
 * The answer the page asked for itself to a GET the app makes for the same account (Telegram's init
 * data, or the session its silent login made: src/api/early.ts), or null: then the call goes out.
 */
export async function earlyAnswer(config: AxiosRequestConfig, lang: string, token: string): Promise<unknown> {
  const auth = (config.headers as Record<string, unknown> | undefined)?.authorization;
  if ((config.method ?? 'get').toLowerCase() !== 'get') return null;
  // Without a session, only a call that goes with the launch's init data, as the page's did.
  if (!token && (typeof auth !== 'string' || !auth.startsWith(`${TELEGRAM_AUTH_SCHEME} `))) return null;
  const query = serializeParams(config.params as Record<string, unknown> | undefined);
  return (await takeEarly(query ? `${config.url}?${query}` : (config.url ?? ''), lang, token)) ?? null;
}
