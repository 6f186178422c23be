import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../server/demo/catalog-seed';
import { createSession, findSessionUser } from '../../server/modules/user/sessions';
import { createTestApp, type TestApp } from '../support/app';

/**
 * Every route of the OpenAPI document, walked with malformed values for every parameter, with and
 * without a live session. Nothing may answer 5xx or take more than a few seconds, and every status
 * a route answers is one its entry in the document declares. The routes come
 * from /api/docs/json, never from a list here, so a route added later is fuzzed as well.
 */

const SLOW_MS = 3000;
const PARALLEL = 4;

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
};
type Param = { in: 'query' | 'path' | 'header'; name: string; schema?: Schema };
type Operation = {
  parameters?: Param[];
  security?: unknown[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses?: Record<string, unknown>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };

interface Probe {
  /** A body-field probe: sent signed in only where the route declares it needs a session. */
  field?: boolean;
  method: string;
  url: string;
  body?: string;
  contentType?: string;
  token: boolean;
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** Text values for query and path parameters: numbers at and past every integer limit, odd text. */
const NUMBERS = [
  '21474837',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999',
  '1e308',
  '-1',
  '0',
  '1.5',
  'NaN',
];
const TEXTS = ['', 'x'.repeat(5000), '𝔘ñí中文ไทย\u202e', 'a\u0000b', "'; drop table users; --", '{}'];
/** Query strings written by hand: brackets, repeats, undecodable escapes. */
const RAW = (p: string) => [
  `${p}[]=1`,
  `${p}[x]=1`,
  `${p}[x][y]=1`,
  `${p}[]=1&${p}[]=2`,
  `${p}=1&${p}=2`,
  `${p}`,
  `${p}=%zz`,
  `${p}=%E0%A4%A`,
  `${p}[__proto__]=1`,
];
/** Opaque tokens the API hands out (list cursors) forged: numbers past 32 bits, times that are not. */
const forged = (kinds: string[]) => [
  b64({ k: 'o', o: 2 ** 53 + 2 }),
  ...kinds.flatMap((k) => [b64({ k, v: 2 ** 40, id: 2 ** 40 }), b64({ k, v: '99999-99-99', id: 1 })]),
];
/** JSON values for body fields. */
const JSON_VALUES: string[] = [
  // As strings, the numbers past a limit (small ones come as JSON numbers below).
  ...[...NUMBERS.filter((v) => v.length > 4), ...TEXTS].map((v) => JSON.stringify(v)),
  '2147483648',
  '9007199254740993',
  '-1',
  '1.5',
  'null',
  'true',
  '[]',
  '{"a":{"b":1}}',
];
/** Whole bodies that are not what any route takes. */
const BODIES: { body?: string; contentType?: string }[] = [
  {},
  { body: '', contentType: 'application/json' },
  { body: '{', contentType: 'application/json' },
  { body: '[]', contentType: 'application/json' },
  { body: '"text"', contentType: 'application/json' },
  { body: '123', contentType: 'application/json' },
  { body: 'null', contentType: 'application/json' },
  { body: '['.repeat(5000), contentType: 'application/json' },
  { body: `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`, contentType: 'application/json' },
  { body: '{"__proto__":{"x":1},"constructor":{"prototype":{}}}', contentType: 'application/json' },
  { body: 'a=1&b[c]=2', contentType: 'application/x-www-form-urlencoded' },
  { body: 'plain', contentType: 'text/plain' },
  {
    body: '--zz\r\nContent-Disposition: form-data; name="file"',
    contentType: 'multipart/form-data; boundary=zz',
  },
  {
    body: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    contentType: 'multipart/form-data; boundary=zz',
  },
  { body: 'garbage', contentType: 'multipart/form-data' },
];

/** A plausible value by parameter name, so each probe changes one thing at a time. */
function baseline(name: string, schema: Schema | undefined, ids: Record<string, string>): string | undefined {
  if (ids[name]) return ids[name];
  if (schema?.enum?.length) return String(schema.enum[0]);
  return undefined;
}

const enc = (k: string, v: string) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`;

function isObject(schema: Schema | undefined): boolean {
  return Boolean(schema?.properties) || schema?.type === 'object';
}

function probesFor(path: string, method: string, op: Operation, ids: Record<string, string>): Probe[] {
  const params = op.parameters ?? [];
  const query = params.filter((p) => p.in === 'query');
  const pathParams = params.filter((p) => p.in === 'path');
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const kinds = [
    ...new Set(params.flatMap((p) => (p.schema?.enum ?? []).map(String)).concat(['sales', 'newest', 'x'])),
  ];
  const filled = (over: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_m, k: string) =>
      encodeURIComponent(over[k] ?? baseline(k, undefined, ids) ?? '1'),
    );
  const baseQuery = (skip: string) =>
    query
      .filter((p) => p.name !== skip)
      .map((p) => [p.name, baseline(p.name, p.schema, ids)] as const)
      .filter((e): e is readonly [string, string] => e[1] !== undefined)
      .map(([k, v]) => enc(k, v));
  const baseBody = () =>
    Object.fromEntries(
      Object.entries(bodySchema?.properties ?? {})
        .map(([k, s]) => [k, baseline(k, s, ids)] as const)
        .filter((e) => e[1] !== undefined),
    );
  const bodyText = bodySchema ? JSON.stringify(baseBody()) : undefined;
  const withBody = (url: string): Omit<Probe, 'token'> => ({
    method,
    url,
    ...(bodyText === undefined ? {} : { body: bodyText, contentType: 'application/json' }),
  });
  const out: Omit<Probe, 'token'>[] = [];
  const textValues = (schema: Schema | undefined) => [
    ...NUMBERS,
    ...TEXTS,
    ...(schema?.type === 'string' && !schema.enum ? forged(kinds) : []),
  ];

  for (const p of query) {
    const rest = baseQuery(p.name);
    const url = (pairs: string[]) => `${filled()}?${[...rest, ...pairs].join('&')}`;
    const keys = isObject(p.schema)
      ? Object.keys(p.schema?.properties ?? { x: {} }).map((k) => `${p.name}[${k}]`)
      : [p.name];
    for (const key of keys) for (const v of textValues(p.schema)) out.push(withBody(url([enc(key, v)])));
    // A forged token may only bite under one value of a sibling choice (a cursor under each sort).
    for (const sibling of query.filter((q) => q !== p && q.schema?.enum && p.schema?.type === 'string'))
      for (const choice of (sibling.schema?.enum ?? []).map(String))
        for (const v of forged(kinds)) {
          const pairs = baseQuery(p.name).filter((e) => !e.startsWith(`${sibling.name}=`));
          out.push(
            withBody(`${filled()}?${[...pairs, enc(sibling.name, choice), enc(p.name, v)].join('&')}`),
          );
        }
    for (const raw of RAW(p.name)) out.push(withBody(url([raw])));
  }
  for (const p of pathParams)
    for (const v of textValues(p.schema)) if (v !== '') out.push(withBody(filled({ [p.name]: v })));
  out.push(withBody(`${filled()}?zz[a]=1&zz[]=2&${'k'.repeat(3000)}=1`));

  if (method === 'post') {
    for (const field of Object.keys(bodySchema?.properties ?? {}))
      for (const v of JSON_VALUES) {
        const others = JSON.stringify({ ...baseBody(), [field]: undefined });
        const body = `{${JSON.stringify(field)}:${v}${others === '{}' ? '}' : `,${others.slice(1)}`}`;
        out.push({ method, url: filled(), body, contentType: 'application/json', field: true });
      }
    for (const b of BODIES) out.push({ method, url: filled(), ...b });
  }
  // Every probe goes out without a session and with one; body fields of a public route (register,
  // login) read no session, so they go once: each may cost a password hash.
  const secured = Boolean(op.security?.length);
  return out.flatMap((p) => [
    { ...p, token: false },
    ...(p.field && !secured ? [] : [{ ...p, token: true }]),
  ]);
}

let t: TestApp;
let doc: Doc;
let user: { token: string; id: number };
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db, { products: 12 });
  user = await t.register('fuzzer');
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc;
  Object.assign(ids, {
    product_id: '1',
    mer_id: '1',
    category_id: '1',
    id: '1',
    n: '0',
    part: 'avatar',
    w: '120',
    lang: 'en-US',
    account: 'fuzzer',
    password: 'secret123',
    oldpassword: 'secret123',
    newpassword: 'secret123',
    password_pay: '123456',
    init_data: 'user=%7B%7D',
  });
}, 120_000);
afterAll(() => t.close());

describe('fuzz: every route of the API document survives malformed input', () => {
  it('no request answers 5xx or takes more than a few seconds', async () => {
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method, op })),
    );
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    let sent = 0;
    const started = performance.now();
    const perRoute: Record<string, number> = {};
    const undeclared = new Set<string>();
    const send = async (probe: Probe, op: Operation, path: string) => {
      const headers: Record<string, string> = {};
      if (probe.token) headers.token = user.token;
      if (probe.contentType) headers['content-type'] = probe.contentType;
      const begin = performance.now();
      const res = await t.app.inject({
        method: probe.method.toUpperCase() as 'GET' | 'POST',
        url: probe.url,
        headers,
        ...(probe.body === undefined ? {} : { payload: probe.body }),
      });
      const ms = performance.now() - begin;
      sent++;
      if (!op.responses?.[String(res.statusCode)])
        undeclared.add(`${probe.method.toUpperCase()} ${path}: ${res.statusCode}`);
      if (res.statusCode >= 500 || ms > SLOW_MS)
        failures.push(
          `${res.statusCode} ${Math.round(ms)}ms ${probe.method.toUpperCase()} ${probe.url.slice(0, 300)}` +
            `${probe.token ? ' (signed in)' : ''}${probe.body === undefined ? '' : ` body=${probe.body.slice(0, 200)}`}`,
        );
    };
    for (const { path, method, op } of routes) {
      const routeStart = performance.now();
      const probes = probesFor(path, method, op, ids);
      // A few at a time: password hashes run on the thread pool while the database answers others.
      for (let i = 0; i < probes.length; i += PARALLEL) {
        // Some probes end the session (logout, a new password): a fresh one keeps the next ones signed in.
        if (!(await findSessionUser(t.database.db, user.token)))
          user.token = (await createSession(t.database.db, user.id)).token;
        await Promise.all(probes.slice(i, i + PARALLEL).map((probe) => send(probe, op, path)));
      }
      perRoute[path] = Math.round(performance.now() - routeStart);
    }
    const seconds = (performance.now() - started) / 1000;
    const slowest = Object.entries(perRoute)
      .sort((x, y) => y[1] - x[1])
      .slice(0, 3)
      .map(([route, ms]) => `${route} ${(ms / 1000).toFixed(1)} s`);
    console.info(
      `fuzz: ${sent} requests over ${routes.length} routes in ${seconds.toFixed(1)} s (slowest: ${slowest.join(', ')})`,
    );
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    expect([...undeclared].sort()).toEqual([]);
  }, 240_000);
});
