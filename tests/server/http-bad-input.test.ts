import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, type EndpointName } from '../../common/api/routes';
import type { Lang } from '../../common/languages';
import { translate } from '../../server/lib/i18n';
import { countUsers, expectNoInternals, freshIp, readUser } from './helpers';
import { useTestApp } from '../support/use-app';

const t = useTestApp();
let user: { token: string; id: number };
beforeAll(async () => {
  user = await t.register('input_user');
});

const POSTS: EndpointName[] = [
  'user.register',
  'user.login',
  'user.tgLogin',
  'user.profile',
  'user.resetPwd',
  'user.resetPay',
  'user.verifyPay',
];

/** Every field name the user endpoints read. */
const FIELDS = [
  'account',
  'password',
  'email',
  'mobile',
  'familyName',
  'givenName',
  'init_data',
  'avatar',
  'oldpassword',
  'newpassword',
  'password_pay',
];

/** Sends a raw payload to endpoint `name` and checks the answer is an envelope a client can show. */
async function send(name: EndpointName, payload: string | Buffer, contentType: string, lang = 'de-DE') {
  const res = await t.app.inject({
    method: 'POST',
    url: apiRoutes[name].path,
    payload,
    headers: { 'content-type': contentType, token: user.token, lang },
    remoteAddress: freshIp(),
  });
  expectNoInternals(res.body);
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: unknown }) };
}

/** The envelope every request the server cannot read is refused with: errors.badRequest in `lang`. */
const badRequest = (lang: Lang = 'de-DE') => ({
  code: 0,
  msg: translate(lang, 'errors.badRequest'),
  data: null,
  error: 'errors.badRequest',
});

describe('bad transport: a body the server cannot read is refused, never a 500', () => {
  it.each(POSTS)('malformed JSON to %s', async (name) => {
    const before = await countUsers(t);
    const res = await send(name, '{"account": "half', 'application/json');
    expect(res).toEqual({ status: 200, ...badRequest() });
    expect(await countUsers(t)).toBe(before);
  });

  it.each([
    ['text/xml', '<account>x</account>'],
    ['application/x-www-form-urlencoded', 'account=x&password=y'],
    ['text/plain', 'account=x'],
    ['application/octet-stream', 'AAAA'],
  ])('content type %s', async (type, body) => {
    const res = await send('user.register', body, type, 'zh-CN');
    expect(res).toEqual({ status: 200, ...badRequest('zh-CN') });
  });

  it.each(['null', '[]', '"text"', '42', 'true'])('a JSON body that is not an object (%s)', async (body) => {
    const res = await send('user.register', body, 'application/json');
    expect(res).toMatchObject({ status: 200, code: 0 });
    expect(res.msg).not.toMatch(/\(\s*\)/);
  });

  it.each([
    ['user.login', { account: 'input\u0000user', password: 'secret123' }],
    ['user.profile', { givenName: 'Nul\u0000Name' }],
    ['user.register', { account: 'nul_user', password: 'secret\u00001' }],
  ] as const)('a NUL character (PostgreSQL text cannot hold one) to %s', async (name, body) => {
    const before = await readUser(t, user.id);
    const users = await countUsers(t);
    const res = await send(name, JSON.stringify(body), 'application/json');
    expect(res).toEqual({ status: 200, ...badRequest() });
    expect(await readUser(t, user.id)).toEqual(before);
    expect(await countUsers(t)).toBe(users);
  });

  it.each([
    '/api/product/index?keyword=a%00b',
    '/api/index/product?limit=%00',
    '/api/product/search?keyword=x&x=%00',
  ])('a NUL character in the query of %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { lang: 'de-DE' } });
    expect(res.json()).toEqual(badRequest());
  });

  it('a body over 1 MiB answers 413 with the envelope and stores nothing', async () => {
    const before = await countUsers(t);
    const body = JSON.stringify({ account: 'huge_body', password: 'p'.repeat(1024 * 1024 + 10) });
    const res = await send('user.register', body, 'application/json');
    expect(res).toEqual({
      status: 413,
      code: 0,
      msg: translate('de-DE', 'errors.tooLarge'),
      data: null,
      error: 'errors.tooLarge',
    });
    expect(await countUsers(t)).toBe(before);
  });
});

describe('bad values: odd types and sizes are refused with a message, never a 500', () => {
  const LONG = 'z'.repeat(5000);
  const VALUES: [string, unknown][] = [
    ['5,000 characters', LONG],
    ['a number', 123456],
    ['a float', 0.1],
    ['null', null],
    ['an array', ['a', 'b']],
    ['an object', { $ne: '' }],
    ['a boolean', true],
    ['unicode and NUL', 'a\u0000b\u202e\ud83d\ude00'],
  ];

  it.each(VALUES)('every field as %s, at every endpoint', async (_label, value) => {
    const before = await readUser(t, user.id);
    for (const name of POSTS) {
      const body = Object.fromEntries(FIELDS.map((f) => [f, value]));
      const res = await send(name, JSON.stringify(body), 'application/json');
      expect({ name, status: res.status, code: res.code }).toEqual({ name, status: 200, code: 0 });
      expect(res.msg.length).toBeGreaterThan(0);
    }
    expect(await readUser(t, user.id)).toEqual(before);
  });

  it.each(VALUES.filter(([, v]) => typeof v !== 'object' || v === null))(
    'query values as %s',
    async (_label, value) => {
      const q = encodeURIComponent(String(value));
      for (const url of [`/api/user/set_language?lang=${q}`, `/api/user/logout?lang[x]=${q}&lang=${q}`]) {
        const res = await t.app.inject({
          method: url.includes('logout') ? 'POST' : 'GET',
          url,
          headers: { token: 'none' },
        });
        expect(res.statusCode).toBe(200);
        expectNoInternals(res.body);
      }
    },
  );
});

describe('any JSON at all: the user endpoints answer an envelope, never a 500', () => {
  // Arbitrary JSON, and objects with the real field names holding any value (binary strings
  // include NUL and lone surrogates).
  const anyValue = fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), fc.jsonValue({ maxDepth: 2 }));
  const anyBody = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.dictionary(fc.constantFrom(...FIELDS), anyValue),
  );

  it('random JSON bodies (property test)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POSTS), anyBody, async (name, body) => {
        const res = await send(name, JSON.stringify(body), 'application/json');
        expect(res.status).toBe(200);
        expect([0, 1]).toContain(res.code);
        expect(typeof res.msg).toBe('string');
      }),
      { numRuns: 150 },
    );
    // Whatever was sent, this shopper still has their password and session.
    expect((await t.endpoint('user.getUserInfo', { token: user.token })).code).toBe(1);
  });
});
