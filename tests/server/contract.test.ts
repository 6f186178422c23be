import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoutes, type EndpointName } from '../../common/api/routes';
import { apiSchemas } from '../../common/api/schemas';
import { useTestApp } from '../support/use-app';

/** The contract of common/api: held on both halves and against what the server publishes. */
const t = useTestApp();

const names = Object.keys(apiRoutes) as EndpointName[];

/** Every object key anywhere in a JSON schema. */
function keysOf(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((s) => keysOf(s, out));
  else if (schema && typeof schema === 'object') {
    const node = schema as Record<string, unknown>;
    if (node.properties && typeof node.properties === 'object') {
      for (const [key, inner] of Object.entries(node.properties)) {
        out.add(key);
        keysOf(inner, out);
      }
    }
    for (const [key, inner] of Object.entries(node)) if (key !== 'properties') keysOf(inner, out);
  }
  return out;
}

const SNAKE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const CAMEL = /^[a-z][a-zA-Z0-9]*$/;
/** Names the shop's API has always written in another case (the account's, the language list's). */
const SPEC_NAMES = new Set([
  'familyName',
  'givenName',
  'language_name',
  'chinese_name',
  'file_name',
  'is_default',
]);

describe('contract: field names', () => {
  it.each(names)('%s: request parameters are snake_case (the spec names)', (name) => {
    const keys = [
      ...keysOf(z.toJSONSchema(apiSchemas[name].request, { io: 'input', unrepresentable: 'any' })),
    ];
    expect(keys.filter((k) => !SNAKE.test(k) && !SPEC_NAMES.has(k))).toEqual([]);
  });

  it.each(names)('%s: answer fields are camelCase', (name) => {
    const keys = [...keysOf(z.toJSONSchema(apiSchemas[name].answer, { unrepresentable: 'any' }))];
    expect(keys.filter((k) => !CAMEL.test(k) && !SPEC_NAMES.has(k))).toEqual([]);
  });
});

describe('contract: the server serves every endpoint as the contract says', () => {
  type Operation = { operationId?: string; responses?: Record<string, unknown>; security?: unknown[] };
  let doc: { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });

  it.each(names)('%s is published with its method, path, access and answer schema', (name) => {
    const route = apiRoutes[name];
    const op = doc.paths[route.path]?.[route.method.toLowerCase()];
    expect(op, `${route.method} ${route.path}`).toBeDefined();
    expect(op.operationId).toBe(name);
    expect(op.responses?.['200']).toBeDefined();
    expect(Boolean(op.security?.length)).toBe(route.access === 'user');
  });

  /**
   * Catalogue routes the server publishes that are not entries of the map yet (they are being moved
   * onto the contract in parallel). This list may only shrink: a route leaving it must be in the map.
   */
  it('every /api/ route the server publishes is an endpoint of the contract map', () => {
    const inMap = new Set(names.map((n) => `${apiRoutes[n].method} ${apiRoutes[n].path}`));
    const published = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    const missing = published.filter((r) => !inMap.has(r)).sort();
    expect(missing).toEqual([]);
  });

  it('an answer that does not fit its schema is never sent (the serialiser checks it)', async () => {
    const res = await t.endpoint('user.languageList');
    expect(apiSchemas['user.languageList'].answer.safeParse(res.data).success).toBe(true);
  });

  it('an endpoint that needs a shopper answers 401 before it reads a bad request', async () => {
    const res = await t.endpoint('user.setLanguage', { query: { lang: 'xx' } });
    expect(res).toMatchObject({ code: 401, error: 'errors.loginFirst' });
  });
});
