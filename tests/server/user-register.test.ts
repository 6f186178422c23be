import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MS } from '../../common/envelope';
import { sessions, users } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { createTestApp, type TestApp } from '../support/app';
import { countUsers, readUser } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type LoginData = {
  userinfo: { id: number; account: string; token: string; expiresAt: string; lang: string };
};
const register = (body: Record<string, unknown>, lang?: string) =>
  t.call<LoginData>('POST', '/api/user/register', { body, lang });

describe('register: a new account', () => {
  it('answers the user info with a session token and stores the optional fields', async () => {
    const res = await register(
      {
        account: 'reg_happy',
        password: 'secret123',
        email: 'happy@example.com',
        mobile: '+49 151 2345678',
        familyName: 'Happy',
        givenName: 'Hal',
      },
      'de-DE',
    );
    expect(res).toMatchObject({ status: 200, code: 1, msg: translate('de-DE', 'user.registered') });
    expect(res.data.userinfo).toMatchObject({ account: 'reg_happy', lang: 'de-DE' });
    expect(res.data.userinfo.token).toMatch(/^[\w-]{40,}$/);
    const row = await readUser(t, res.data.userinfo.id);
    expect(row).toMatchObject({
      email: 'happy@example.com',
      mobile: '+49 151 2345678',
      familyName: 'Happy',
      givenName: 'Hal',
      lang: 'de-DE',
      balance: 0,
    });
    const info = await t.call('GET', '/api/user/getUserInfo', { token: res.data.userinfo.token });
    expect(info).toMatchObject({
      code: 1,
      data: { account: 'reg_happy', balance: '0.00', email: 'happy@example.com' },
    });
  });

  it('an empty e-mail or mobile counts as not given', async () => {
    const res = await register({ account: 'reg_empty_opt', password: 'secret123', email: '', mobile: ' ' });
    expect(res.code).toBe(1);
    const row = await readUser(t, res.data.userinfo.id);
    expect(row.email).toBeNull();
    expect(row.mobile).toBeNull();
  });
});

describe('register: passwords are stored as scrypt hashes', () => {
  it('users.password_hash starts with scrypt$ and never contains the plain text', async () => {
    const res = await register({ account: 'reg_hash', password: 'plain-text-pw' });
    const row = await readUser(t, res.data.userinfo.id);
    expect(row.passwordHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w+/=]+\$[\w+/=]+$/);
    expect(row.passwordHash).not.toContain('plain-text-pw');
  });
});

describe('register: the session', () => {
  it('stores only a hash of the token, and expires about 3 days ahead', async () => {
    const before = Date.now();
    const res = await register({ account: 'reg_session', password: 'secret123' });
    const { token, expiresAt, id } = res.data.userinfo;
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toBe(token);
    expect(rows[0].tokenHash).not.toContain(token);
    const [raw] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(sql`${sessions.tokenHash} like ${'%' + token + '%'}`);
    expect(Number(raw.n)).toBe(0);
    const ahead = rows[0].expiresAt.getTime() - before;
    expect(ahead).toBeGreaterThan(SESSION_MS - 60_000);
    expect(ahead).toBeLessThan(SESSION_MS + 60_000);
    expect(new Date(expiresAt).getTime()).toBe(rows[0].expiresAt.getTime());
  });
});

describe('register: account names are unique regardless of case', () => {
  it('a second account differing only in case is refused and nothing is stored', async () => {
    expect((await register({ account: 'Case_Name', password: 'secret123' })).code).toBe(1);
    const before = await countUsers(t);
    for (const account of ['case_name', 'CASE_NAME', ' Case_Name ']) {
      const res = await register({ account, password: 'secret123' }, 'zh-CN');
      expect(res).toMatchObject({ status: 200, code: 0, msg: translate('zh-CN', 'errors.accountTaken') });
    }
    expect(await countUsers(t)).toBe(before);
  });
});

describe('register: each bad input is refused with a clear message and nothing stored', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['password shorter than 6', { account: 'bad_pw', password: '12345' }, 'errors.passwordMin'],
    ['password missing', { account: 'bad_pw2' }, 'errors.passwordMin'],
    [
      'password of 5,000 characters',
      { account: 'bad_pw3', password: 'p'.repeat(5000) },
      'errors.passwordTooLong',
    ],
    ['account missing', { password: 'secret123' }, 'errors.accountRequired'],
    ['account blank', { account: '   ', password: 'secret123' }, 'errors.accountRequired'],
    [
      'account of 5,000 characters',
      { account: 'a'.repeat(5000), password: 'secret123' },
      'errors.accountTooLong',
    ],
    ['account with spaces or symbols', { account: 'a b<c>', password: 'secret123' }, 'errors.accountChars'],
    ['account as a number', { account: 12345678, password: 'secret123' }, 'errors.accountRequired'],
    [
      'e-mail without @',
      { account: 'bad_mail', password: 'secret123', email: 'nobody.example.com' },
      'errors.email',
    ],
    ['e-mail without domain', { account: 'bad_mail2', password: 'secret123', email: 'a@b' }, 'errors.email'],
    [
      'mobile with letters',
      { account: 'bad_mob', password: 'secret123', mobile: '0151-CALL-ME' },
      'errors.mobile',
    ],
    ['mobile too short', { account: 'bad_mob2', password: 'secret123', mobile: '123' }, 'errors.mobile'],
    [
      'name of 5,000 characters',
      { account: 'bad_name', password: 'secret123', givenName: 'n'.repeat(5000) },
      'errors.nameTooLong',
    ],
  ];

  it.each(cases)('%s', async (_label, body, key) => {
    const before = await countUsers(t);
    for (const lang of ['en-US', 'de-DE', 'zh-CN'] as const) {
      const res = await register(body, lang);
      expect(res).toMatchObject({ status: 200, code: 0, msg: translate(lang, key), data: null });
    }
    expect(await countUsers(t)).toBe(before);
  });

  it('the account name is stored trimmed, so surrounding spaces cannot make a look-alike', async () => {
    const res = await register({ account: '  trimmed_acc  ', password: 'secret123' });
    expect(res.data.userinfo.account).toBe('trimmed_acc');
    const [row] = await t.database.db.select().from(users).where(eq(users.account, 'trimmed_acc'));
    expect(row?.id).toBe(res.data.userinfo.id);
  });
});
