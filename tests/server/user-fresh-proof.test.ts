import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { createTestApp } from '../support/app';
import { useTestApp } from '../support/use-app';
import { countSessions, freshIp, initData, readUser, registerWithPayPassword, TG_USER } from './helpers';

const t = useTestApp();

type LoginData = { userinfo: { token: string; id: number; account: string } };

/** A shopper who only ever logged in through Telegram: no login or payment password. */
async function telegramOnly(tgId: number) {
  const res = await t.endpoint<LoginData>('user.tgLogin', {
    body: { init_data: initData({ ...TG_USER, id: tgId }) },
  });
  expect(res.code).toBe(1);
  return { ...res.data.userinfo, tgId };
}

const tenMinutesAgo = () => new Date(Date.now() - 10 * 60 * 1000);

describe('a stolen session cannot set a FIRST login password on a Telegram-only account', () => {
  it.each([
    ['no proof at all', () => ({}), 'auth.openInTelegram'],
    [
      'init data older than five minutes',
      (tgId: number) => ({ init_data: initData({ ...TG_USER, id: tgId }, { authDate: tenMinutesAgo() }) }),
      'auth.initDataStale',
    ],
    [
      "another Telegram user's fresh init data",
      () => ({ init_data: initData({ ...TG_USER, id: 9_000_000_999 }) }),
      'auth.telegramMismatch',
    ],
    [
      'init data signed by another bot',
      (tgId: number) => ({
        init_data: initData({ ...TG_USER, id: tgId }, { botToken: '1:other-bot-token-xxxxxxxxxxxx' }),
      }),
      'errors.initDataInvalid',
    ],
    ['a made-up login password', () => ({ password: 'guess-123' }), 'auth.openInTelegram'],
  ])('%s is refused and nothing changes', async (_label, proof, key) => {
    const tgId = 6_100_000_000 + Math.floor(Math.random() * 1e6);
    const shopper = await telegramOnly(tgId);
    const before = await readUser(t, shopper.id);
    const res = await t.endpoint('user.resetPwd', {
      token: shopper.token,
      body: { newpassword: 'hijacked-1', ...proof(tgId) },
      lang: 'de-DE',
    });
    expect(res).toMatchObject({ status: 200, code: 0, msg: translate('de-DE', key), data: null });
    expect(await readUser(t, shopper.id)).toEqual(before);
    expect(await countSessions(t, shopper.id)).toBe(1);
  });

  it('fresh init data of the same Telegram user sets it', async () => {
    const shopper = await telegramOnly(6_200_000_001);
    const res = await t.endpoint('user.resetPwd', {
      token: shopper.token,
      body: { newpassword: 'first-pass-1', init_data: initData({ ...TG_USER, id: shopper.tgId }) },
    });
    expect(res.code).toBe(1);
    expect((await readUser(t, shopper.id)).passwordHash).toMatch(/^scrypt\$/);
  });
});

describe('a FIRST payment password needs fresh proof', () => {
  it('a Telegram-only shopper: refused without init data, set with fresh init data', async () => {
    const shopper = await telegramOnly(6_300_000_001);
    const bare = await t.endpoint('user.resetPay', {
      token: shopper.token,
      body: { newpassword: '135790' },
      lang: 'ru-RU',
    });
    expect(bare).toMatchObject({ code: 0, msg: translate('ru-RU', 'auth.openInTelegram') });
    expect((await readUser(t, shopper.id)).payPasswordHash).toBeNull();
    const proven = await t.endpoint('user.resetPay', {
      token: shopper.token,
      body: { newpassword: '135790', init_data: initData({ ...TG_USER, id: shopper.tgId }) },
    });
    expect(proven.code).toBe(1);
    expect((await readUser(t, shopper.id)).payPasswordHash).toMatch(/^hmac\$v1\$/);
  });

  it('a shopper with a login password: refused without it or with a wrong one, set with the right one', async () => {
    const user = await t.register('proof_pay');
    const set = (body: Record<string, unknown>) =>
      t.endpoint('user.resetPay', { token: user.token, body: { newpassword: '246802', ...body } });
    expect(await set({})).toMatchObject({ code: 0, msg: translate('en-US', 'auth.proofRequired') });
    expect(await set({ password: 'not-it-99' })).toMatchObject({
      code: 0,
      msg: translate('en-US', 'auth.loginPasswordWrong'),
    });
    expect((await readUser(t, user.id)).payPasswordHash).toBeNull();
    expect((await set({ password: 'secret123' })).code).toBe(1);
    expect((await readUser(t, user.id)).payPasswordHash).toMatch(/^hmac\$v1\$/);
  });

  it('guessing the login password through it is limited like a login', async () => {
    const user = await t.register('proof_guess');
    for (let i = 0; i < 5; i++) {
      const res = await t.endpoint('user.resetPay', {
        token: user.token,
        body: { newpassword: '246802', password: `guess-${i}x` },
      });
      expect(res.code).toBe(0);
    }
    const blocked = await t.endpoint('user.resetPay', {
      token: user.token,
      body: { newpassword: '246802', password: 'secret123' },
    });
    expect(blocked).toMatchObject({
      status: 429,
      msg: translate('en-US', 'errors.tooManyLogins', { minutes: 15 }),
    });
    expect((await readUser(t, user.id)).payPasswordHash).toBeNull();
  });

  it('changing an existing payment password still needs the old one, not a login password', async () => {
    const user = await registerWithPayPassword(t, 'proof_change', '111111');
    const res = await t.endpoint('user.resetPay', {
      token: user.token,
      body: { newpassword: '222222', password: 'secret123' },
    });
    expect(res).toMatchObject({ code: 0, msg: translate('en-US', 'errors.oldPayPasswordRequired') });
  });
});

describe("the demo shopper's passwords can never be changed", () => {
  let demo: { token: string; id: number };
  beforeAll(async () => {
    demo = await t.register('demo_like');
    await t.database.db.update(users).set({ isDemo: true }).where(eq(users.id, demo.id));
  });

  it.each([
    ['user.resetPwd', { oldpassword: 'secret123', newpassword: 'taken-over-1' }],
    ['user.resetPay', { newpassword: '999999', password: 'secret123' }],
  ] as const)('%s is refused with a clear message and nothing changes', async (name, body) => {
    const before = await readUser(t, demo.id);
    const res = await t.endpoint(name, { token: demo.token, body, lang: 'ja-JP' });
    expect(res).toMatchObject({ status: 200, code: 0, msg: translate('ja-JP', 'auth.demoLocked') });
    expect(await readUser(t, demo.id)).toEqual(before);
  });

  it('its profile may still be edited', async () => {
    const res = await t.endpoint('user.profile', { token: demo.token, body: { givenName: 'Dora' } });
    expect(res.code).toBe(1);
    expect((await readUser(t, demo.id)).givenName).toBe('Dora');
  });
});

describe('logout_all: log out everywhere', () => {
  it("ends every session of the shopper and no one else's", async () => {
    const user = await t.register('everywhere');
    const other = await t.register('everywhere_other');
    for (let i = 0; i < 2; i++) {
      const res = await t.endpoint('user.login', {
        body: { account: 'everywhere', password: 'secret123' },
        ip: freshIp(),
      });
      expect(res.code).toBe(1);
    }
    expect(await countSessions(t, user.id)).toBe(3);
    const res = await t.endpoint('user.logoutAll', { token: user.token, lang: 'tr-TR' });
    expect(res).toMatchObject({ code: 1, msg: translate('tr-TR', 'auth.loggedOutEverywhere') });
    expect(await countSessions(t, user.id)).toBe(0);
    expect((await t.endpoint('user.getUserInfo', { token: user.token })).code).toBe(401);
    expect((await t.endpoint('user.getUserInfo', { token: other.token })).code).toBe(1);
  });

  it('without a session it answers 401', async () => {
    expect((await t.endpoint('user.logoutAll')).code).toBe(401);
  });
});

describe('a demo shopper cannot log in with its public password while demo data is off (production)', () => {
  it('the right password is refused like a wrong one; with demo data on it logs in', async () => {
    const { id } = await t.register('demo_leftover');
    await t.database.db.update(users).set({ isDemo: true }).where(eq(users.id, id));
    const body = { account: 'demo_leftover', password: 'secret123' };
    const off = await t.endpoint('user.login', { body, ip: freshIp() });
    expect(off).toMatchObject({ code: 0, msg: translate('en-US', 'errors.loginFailed') });
    const withDemo = await createTestApp({ DEMO_DATA: true });
    try {
      await withDemo.register('demo_on');
      const [row] = await withDemo.database.db
        .update(users)
        .set({ isDemo: true })
        .where(eq(users.account, 'demo_on'))
        .returning();
      expect(row.isDemo).toBe(true);
      const on = await withDemo.endpoint('user.login', {
        body: { account: 'demo_on', password: 'secret123' },
        ip: freshIp(),
      });
      expect(on.code).toBe(1);
    } finally {
      await withDemo.close();
    }
  });
});
