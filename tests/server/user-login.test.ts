import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { createTestApp, type TestApp } from '../support/app';
import { countSessions, freshIp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type LoginData = { userinfo: { id: number; account: string; token: string } };
const login = (account: string, password: string, ip = freshIp(), lang?: string) =>
  t.call<LoginData>('POST', '/api/user/login', { body: { account, password }, ip, lang });

describe('login: account and password', () => {
  it('answers a working token; the account name matches regardless of case', async () => {
    const { id } = await t.register('Login_Happy');
    const res = await login('LOGIN_HAPPY', 'secret123', freshIp(), 'de-DE');
    expect(res).toMatchObject({ status: 200, code: 1, msg: translate('de-DE', 'user.loggedIn') });
    expect(res.data.userinfo).toMatchObject({ id, account: 'Login_Happy' });
    const info = await t.call('GET', '/api/user/getUserInfo', { token: res.data.userinfo.token });
    expect(info).toMatchObject({ code: 1, data: { id } });
  });

  it('a wrong password and an unknown account get the same refusal and no session', async () => {
    const { id } = await t.register('login_wrong');
    const sessionsBefore = await countSessions(t, id);
    const wrong = await login('login_wrong', 'not-the-password', freshIp(), 'zh-CN');
    const unknown = await login('login_nobody', 'secret123', freshIp(), 'zh-CN');
    for (const res of [wrong, unknown]) {
      expect(res).toMatchObject({ status: 200, code: 0, msg: translate('zh-CN', 'errors.loginFailed') });
      expect(res.data).toBeNull();
    }
    expect(await countSessions(t, id)).toBe(sessionsBefore);
  });

  it.each([
    ['account missing', { password: 'secret123' }],
    ['password missing', { account: 'login_x' }],
    ['both blank', { account: '  ', password: '' }],
    ['account as a number', { account: 42, password: 'secret123' }],
    ['password of 5,000 characters', { account: 'login_x', password: 'p'.repeat(5000) }],
  ])('bad input (%s) is refused with a clear message', async (_label, body) => {
    const res = await t.call('POST', '/api/user/login', { body, lang: 'de-DE', ip: freshIp() });
    expect(res).toMatchObject({
      status: 200,
      code: 0,
      msg: translate('de-DE', 'errors.enterAccountPassword'),
    });
  });
});

describe('login: failures are limited per account', () => {
  it('after 5 wrong passwords the 6th attempt, even the right one, answers 429 naming the minutes', async () => {
    const { id } = await t.register('lock_account');
    for (let i = 0; i < 5; i++) {
      // Each guess from another address: the per-account limit must hold on its own.
      expect((await login('lock_account', `wrong-${i}`)).msg).toBe(translate('en-US', 'errors.loginFailed'));
    }
    const sessionsBefore = await countSessions(t, id);
    const res = await login('Lock_Account', 'secret123', freshIp(), 'de-DE');
    expect(res).toMatchObject({
      status: 429,
      code: 0,
      msg: translate('de-DE', 'errors.tooManyLogins', { minutes: 15 }),
      data: null,
    });
    expect(res.msg).toContain('15');
    expect(await countSessions(t, id)).toBe(sessionsBefore);
    // Another account is not affected.
    await t.register('lock_neighbour');
    expect((await login('lock_neighbour', 'secret123')).code).toBe(1);
  });

  it('a successful login clears the failures of that account', async () => {
    await t.register('lock_reset');
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await login('lock_reset', 'wrong', ip)).code).toBe(0);
    expect((await login('lock_reset', 'secret123', ip)).code).toBe(1);
    for (let i = 0; i < 4; i++) expect((await login('lock_reset', 'wrong', ip)).code).toBe(0);
    expect((await login('lock_reset', 'secret123', ip)).code).toBe(1);
  });

  it('the lock ends with its window', async () => {
    await t.register('lock_window');
    for (let i = 0; i < 5; i++) await login('lock_window', 'wrong');
    expect((await login('lock_window', 'secret123')).status).toBe(429);
    await t.database.db
      .update(rateLimits)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(sql`${rateLimits.key} like ${'%lock_window%'}`);
    expect((await login('lock_window', 'secret123')).code).toBe(1);
  });

  it('concurrent wrong guesses cannot exceed the limit', async () => {
    await t.register('lock_burst');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login('lock_burst', `guess-${i}`)),
    );
    const refusedAsWrong = answers.filter((a) => a.status === 200 && a.code === 0).length;
    expect(refusedAsWrong).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(12 - refusedAsWrong);
    expect((await login('lock_burst', 'secret123')).status).toBe(429);
  });
});

describe('login: failures are limited per client address', () => {
  it('20 failures across different accounts from one address lock that address only', async () => {
    await t.register('addr_victim');
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      expect((await login(`addr_unknown_${i}`, 'whatever', ip)).status).toBe(200);
    }
    const res = await login('addr_victim', 'secret123', ip, 'zh-CN');
    expect(res).toMatchObject({
      status: 429,
      code: 0,
      msg: translate('zh-CN', 'errors.tooManyLogins', { minutes: 15 }),
    });
    expect((await login('addr_victim', 'secret123', freshIp())).code).toBe(1);
  });

  it('a made-up X-Forwarded-For header does not give a client a new address', async () => {
    const ip = '203.0.113.9';
    const attempt = (n: number, account = `xff_unknown_${n}`, password = 'whatever') =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { account, password },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `192.0.2.${n}` },
      });
    for (let i = 0; i < 20; i++) expect((await attempt(i)).statusCode).toBe(200);
    await t.register('xff_victim');
    const res = await attempt(99, 'xff_victim', 'secret123');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 0, data: null });
  });

  it('successful logins do not count against the address', async () => {
    await t.register('addr_regular');
    const ip = freshIp();
    for (let i = 0; i < 21; i++) expect((await login('addr_regular', 'secret123', ip)).code).toBe(1);
  });
});
