import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, type EndpointName } from '../../common/api/routes';
import { SESSION_DAYS } from '../../common/envelope';
import { sessions } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { useTestApp } from '../support/use-app';
import { countSessions, freshIp, readUser } from './helpers';

const t = useTestApp();

/** Every call that needs a session, each with input that would change something if it ran. */
const GUARDED: { name: EndpointName; body?: unknown; query?: Record<string, string> }[] = [
  { name: 'user.getUserInfo' },
  { name: 'user.logout' },
  { name: 'user.logoutAll' },
  { name: 'user.profile', body: { givenName: 'Mallory', email: 'm@example.com' } },
  { name: 'user.resetPwd', body: { oldpassword: 'secret123', newpassword: 'hijacked1' } },
  { name: 'user.resetPay', body: { newpassword: '123456' } },
  { name: 'user.verifyPay', body: { password_pay: '123456' } },
  { name: 'user.setLanguage', query: { lang: 'ru-RU' } },
  { name: 'upload.image' },
];

async function expireSessionsOf(userId: number) {
  await t.database.db
    .update(sessions)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(sessions.userId, userId));
}

describe('session expiry: by the database clock', () => {
  it("a new session expires SESSION_DAYS after the database's now(), as the answer says", async () => {
    const res = await t.endpoint<{ userinfo: { id: number; expiresAt: string } }>('user.register', {
      body: { account: 'clock_owner', password: 'secret123' },
      ip: freshIp(),
    });
    const [row] = await t.database.db
      .select({
        expiresAt: sessions.expiresAt,
        leftSeconds: sql<string>`extract(epoch from (${sessions.expiresAt} - now()))`,
      })
      .from(sessions)
      .where(eq(sessions.userId, res.data.userinfo.id));
    expect(row.expiresAt.toISOString()).toBe(res.data.userinfo.expiresAt);
    const days = SESSION_DAYS * 24 * 3600;
    expect(Number(row.leftSeconds)).toBeGreaterThan(days - 60);
    expect(Number(row.leftSeconds)).toBeLessThanOrEqual(days);
  });

  it('a session whose expires_at is one second before now() in the database is refused', async () => {
    const { token, id } = await t.register('clock_expired');
    expect((await t.endpoint('user.getUserInfo', { token })).code).toBe(1);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, id));
    expect(await t.endpoint('user.getUserInfo', { token })).toMatchObject({
      code: 401,
      error: 'errors.sessionExpired',
    });
  });
});

describe('getUserInfo: the logged-in shopper', () => {
  it('answers the account of the token with money as decimal strings and no secrets', async () => {
    const { token, id } = await t.register('info_owner');
    const res = await t.endpoint<Record<string, unknown>>('user.getUserInfo', {
      token,
      lang: 'de-DE',
    });
    expect(res).toMatchObject({ status: 200, code: 1, msg: translate('de-DE', 'common.success') });
    expect(res.data).toMatchObject({
      id,
      account: 'info_owner',
      balance: '0.00',
      frozen: '0.00',
      hasPayPassword: false,
      hasPassword: true,
      telegramLinked: false,
      lang: 'en-US',
    });
    const text = JSON.stringify(res.data);
    expect(text).not.toMatch(/scrypt|password_?hash|payFail|token/i);
  });
});

describe('sessions: a call that needs a session refuses without a live one (code 401)', () => {
  let victim: { token: string; id: number };
  beforeAll(async () => {
    victim = await t.register('guard_victim');
  });

  async function expectRefusedAndUnchanged(token: string | undefined, key: string) {
    const before = await readUser(t, victim.id);
    for (const c of GUARDED) {
      const res = await t.endpoint(c.name, { body: c.body, query: c.query, token, lang: 'zh-CN' });
      expect({ name: c.name, ...res }).toMatchObject({
        name: c.name,
        status: 200,
        code: 401,
        msg: translate('zh-CN', key),
        data: null,
      });
    }
    expect(await readUser(t, victim.id)).toEqual(before);
  }

  it('no token', () => expectRefusedAndUnchanged(undefined, 'errors.loginFirst'));

  it('an unknown token', () => expectRefusedAndUnchanged('x'.repeat(43), 'errors.sessionExpired'));

  it('a token of 5,000 characters', () =>
    expectRefusedAndUnchanged('y'.repeat(5000), 'errors.sessionExpired'));

  it('an expired token (expires_at in the past)', async () => {
    const user = await t.register('guard_expired');
    await expireSessionsOf(user.id);
    const res = await t.endpoint('user.getUserInfo', { token: user.token });
    expect(res).toMatchObject({ code: 401, msg: translate('en-US', 'errors.sessionExpired') });
    const profile = await t.endpoint('user.profile', {
      token: user.token,
      body: { givenName: 'Late' },
    });
    expect(profile.code).toBe(401);
    expect((await readUser(t, user.id)).givenName).toBe('');
  });

  it('an expired session is cleared away at the next login', async () => {
    const user = await t.register('guard_cleanup');
    await expireSessionsOf(user.id);
    const res = await t.endpoint('user.login', {
      body: { account: 'guard_cleanup', password: 'secret123' },
      ip: freshIp(),
    });
    expect(res.code).toBe(1);
    expect(await countSessions(t, user.id)).toBe(1);
  });
});

describe('logout: the token stops working', () => {
  it('a logged-out token answers 401 and its session row is gone; the message follows ?lang=', async () => {
    const user = await t.register('logout_user');
    expect(await countSessions(t, user.id)).toBe(1);
    const res = await t.endpoint('user.logout', { token: user.token, query: { lang: 'de-DE' } });
    expect(res).toMatchObject({ status: 200, code: 1, msg: translate('de-DE', 'user.loggedOut') });
    expect(await countSessions(t, user.id)).toBe(0);
    const after = await t.endpoint('user.getUserInfo', { token: user.token });
    expect(after).toMatchObject({ code: 401, msg: translate('en-US', 'errors.sessionExpired') });
    expect((await t.endpoint('user.logout', { token: user.token })).code).toBe(401);
  });

  it('a logout with an empty JSON body (content-type set, no body) still logs out', async () => {
    const user = await t.register('logout_empty');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { token: user.token, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.json()).toMatchObject({ code: 1, msg: translate('en-US', 'user.loggedOut') });
    expect(await countSessions(t, user.id)).toBe(0);
  });

  it('logging out one device leaves the other sessions of the same user working', async () => {
    const first = await t.register('logout_two');
    const second = await t.endpoint<{ userinfo: { token: string } }>('user.login', {
      body: { account: 'logout_two', password: 'secret123' },
      ip: freshIp(),
    });
    expect((await t.endpoint('user.logout', { token: first.token })).code).toBe(1);
    const info = await t.endpoint('user.getUserInfo', { token: second.data.userinfo.token });
    expect(info).toMatchObject({ code: 1, data: { id: first.id } });
  });
});

describe("sessions: one shopper's session never reaches another shopper's data", () => {
  it('each token sees its own account, and ids in the body are ignored', async () => {
    const alice = await t.register('iso_alice');
    const bob = await t.register('iso_bob');
    const seen = await t.endpoint<{ id: number }>('user.getUserInfo', { token: bob.token });
    expect(seen.data.id).toBe(bob.id);

    const aliceBefore = await readUser(t, alice.id);
    const res = await t.endpoint<{ id: number; givenName: string }>('user.profile', {
      token: bob.token,
      body: { id: alice.id, user_id: alice.id, uid: alice.id, givenName: 'Bobby' },
    });
    expect(res).toMatchObject({ code: 1, data: { id: bob.id, givenName: 'Bobby' } });
    await t.endpoint('user.setLanguage', {
      token: bob.token,
      query: { lang: 'ja-JP', user_id: String(alice.id) },
    });
    await t.endpoint('user.resetPay', {
      token: bob.token,
      body: { newpassword: '246810', user_id: alice.id },
    });
    expect(await readUser(t, alice.id)).toEqual(aliceBefore);
    expect(await readUser(t, bob.id)).toMatchObject({ givenName: 'Bobby', lang: 'ja-JP' });

    await t.endpoint('user.logout', { token: bob.token });
    const aliceInfo = await t.endpoint<{ id: number }>('user.getUserInfo', { token: alice.token });
    expect(aliceInfo).toMatchObject({ code: 1, data: { id: alice.id } });
  });
});

describe('every call that needs a session answers 401 before it looks at the body or query', () => {
  type Doc = { paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>> };
  let authed: { method: 'GET' | 'POST'; url: string }[];
  beforeAll(async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc;
    authed = Object.entries(doc.paths).flatMap(([url, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security?.some((s) => 'token' in s))
        .map(([method]) => ({ method: method.toUpperCase() as 'GET' | 'POST', url })),
    );
  });

  it('the API document lists the session calls', () => {
    expect(authed.length).toBeGreaterThanOrEqual(GUARDED.length);
    for (const { name } of GUARDED) {
      expect(authed).toContainEqual({ method: apiRoutes[name].method, url: apiRoutes[name].path });
    }
  });

  it.each([
    ['no token', undefined, 'errors.loginFirst'],
    ['an unknown token', 'z'.repeat(43), 'errors.sessionExpired'],
  ])(
    '%s with an invalid body and query gets the 401 envelope, not a validation message',
    async (_l, token, key) => {
      for (const { method, url } of authed) {
        const res = await t.app.inject({
          method,
          url: `${url}?lang=${'x'.repeat(40)}&page=-1&limit=abc&product_id=nope&mer_id=[]`,
          headers: { 'content-type': 'application/json', lang: 'zh-CN', ...(token ? { token } : {}) },
          ...(method === 'POST' ? { payload: '[1, "not an object"]' } : {}),
        });
        expect({ url, status: res.statusCode, ...res.json() }).toMatchObject({
          url,
          status: 200,
          code: 401,
          msg: translate('zh-CN', key),
          data: null,
        });
      }
    },
  );
});
