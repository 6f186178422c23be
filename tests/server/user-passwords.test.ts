import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../server/lib/i18n';
import { useTestApp } from '../support/use-app';
import { countSessions, freshIp, initData, readUser, registerWithPayPassword, TG_USER } from './helpers';

const t = useTestApp();

const login = (account: string, password: string) =>
  t.endpoint<{ userinfo: { token: string } }>('user.login', {
    body: { account, password },
    ip: freshIp(),
  });

describe('resetpwd: changing the login password', () => {
  it('stores a new scrypt hash, ends every session of the user, and only the new password logs in', async () => {
    const user = await t.register('pwd_change');
    const other = await login('pwd_change', 'secret123');
    const outsider = await t.register('pwd_outsider');
    const before = await readUser(t, user.id);
    const res = await t.endpoint('user.resetPwd', {
      token: user.token,
      body: { oldpassword: 'secret123', newpassword: 'fresh-pass-1' },
      lang: 'de-DE',
    });
    expect(res).toMatchObject({ status: 200, code: 1, msg: translate('de-DE', 'user.passwordChanged') });
    const after = await readUser(t, user.id);
    expect(after.passwordHash).toMatch(/^scrypt\$/);
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(after.passwordHash).not.toContain('fresh-pass-1');
    expect(await countSessions(t, user.id)).toBe(0);
    for (const token of [user.token, other.data.userinfo.token]) {
      expect((await t.endpoint('user.getUserInfo', { token })).code).toBe(401);
    }
    expect((await t.endpoint('user.getUserInfo', { token: outsider.token })).code).toBe(1);
    expect((await login('pwd_change', 'secret123')).code).toBe(0);
    expect((await login('pwd_change', 'fresh-pass-1')).code).toBe(1);
  });

  it('a Telegram-only shopper sets a first password without an old one, proven by fresh init data', async () => {
    const tg = await t.endpoint<{ userinfo: { token: string; id: number; account: string } }>(
      'user.tgLogin',
      { body: { init_data: initData({ ...TG_USER, id: 5_555_000_111 }) } },
    );
    const { token, id, account } = tg.data.userinfo;
    expect((await readUser(t, id)).passwordHash).toBeNull();
    expect(tg.data.userinfo).toMatchObject({ hasPassword: false });
    const res = await t.endpoint('user.resetPwd', {
      token,
      body: { newpassword: 'first-pass', init_data: initData({ ...TG_USER, id: 5_555_000_111 }) },
    });
    expect(res.code).toBe(1);
    const relogin = await login(account, 'first-pass');
    expect(relogin).toMatchObject({ code: 1, data: { userinfo: { hasPassword: true } } });
  });
});

describe('resetpwd: each bad input is refused with a clear message and nothing changed', () => {
  let user: { token: string; id: number };
  beforeAll(async () => {
    user = await t.register('pwd_bad');
  });

  it.each([
    ['old password left out', { newpassword: 'another-1' }, 'errors.oldPasswordRequired'],
    ['old password wrong', { oldpassword: 'not-it-99', newpassword: 'another-1' }, 'errors.oldPasswordWrong'],
    [
      'new password equals the old',
      { oldpassword: 'secret123', newpassword: 'secret123' },
      'errors.passwordSame',
    ],
    ['new password shorter than 6', { oldpassword: 'secret123', newpassword: '12345' }, 'errors.passwordMin'],
    ['new password missing', { oldpassword: 'secret123' }, 'errors.passwordMin'],
    ['new password as a number', { oldpassword: 'secret123', newpassword: 12345678 }, 'errors.passwordMin'],
  ])('%s', async (_label, body, key) => {
    const before = await readUser(t, user.id);
    const sessionsBefore = await countSessions(t, user.id);
    const res = await t.endpoint('user.resetPwd', { token: user.token, body, lang: 'zh-CN' });
    expect(res).toMatchObject({ status: 200, code: 0, msg: translate('zh-CN', key), data: null });
    expect(await readUser(t, user.id)).toEqual(before);
    expect(await countSessions(t, user.id)).toBe(sessionsBefore);
  });
});

describe('resetPay: setting and changing the payment password', () => {
  it('the first payment password needs no old one (the login password proves the shopper) and is stored as a keyed hash', async () => {
    const user = await t.register('pay_first');
    const res = await t.endpoint('user.resetPay', {
      token: user.token,
      body: { newpassword: '135790', password: 'secret123' },
      lang: 'de-DE',
    });
    expect(res).toMatchObject({ code: 1, msg: translate('de-DE', 'user.payPasswordSaved') });
    const row = await readUser(t, user.id);
    expect(row.payPasswordHash).toMatch(/^hmac\$v1\$/);
    expect(row.payPasswordHash).not.toContain('135790');
    const info = await t.endpoint('user.getUserInfo', { token: user.token });
    expect(info.data).toMatchObject({ hasPayPassword: true });
    const verified = await t.endpoint('user.verifyPay', {
      token: user.token,
      body: { password_pay: '135790' },
    });
    expect(verified).toMatchObject({ code: 1, data: { verified: true } });
  });

  it('changing it with the right old one makes only the new one valid', async () => {
    const user = await registerWithPayPassword(t, 'pay_change', '111111');
    const res = await t.endpoint('user.resetPay', {
      token: user.token,
      body: { oldpassword: '111111', newpassword: '222222' },
    });
    expect(res.code).toBe(1);
    const verify = (p: string) =>
      t.endpoint('user.verifyPay', { token: user.token, body: { password_pay: p } });
    expect((await verify('111111')).code).toBe(0);
    expect((await verify('222222')).code).toBe(1);
  });
});

describe('resetPay: each bad input is refused with a clear message and nothing changed', () => {
  let user: { token: string; id: number };
  beforeAll(async () => {
    user = await registerWithPayPassword(t, 'pay_bad', '123456');
  });

  it.each([
    ['new one with letters', { oldpassword: '123456', newpassword: '12ab56' }, 'errors.payPasswordRule', {}],
    ['new one shorter than 6', { oldpassword: '123456', newpassword: '12345' }, 'errors.payPasswordRule', {}],
    [
      'new one longer than 12',
      { oldpassword: '123456', newpassword: '1234567890123' },
      'errors.payPasswordRule',
      {},
    ],
    ['new one as a number', { oldpassword: '123456', newpassword: 654321 }, 'errors.payPasswordRule', {}],
    ['old one left out while one is set', { newpassword: '654321' }, 'errors.oldPayPasswordRequired', {}],
    ['new one equals the old', { oldpassword: '123456', newpassword: '123456' }, 'errors.passwordSame', {}],
    [
      'old one wrong',
      { oldpassword: '000000', newpassword: '654321' },
      'errors.payPasswordWrong',
      { left: 4 },
    ],
  ])('%s', async (_label, body, key, params) => {
    const before = await readUser(t, user.id);
    const res = await t.endpoint('user.resetPay', { token: user.token, body, lang: 'de-DE' });
    expect(res).toMatchObject({ status: 200, code: 0, msg: translate('de-DE', key, params), data: null });
    const after = await readUser(t, user.id);
    expect(after.payPasswordHash).toBe(before.payPasswordHash);
    // A wrong old password is a guess and counts; clear it so each case starts equal.
    await t.endpoint('user.verifyPay', { token: user.token, body: { password_pay: '123456' } });
  });

  it('the first payment password must follow the rule too', async () => {
    const fresh = await t.register('pay_bad_first');
    const res = await t.endpoint('user.resetPay', {
      token: fresh.token,
      body: { newpassword: 'abcdef', password: 'secret123' },
    });
    expect(res).toMatchObject({ code: 0, msg: translate('en-US', 'errors.payPasswordRule') });
    expect((await readUser(t, fresh.id)).payPasswordHash).toBeNull();
  });
});

describe('resetpwd: wrong current passwords are limited like logins', () => {
  const t = useTestApp();

  it('after 5 wrong current passwords the 6th attempt is refused with 429, even when right', async () => {
    const { token } = await t.register('guessed_pwd', 'secret123');
    for (let i = 0; i < 5; i++) {
      const wrong = await t.endpoint('user.resetPwd', {
        token,
        body: { oldpassword: `wrong${i}xx`, newpassword: 'another123' },
      });
      expect(wrong.code).toBe(0);
      expect(wrong.msg).toBe(translate('en-US', 'errors.oldPasswordWrong'));
    }
    const blocked = await t.endpoint('user.resetPwd', {
      token,
      body: { oldpassword: 'secret123', newpassword: 'another123' },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.msg).toBe(translate('en-US', 'errors.tooManyLogins', { minutes: 15 }));
    const login = await t.endpoint('user.login', {
      body: { account: 'guessed_pwd', password: 'secret123' },
    });
    expect(login.status).toBe(429);
  });
});

describe('resetpwd: the new password and the end of the sessions are one change', () => {
  it('when ending the sessions fails, the old password stays and the sessions live on', async () => {
    const user = await t.register('pwd_atomic');
    const before = await readUser(t, user.id);
    // A trigger that refuses to delete this user's sessions: the second half of the change fails.
    await t.database.db.execute(
      sql.raw(`create or replace function refuse_session_delete() returns trigger language plpgsql as $$
        begin raise exception 'sessions of this user cannot be deleted'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger refuse_session_delete before delete on sessions for each row
        when (old.user_id = ${user.id}) execute function refuse_session_delete()`),
    );
    try {
      const res = await t.endpoint('user.resetPwd', {
        token: user.token,
        body: { oldpassword: 'secret123', newpassword: 'changed99' },
      });
      expect(res.code).not.toBe(1);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_session_delete on sessions'));
    }
    expect((await readUser(t, user.id)).passwordHash).toBe(before.passwordHash);
    expect(await countSessions(t, user.id)).toBe(1);
    expect((await login('pwd_atomic', 'secret123')).code).toBe(1);
    expect((await login('pwd_atomic', 'changed99')).code).not.toBe(1);
  });
});
