/**
 * A GET call's query string, as the Mini App's client writes it and the server writes the calls it
 * makes ahead for a page (server/web/early-answers.ts): both must spell one call the same way.
 */

/** GET parameters as key=value pairs, nested objects as key[sub]=value. */
export function serializeParams(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [sub, v] of Object.entries(value as Record<string, unknown>)) add(`${key}[${sub}]`, v);
      return;
    }
    const text = Array.isArray(value) ? value.join(',') : String(value);
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return parts.join('&');
}

/** `url` with a GET's parameters written into it (parameters that are not an object add none). */
export function withQuery(url: string, params: unknown): string {
  const query =
    params && typeof params === 'object' ? serializeParams(params as Record<string, unknown>) : '';
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

/**
 * How a call is named among the answers a page asked for itself (server/web/early-answers.ts,
 * src/api/early.ts): a GET by its address, a POST that only reads (a checkout's preview) by
 * `POST <path> <JSON body>`, the body as the client sends it.
 */
export function callKey(method: string, path: string, params: unknown): string {
  return method.toUpperCase() === 'GET'
    ? withQuery(path, params)
    : `POST ${path} ${JSON.stringify(params ?? {})}`;
}
