import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '../../common/api/contract';
import { apiRoutes } from '../../common/api/routes';
import { translate } from '../../server/lib/i18n';
import { createTestApp } from '../support/app';
import { useTestApp } from '../support/use-app';
import { expectNoInternals } from './helpers';

const t = useTestApp();

describe('healthz: the load balancer check', () => {
  it('answers ok with the database kind after a database round trip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
    });
  });
});

describe('OpenAPI: the server publishes its API document', () => {
  const USER_ROUTES: [string, string][] = [
    ['post', '/api/user/register'],
    ['post', '/api/user/login'],
    ['post', '/api/user/tg_login'],
    ['get', '/api/user/getUserInfo'],
    ['post', '/api/user/logout'],
    ['post', '/api/user/profile'],
    ['post', '/api/user/resetpwd'],
    ['post', '/api/user/resetPay'],
    ['post', '/api/user/verify_pay'],
    ['get', '/api/user/language_list'],
    ['get', '/api/user/set_language'],
    ['post', '/api/upload'],
  ];
  type Doc = {
    openapi: string;
    paths: Record<
      string,
      Record<
        string,
        { requestBody?: unknown; security?: unknown[]; tags?: string[]; responses?: Record<string, unknown> }
      >
    >;
    components: { securitySchemes: Record<string, unknown> };
  };
  let doc: Doc;
  beforeAll(async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json() as Doc;
  });

  it('lists every user route and the upload with its method', () => {
    expect(doc.openapi).toMatch(/^3\./);
    for (const [method, url] of USER_ROUTES)
      expect(doc.paths[url]?.[method], `${method} ${url}`).toBeDefined();
  });

  it('declares the request bodies from the shared zod schemas', () => {
    const register = JSON.stringify(doc.paths['/api/user/register'].post.requestBody);
    for (const field of ['account', 'password', 'email', 'mobile']) expect(register).toContain(field);
    expect(JSON.stringify(doc.paths['/api/user/tg_login'].post.requestBody)).toContain('init_data');
  });

  it('marks the calls that need a session with the token header scheme', () => {
    expect(doc.components.securitySchemes.token).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'token',
    });
    expect(doc.paths['/api/user/getUserInfo'].get.security).toEqual([{ token: [] }]);
    expect(doc.paths['/api/user/login'].post.security).toBeUndefined();
  });

  it('declares every status a route answers: 413 on a body, 422 where a key is taken, 429 and 500 everywhere', () => {
    const routes: ApiRoute[] = Object.values(apiRoutes);
    for (const route of routes) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      const declared = Object.keys(op?.responses ?? {}).sort();
      const expected = [
        '200',
        ...(route.method === 'POST' ? ['413'] : []),
        ...(route.idempotent ? ['422'] : []),
        '429',
        '500',
      ];
      expect(declared, `${route.method} ${route.path}`).toEqual(expected);
    }
    expect(routes.filter((r) => r.idempotent)).toHaveLength(10);
  });

  it('every endpoint the contract marks idempotent refuses a call without a valid key, before its body is read', async () => {
    const { token } = await t.register('idem_contract');
    const idempotent = Object.entries(apiRoutes).filter(([, route]) => (route as ApiRoute).idempotent);
    expect(idempotent.length).toBeGreaterThan(0);
    for (const [name, route] of idempotent) {
      for (const key of [undefined, 'short']) {
        const res = await t.app.inject({
          method: route.method,
          url: route.path,
          headers: { token, ...(key ? { 'idempotency-key': key } : {}) },
          payload: {},
        });
        expect(res.json(), `${name} with key ${key}`).toMatchObject({
          code: 0,
          error: 'errors.idempotencyKey',
        });
      }
    }
  });

  it('a body past the limit answers the 413 it declares, in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'a', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 0, data: null, error: 'errors.tooLarge' });
    expect(doc.paths['/api/user/login'].post.responses?.['413']).toBeDefined();
  });

  it("marks a field that may be null as nullable (a bag line's unavailableReason)", () => {
    const text = JSON.stringify(doc.paths['/api/cart/index'].get.responses?.['200']);
    const at = text.indexOf('"unavailableReason"');
    expect(at).toBeGreaterThan(0);
    expect(text.slice(at, at + 300)).toMatch(/"nullable":true|"type":"null"|"null"\]/);
  });

  it('leaves out the internal routes', () => {
    expect(doc.paths['/healthz']).toBeUndefined();
    expect(doc.paths['/api/docs/json']).toBeUndefined();
  });
});

describe('unknown paths under /api answer 404 with the envelope', () => {
  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/user/nothing-here'],
    ['GET', '/api/user/login'],
    ['GET', '/api/user/getUserInfo/extra'],
  ] as const)('%s %s', async (method, url) => {
    const res = await t.call(method, url, { lang: 'de-DE' });
    expect(res).toEqual({
      status: 404,
      code: 0,
      msg: translate('de-DE', 'errors.notFound'),
      data: null,
      error: 'errors.notFound',
    });
  });

  it('an unknown upload file is a 404 too, not the app page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/2020-01/none.webp' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 0, data: null });
  });
});

describe('uploads: a path cannot climb out of the uploads folder', () => {
  it.each([
    '/uploads/../package.json',
    '/uploads/..%2f..%2fpackage.json',
    '/uploads/%2e%2e/%2e%2e/package.json',
    '/uploads/..%5c..%5cpackage.json',
  ])('%s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.body).not.toContain('"devDependencies"');
    expect(res.json()).toMatchObject({ code: 0, data: null });
  });
});

describe('failures carry a stable error key beside the translated message', () => {
  it('the same key in every language, while the message is translated', async () => {
    const answers = await Promise.all(
      ['en-US', 'de-DE', 'ja-JP'].map((lang) =>
        t.endpoint('user.login', { body: { account: 'nobody_here', password: 'wrong-pass' }, lang }),
      ),
    );
    for (const a of answers) expect(a).toMatchObject({ code: 0, data: null, error: 'errors.loginFailed' });
    expect(new Set(answers.map((a) => a.msg)).size).toBe(3);
  });

  it('401, validation failures and unknown paths carry their keys too', async () => {
    const noToken = await t.app.inject({ method: 'GET', url: '/api/user/getUserInfo' });
    expect(noToken.json()).toMatchObject({ code: 401, error: 'errors.loginFirst' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(missing.json()).toMatchObject({ code: 0, error: 'errors.notFound' });
    const bad = await t.endpoint('user.register', { body: { account: 'ok_name', password: '1' } });
    expect(bad.code).toBe(0);
    expect(typeof bad.error).toBe('string');
  });
});

describe('request language: the lang header chooses the message language', () => {
  it.each([
    ['xx-YY', 'en-US'],
    ['', 'en-US'],
    ['<script>', 'en-US'],
    ['de', 'de-DE'],
    ['zh-hans', 'zh-CN'],
    ['JA-jp', 'ja-JP'],
  ])('lang %j answers in %s', async (lang, expected) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/getUserInfo', headers: { lang } });
    expect(res.json()).toMatchObject({ code: 401, msg: translate(expected as 'en-US', 'errors.loginFirst') });
  });
});

describe('query string: GET parameters go through the nested key[sub] parser', () => {
  it('nested parameters next to a known one do not disturb the call', async () => {
    const { token } = await t.register('qs_user');
    const res = await t.call('GET', '/api/user/set_language?lang=ja-JP&filter[a]=1&filter[b]=2', { token });
    expect(res).toMatchObject({ code: 1, data: { lang: 'ja-JP' } });
    const nested = await t.call('GET', '/api/user/set_language?lang[x]=ko-KR', { token });
    expect(nested).toMatchObject({ status: 200, code: 0, msg: translate('en-US', 'errors.languageUnknown') });
  });
});

describe('request ids: every answer carries one for the logs', () => {
  it("never takes the client's x-request-id: every answer carries an id of our own", async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).not.toBe('abc-123');
    expect(given.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(again.headers['x-request-id']).not.toBe(given.headers['x-request-id']);
    const bad = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a b\nc' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a fault on our side answers 500 with the envelope and no internals', () => {
  it('with the database gone, a call answers the generic message', async () => {
    const broken = await createTestApp();
    const { token } = await broken.register('fault_user');
    await broken.closeDatabase();
    try {
      for (const lang of ['en-US', 'zh-CN'] as const) {
        const res = await broken.app.inject({
          method: 'GET',
          url: '/api/user/getUserInfo',
          headers: { token, lang },
        });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({
          code: 0,
          msg: translate(lang, 'errors.server'),
          data: null,
          error: 'errors.server',
        });
        expectNoInternals(res.body);
      }
      const login = await broken.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { account: 'fault_user', password: 'secret123' },
      });
      expect(login.statusCode).toBe(500);
      expectNoInternals(login.body);
    } finally {
      await broken.close();
    }
  });
});
