/**
 * Query strings as the Mini App's API layer writes them: key=value pairs, nested objects as
 * key[sub]=value. Answers a plain object; a key repeated keeps its last value.
 */
/** `key[sub]`: a nested object's field. */
const NESTED = /^([^[\]]+)\[([^[\]]*)\]$/;

/** Decodes a key or value; most need nothing (every request pays for this). */
const decode = (raw: string) =>
  raw.includes('%') || raw.includes('+') ? decodeURIComponent(raw.replace(/\+/g, ' ')) : raw;

export function parseQuery(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    let key: string;
    let value: string;
    try {
      key = decode(rawKey);
      value = decode(rawValue);
    } catch {
      continue;
    }
    const m = key.includes('[') ? NESTED.exec(key) : null;
    if (m && !['__proto__', 'constructor', 'prototype'].includes(m[1])) {
      // An ordinary object (not prototype-less): schemas may call Number() or String() on whatever a
      // client sends, and a prototype-less object makes those throw (a 500 for `page[]=1`). So a
      // sub-key may not shadow what objects inherit (__proto__, toString, valueOf...): dropped.
      if (m[2] in Object.prototype) continue;
      const inner = (out[m[1]] && typeof out[m[1]] === 'object' ? out[m[1]] : {}) as Record<string, unknown>;
      inner[m[2]] = value;
      out[m[1]] = inner;
    } else {
      out[key] = value;
    }
  }
  return out;
}
