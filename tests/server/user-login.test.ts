import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimits, users } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { configurePasswords, hashPassword, passwordWork } from '../../server/lib/passwords';
import { LOGIN_LIMITS } from '../../server/modules/user/login';
import { useTestApp } from '../support/use-app';
import { countSessions, freshIp, initData, readUser, TG_USER } from './helpers';

const t = useTestApp();

/**
 * Runs `work` with new hashes at a real shop's least cost (2^14, some 40 ms each): tests of hashing
 * work and of the hashing queue need hashes at a real cost, where the suites' usual cost
 * takes a millisecond.
 */
async function atShopCost<T>(work: () => Promise<T>): Promise<T> {
  configurePasswords({ costLog2: 14 });
  try {
    return await work();
  } finally {
    configurePasswords({ costLog2: t.app.config.PASSWORD_HASH_COST });
  }
}

type LoginData = { userinfo: { id: number; account: string; token: string } };
const login = (account: string, password: string, ip = freshIp(), lang?: string) =>
  t.endpoint<LoginData>('user.login', { body: { account, password }, ip, lang });

describe('login: account and password', () => {
  it('answers a working token; the account name matches regardless of case', async () => {
    const { id } = await t.register('Login_Happy');
    const res = await login('LOGIN_HAPPY', 'secret123', freshIp(), 'de-DE');
    expect(res).toMatchObject({ status: 200, code: 1, msg: translate('de-DE', 'user.loggedIn') });
    expect(res.data.userinfo).toMatchObject({ id, account: 'Login_Happy' });
    const info = await t.endpoint('user.getUserInfo', { token: res.data.userinfo.token });
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
    const res = await t.endpoint('user.login', { body, lang: 'de-DE', ip: freshIp() });
    expect(res).toMatchObject({
      status: 200,
      code: 0,
      msg: translate('de-DE', 'errors.enterAccountPassword'),
    });
  });
});

describe('login: five failures lock the guessing address out of that account, not the owner', () => {
  it('after 5 wrong passwords from one address its 6th attempt, even the right one, answers 429 naming the minutes', async () => {
    const { id } = await t.register('lock_account');
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await login('lock_account', `wrong-${i}`, ip)).msg).toBe(
        translate('en-US', 'errors.loginFailed'),
      );
    }
    const sessionsBefore = await countSessions(t, id);
    const res = await login('Lock_Account', 'secret123', ip, 'de-DE');
    expect(res).toMatchObject({
      status: 429,
      code: 0,
      msg: translate('de-DE', 'errors.tooManyLogins', { minutes: 15 }),
      data: null,
    });
    expect(res.msg).toContain('15');
    expect(await countSessions(t, id)).toBe(sessionsBefore);
    // The same address may still log in to another account.
    await t.register('lock_neighbour');
    expect((await login('lock_neighbour', 'secret123', ip)).code).toBe(1);
  });

  it('an attacker failing 50 times from address A does not stop the owner logging in from address B at once', async () => {
    await t.register('lock_owner');
    const attacker = freshIp();
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push(await login('lock_owner', `guess-${i}`, attacker));
    expect(answers.slice(0, 5).every((a) => a.status === 200 && a.code === 0)).toBe(true);
    expect(answers.slice(5).every((a) => a.status === 429)).toBe(true);
    const owner = await login('lock_owner', 'secret123', freshIp());
    expect(owner).toMatchObject({ status: 200, code: 1 });
  });

  it('a successful login clears the failures of that account and address', async () => {
    await t.register('lock_reset');
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await login('lock_reset', 'wrong', ip)).code).toBe(0);
    expect((await login('lock_reset', 'secret123', ip)).code).toBe(1);
    for (let i = 0; i < 4; i++) expect((await login('lock_reset', 'wrong', ip)).code).toBe(0);
    expect((await login('lock_reset', 'secret123', ip)).code).toBe(1);
  });

  it('the lock ends with its window', async () => {
    await t.register('lock_window');
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await login('lock_window', 'wrong', ip);
    expect((await login('lock_window', 'secret123', ip)).status).toBe(429);
    await t.database.db
      .update(rateLimits)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(sql`${rateLimits.key} like ${'%lock_window%'}`);
    expect((await login('lock_window', 'secret123', ip)).code).toBe(1);
  });

  it('concurrent wrong guesses from one address cannot exceed the limit', async () => {
    await t.register('lock_burst');
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login('lock_burst', `guess-${i}`, ip)),
    );
    const refusedAsWrong = answers.filter((a) => a.status === 200 && a.code === 0).length;
    expect(refusedAsWrong).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(12 - refusedAsWrong);
    expect((await login('lock_burst', 'secret123', ip)).status).toBe(429);
  });
});

describe('login: beyond 50 failures an account is slowed for new addresses, with a growing wait, never locked', () => {
  const expireSlowdown = (account: string) =>
    t.database.db
      .update(rateLimits)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(sql`${rateLimits.key} = ${`login:slow:${account}`}`);

  it('new addresses wait "N seconds", N grows; the owner on a known device and through Telegram gets in at once', async () => {
    const { token } = await t.register('slow_owner');
    const home = freshIp();
    expect((await login('slow_owner', 'secret123', home)).code).toBe(1);
    const linked = await t.endpoint('user.tgLogin', {
      token,
      body: { init_data: initData({ ...TG_USER, id: 4_400_000_001 }) },
    });
    expect(linked.code).toBe(1);
    for (let i = 0; i < LOGIN_LIMITS.accountCeiling; i++) {
      expect((await login('slow_owner', `botnet-${i}`)).code).toBe(0);
    }
    // The first attempt past the ceiling is checked and starts a wait of 2 s...
    expect((await login('slow_owner', 'botnet-x')).status).toBe(200);
    const first = await login('slow_owner', 'secret123', freshIp(), 'de-DE');
    expect(first).toMatchObject({ status: 429, code: 0, data: null });
    const firstWait = Number(/\d+/.exec(first.msg)?.[0]);
    expect(first.msg).toBe(translate('de-DE', 'auth.loginSlowed', { seconds: firstWait }));
    expect(firstWait).toBeGreaterThanOrEqual(1);
    expect(firstWait).toBeLessThanOrEqual(2);
    // ...the next failure after it doubles it.
    await expireSlowdown('slow_owner');
    expect((await login('slow_owner', 'botnet-y')).status).toBe(200);
    const second = await login('slow_owner', 'secret123', freshIp());
    const secondWait = Number(/\d+/.exec(second.msg)?.[0]);
    expect(second.status).toBe(429);
    expect(secondWait).toBeGreaterThan(2);
    expect(secondWait).toBeLessThanOrEqual(4);

    expect((await login('slow_owner', 'secret123', home)).code).toBe(1);
    const viaTelegram = await t.endpoint('user.tgLogin', {
      body: { init_data: initData({ ...TG_USER, id: 4_400_000_001 }) },
    });
    expect(viaTelegram).toMatchObject({ code: 1, data: { userinfo: { account: 'slow_owner' } } });
  });

  it('once the wait has passed, the right password from a new address logs in', async () => {
    await t.register('slow_later');
    for (let i = 0; i < LOGIN_LIMITS.accountCeiling; i++) await login('slow_later', `botnet-${i}`);
    expect((await login('slow_later', 'botnet-x')).code).toBe(0);
    expect((await login('slow_later', 'secret123')).status).toBe(429);
    await expireSlowdown('slow_later');
    expect((await login('slow_later', 'secret123')).code).toBe(1);
  });
});

describe('login: the answer time does not tell whether an account exists', () => {
  /** The hashing one failed login costs (what its answer time is made of). */
  const hashingOf = async (account: string) => {
    const before = passwordWork();
    const res = await login(account, 'not-the-password');
    expect(res.msg).toBe(translate('en-US', 'errors.loginFailed'));
    const after = passwordWork();
    return { hashes: after.hashes - before.hashes, work: after.work - before.work };
  };

  it('an unknown account or one without a password costs the same hashing as a wrong password', () =>
    atShopCost(async () => {
      await t.register('timing_known');
      const tgOnly = await t.endpoint<{ userinfo: { account: string } }>('user.tgLogin', {
        body: { init_data: initData({ ...TG_USER, id: 4_400_000_002 }) },
      });
      // The dummy hash unknown accounts are checked against is made once per cost, at the first.
      await hashingOf('timing_nobody_first');
      const known = await hashingOf('timing_known');
      expect(known).toEqual({ hashes: 1, work: 2 ** 14 * 8 });
      expect(await hashingOf('timing_nobody')).toEqual(known);
      expect(await hashingOf(tgOnly.data.userinfo.account)).toEqual(known);
    }));
});

describe('login: a hash made at a lower cost is upgraded after a successful login', () => {
  it('the stored hash gets the configured cost and the password keeps working', async () => {
    const { id } = await t.register('rehash_me');
    const cost = t.app.config.PASSWORD_HASH_COST;
    const cheap = await hashPassword('old-cheap-pw', cost - 2);
    await t.database.db.update(users).set({ passwordHash: cheap }).where(eq(users.id, id));
    expect((await readUser(t, id)).passwordHash).toMatch(new RegExp(`^scrypt\\$${2 ** (cost - 2)}\\$`));
    expect((await login('rehash_me', 'old-cheap-pw')).code).toBe(1);
    const upgraded = (await readUser(t, id)).passwordHash;
    expect(upgraded).toMatch(new RegExp(`^scrypt\\$${2 ** t.app.config.PASSWORD_HASH_COST}\\$8\\$1\\$`));
    expect((await login('rehash_me', 'old-cheap-pw')).code).toBe(1);
    expect((await readUser(t, id)).passwordHash).toBe(upgraded);
  });

  it('a failed login leaves the cheap hash alone', async () => {
    const { id } = await t.register('rehash_not');
    const cheap = await hashPassword('old-cheap-pw', t.app.config.PASSWORD_HASH_COST - 2);
    await t.database.db.update(users).set({ passwordHash: cheap }).where(eq(users.id, id));
    expect((await login('rehash_not', 'wrong-pw')).code).toBe(0);
    expect((await readUser(t, id)).passwordHash).toBe(cheap);
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

describe('login: only a few password hashes run at once; a flood beyond the queue is refused with 429', () => {
  it('with one hash at a time and two waiting, a burst gets "busy" answers and a login right after works', () =>
    atShopCost(async () => {
      await t.register('queue_owner');
      configurePasswords({ concurrency: 1, queueLimit: 2 });
      try {
        const burst = await Promise.all(
          Array.from({ length: 12 }, (_, i) => login(`queue_nobody_${i}`, 'whatever', freshIp(), 'ko-KR')),
        );
        const busy = burst.filter((a) => a.status === 429);
        expect(busy.length).toBeGreaterThan(0);
        for (const a of busy)
          expect(a).toMatchObject({ code: 0, msg: translate('ko-KR', 'auth.busy'), data: null });
        for (const a of burst.filter((b) => b.status !== 429))
          expect(a.msg).toBe(translate('ko-KR', 'errors.loginFailed'));
        expect((await login('queue_owner', 'secret123')).code).toBe(1);
      } finally {
        configurePasswords({ concurrency: 2, queueLimit: 16 });
      }
    }));
});
