import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION_MS } from '../../common/envelope';
import { rateLimits, sessions, users } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { configurePasswords } from '../../server/lib/passwords';
import { REGISTER_LIMITS } from '../../server/modules/user/login';
import { useTestApp } from '../support/use-app';
import { countUsers, freshIp, readUser } from './helpers';

const t = useTestApp();

type LoginData = {
  userinfo: { id: number; account: string; token: string; expiresAt: string; lang: string };
};
const register = (body: Record<string, unknown>, lang?: string, ip = freshIp()) =>
  t.endpoint<LoginData>('user.register', { body, lang, ip });

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
    const info = await t.endpoint('user.getUserInfo', { token: res.data.userinfo.token });
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
  type Case = [label: string, body: Record<string, unknown>, key: string];
  /** A registration with a good password whose account name is refused. */
  const accountCase = (label: string, account: unknown, key: string): Case => [
    label,
    { account, password: 'secret123' },
    key,
  ];
  const cases: Case[] = [
    ['password shorter than 6', { account: 'bad_pw', password: '12345' }, 'errors.passwordMin'],
    ['password missing', { account: 'bad_pw2' }, 'errors.passwordMin'],
    [
      'password of 5,000 characters',
      { account: 'bad_pw3', password: 'p'.repeat(5000) },
      'errors.passwordTooLong',
    ],
    ['account missing', { password: 'secret123' }, 'errors.accountRequired'],
    accountCase('account blank', '   ', 'errors.accountRequired'),
    accountCase('account of 5,000 characters', 'a'.repeat(5000), 'errors.accountTooLong'),
    accountCase('account with spaces or symbols', 'a b<c>', 'errors.accountChars'),
    accountCase('account with a right-to-left override', 'adm\u202Enim', 'auth.accountInvisible'),
    accountCase('account with a left-to-right mark', 'shop\u200Eowner', 'auth.accountInvisible'),
    accountCase('account with an isolate', '\u2067admin\u2069', 'auth.accountInvisible'),
    accountCase('account with an Arabic letter mark', 'ali\u061Cx', 'auth.accountInvisible'),
    accountCase('Latin mixed with a Cyrillic а', 'p\u0430ypal', 'auth.accountMixedScripts'),
    accountCase('Latin mixed with a Greek ο', 'g\u03BFogle', 'auth.accountMixedScripts'),
    accountCase('an account starting with tg_', 'tg_12345', 'auth.accountReserved'),
    accountCase('an account starting with TG_ in capitals', 'TG_admin', 'auth.accountReserved'),
    accountCase('account as a number', 12345678, 'errors.accountRequired'),
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

describe('register: names in one script are fine, whatever the script', () => {
  it.each(['иван_петров', 'γιώργος', '山田太郎', 'user.tg_fan', 'tg-shop'])(
    '%s is accepted',
    async (account) => {
      expect((await register({ account, password: 'secret123' })).code).toBe(1);
    },
  );
});

describe('register: limited per address and in total', () => {
  it(`after ${REGISTER_LIMITS.perAddress} registrations from one address the next answers 429; another address still registers`, async () => {
    const ip = freshIp();
    for (let i = 0; i < REGISTER_LIMITS.perAddress; i++)
      expect((await register({ account: `flood_${i}`, password: 'secret123' }, 'en-US', ip)).code).toBe(1);
    const before = await countUsers(t);
    const res = await register({ account: 'flood_more', password: 'secret123' }, 'de-DE', ip);
    expect(res).toMatchObject({
      status: 429,
      code: 0,
      msg: translate('de-DE', 'auth.tooManyRegistrations', { minutes: 60 }),
      data: null,
    });
    expect(await countUsers(t)).toBe(before);
    expect((await register({ account: 'flood_more', password: 'secret123' })).code).toBe(1);
  });

  it('a taken name tried again and again from one address counts too', async () => {
    await register({ account: 'taken_often', password: 'secret123' });
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: REGISTER_LIMITS.perAddress + 5 }, () =>
        register({ account: 'taken_often', password: 'secret123' }, 'en-US', ip),
      ),
    );
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
    expect(answers.filter((a) => a.msg === translate('en-US', 'errors.accountTaken'))).toHaveLength(
      REGISTER_LIMITS.perAddress,
    );
  });

  it('across all addresses registrations are capped too', async () => {
    const saved = REGISTER_LIMITS.global;
    const [row] = await t.database.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, 'register:all'));
    REGISTER_LIMITS.global = (row?.count ?? 0) + 2;
    try {
      expect((await register({ account: 'global_1', password: 'secret123' })).code).toBe(1);
      expect((await register({ account: 'global_2', password: 'secret123' })).code).toBe(1);
      const res = await register({ account: 'global_3', password: 'secret123' });
      expect(res).toMatchObject({ status: 429, code: 0 });
      expect(res.msg).toBe(translate('en-US', 'auth.tooManyRegistrations', { minutes: 10 }));
    } finally {
      REGISTER_LIMITS.global = saved;
    }
  });
});

describe('register: a taken name is answered without hashing the password', () => {
  it('with no hashing capacity at all, a taken name still gets "taken" while a new name gets "busy"', async () => {
    await register({ account: 'taken_cheap', password: 'secret123' });
    configurePasswords({ concurrency: 0, queueLimit: 0 });
    try {
      const taken = await register({ account: 'TAKEN_cheap', password: 'secret123' });
      expect(taken).toMatchObject({ status: 200, code: 0, msg: translate('en-US', 'errors.accountTaken') });
      const fresh = await register({ account: 'not_taken_yet', password: 'secret123' }, 'de-DE');
      expect(fresh).toMatchObject({ status: 429, code: 0, msg: translate('de-DE', 'auth.busy') });
    } finally {
      configurePasswords({ concurrency: 2, queueLimit: 16 });
    }
  });
});
