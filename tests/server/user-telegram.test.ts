import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EndpointName } from '../../common/api/routes';
import { CODE_UNAUTHORIZED } from '../../common/envelope';
import { users } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { createTestApp } from '../support/app';
import { useTestApp } from '../support/use-app';
import type { TelegramTestUser } from '../support/telegram';
import { countUsers, initData, readUser, TG_USER } from './helpers';

const t = useTestApp();

type Answer = {
  userinfo: { id: number; token: string; account: string; lang: string; telegramLinked: boolean };
};
const tgLogin = (init_data: unknown, opts: { token?: string; lang?: string } = {}) =>
  t.endpoint<Answer>('user.tgLogin', { body: { init_data }, ...opts });

let nextId = 8_000_000_001;
const tgUser = (over: Partial<TelegramTestUser> = {}): TelegramTestUser => ({
  ...TG_USER,
  id: nextId++,
  ...over,
});

const byTelegramId = (id: number) => t.database.db.select().from(users).where(eq(users.telegramId, id));

describe('tg_login: a valid Mini App launch logs the shopper in', () => {
  it('creates the shopper with the Telegram id (above 2^32), names and language', async () => {
    const res = await tgLogin(initData(TG_USER), { lang: 'de-DE' });
    expect(res).toMatchObject({ status: 200, code: 1, msg: translate('de-DE', 'user.loggedIn') });
    expect(res.data.userinfo).toMatchObject({
      telegramLinked: true,
      lang: 'de-DE',
      account: `tg_${TG_USER.id}`,
    });
    const row = await readUser(t, res.data.userinfo.id);
    expect(row).toMatchObject({
      telegramId: 7_123_456_789,
      telegramUsername: 'ada_l',
      givenName: 'Ada',
      familyName: 'Lovelace',
      lang: 'de-DE',
      passwordHash: null,
    });
    const info = await t.endpoint('user.getUserInfo', { token: res.data.userinfo.token });
    expect(info).toMatchObject({ code: 1, data: { telegramName: 'Ada Lovelace' } });
  });

  it('a second launch finds the same shopper and creates nobody', async () => {
    const first = await tgLogin(initData(TG_USER));
    const before = await countUsers(t);
    const second = await tgLogin(initData(TG_USER));
    expect(second.code).toBe(1);
    expect(second.data.userinfo.id).toBe(first.data.userinfo.id);
    expect(second.data.userinfo.token).not.toBe(first.data.userinfo.token);
    expect(await countUsers(t)).toBe(before);
  });

  it.each([
    ['de', 'de-DE'],
    ['zh-hans', 'zh-CN'],
    ['ru', 'ru-RU'],
    ['pt-br', 'en-US'],
    [undefined, 'en-US'],
  ])("Telegram's language_code %s becomes %s", async (code, lang) => {
    const res = await tgLogin(initData(tgUser({ language_code: code })));
    expect(res.data.userinfo.lang).toBe(lang);
    expect((await readUser(t, res.data.userinfo.id)).lang).toBe(lang);
  });

  it('names are stored without control characters and cut to 64 characters', async () => {
    const user = tgUser({ first_name: 'Nul\u0000l\u0007', last_name: 'L'.repeat(300), username: 'u\u0000' });
    const res = await tgLogin(initData(user));
    expect(res.code).toBe(1);
    expect(await readUser(t, res.data.userinfo.id)).toMatchObject({
      givenName: 'Null',
      familyName: 'L'.repeat(64),
      telegramUsername: 'u',
    });
  });

  it('names lose bidirectional controls (a right-to-left override), joiners stay', async () => {
    const user = tgUser({
      first_name: 'Refund \u202Egnp.exe\u202C',
      last_name: 'Ali\u200F\u2066ce\u2069',
      username: 'ok',
    });
    const res = await tgLogin(initData(user));
    expect(res.code).toBe(1);
    expect(await readUser(t, res.data.userinfo.id)).toMatchObject({
      givenName: 'Refund gnp.exe',
      familyName: 'Alice',
    });
    const family = tgUser({ first_name: 'Mum 👩\u200D👧' });
    const second = await tgLogin(initData(family));
    expect((await readUser(t, second.data.userinfo.id)).givenName).toBe('Mum 👩\u200D👧');
  });

  it('a launch dated 30 seconds ahead (a phone clock running fast) still logs in', async () => {
    const res = await tgLogin(initData(tgUser(), { authDate: new Date(Date.now() + 30_000) }));
    expect(res.code).toBe(1);
  });

  it('a shopper whose default account name was taken (before tg_ names were reserved) still gets an account', async () => {
    const user = tgUser();
    // Register refuses tg_ names now; an account made before that rule may still hold one.
    await t.database.db.insert(users).values({ account: `TG_${user.id}` });
    const res = await tgLogin(initData(user));
    expect(res.code).toBe(1);
    expect(res.data.userinfo.account.toLowerCase()).not.toBe(`tg_${user.id}`);
    expect(await byTelegramId(user.id)).toHaveLength(1);
  });

  it('concurrent first launches of one Telegram user create one shopper', async () => {
    const user = tgUser();
    const answers = await Promise.all(Array.from({ length: 6 }, () => tgLogin(initData(user))));
    expect(answers.map((a) => a.code)).toEqual(Array(6).fill(1));
    expect(new Set(answers.map((a) => a.data.userinfo.id)).size).toBe(1);
    expect(await byTelegramId(user.id)).toHaveLength(1);
  });
});

describe('tg_login: init data that is not genuine and fresh is refused, nobody created', () => {
  const tamper = (raw: string, field: string, value: string) => {
    const params = new URLSearchParams(raw);
    params.set(field, value);
    return params.toString();
  };
  const victim = tgUser();

  it.each([
    [
      'signed with another bot token',
      () => initData(victim, { botToken: '987654321:ANOTHER-bot-token-0000000000' }),
    ],
    ['with a changed user', () => tamper(initData(victim), 'user', JSON.stringify({ ...victim, id: 1 }))],
    [
      'with a changed auth_date',
      () => tamper(initData(victim), 'auth_date', String(Math.floor(Date.now() / 1000) + 60)),
    ],
    ['with the hash removed', () => tamper(initData(victim), 'hash', '')],
    ['two days old', () => initData(victim, { authDate: new Date(Date.now() - 2 * 86_400_000) })],
    ['dated five minutes ahead', () => initData(victim, { authDate: new Date(Date.now() + 5 * 60_000) })],
    ['an empty string', () => ''],
    ['random text', () => 'user=%7B%22id%22%3A1%7D&hash=abc'],
    ['5,000 characters', () => 'x'.repeat(5000)],
    ['longer than 8 KiB', () => `${initData(victim)}&pad=${'p'.repeat(9000)}`],
    ['a number', () => 12345],
    ['missing', () => undefined],
  ])('%s', async (_label, make) => {
    const before = await countUsers(t);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const res = await tgLogin(make(), { lang });
      expect(res).toMatchObject({
        status: 200,
        code: 0,
        msg: translate(lang, 'errors.initDataInvalid'),
        data: null,
      });
    }
    expect(await countUsers(t)).toBe(before);
    expect(await byTelegramId(victim.id)).toHaveLength(0);
  });
});

describe('tg_login with a session: linking Telegram to the logged-in account', () => {
  it('links the Telegram user to that account; later launches log into it', async () => {
    const account = await t.register('link_me');
    const tg = tgUser({ first_name: 'Link' });
    const res = await tgLogin(initData(tg), { token: account.token, lang: 'de-DE' });
    expect(res).toMatchObject({ code: 1, msg: translate('de-DE', 'user.telegramLinked') });
    expect(res.data.userinfo).toMatchObject({ id: account.id, telegramLinked: true });
    expect((await readUser(t, account.id)).telegramId).toBe(tg.id);
    const later = await tgLogin(initData(tg));
    expect(later.data.userinfo.id).toBe(account.id);
  });

  it('a Telegram user already linked to another account is refused', async () => {
    const owner = await tgLogin(initData(tgUser()));
    const taken = (await readUser(t, owner.data.userinfo.id)).telegramId as number;
    const other = await t.register('link_thief');
    const before = await readUser(t, other.id);
    const res = await tgLogin(initData({ ...TG_USER, id: taken }), { token: other.token, lang: 'zh-CN' });
    expect(res).toMatchObject({ code: 0, msg: translate('zh-CN', 'errors.telegramLinkedElsewhere') });
    expect(await readUser(t, other.id)).toEqual(before);
    expect(await byTelegramId(taken)).toEqual([expect.objectContaining({ id: owner.data.userinfo.id })]);
  });

  it('an account already linked to another Telegram user is refused', async () => {
    const account = await t.register('link_twice');
    const first = tgUser();
    await tgLogin(initData(first), { token: account.token });
    const res = await tgLogin(initData(tgUser()), { token: account.token });
    expect(res).toMatchObject({ code: 0, msg: translate('en-US', 'errors.telegramAlreadyLinked') });
    expect((await readUser(t, account.id)).telegramId).toBe(first.id);
  });
});

describe('tg_login: a server without BOT_TOKEN', () => {
  it('refuses Telegram login with a clear message', async () => {
    const bare = await createTestApp({ BOT_TOKEN: undefined });
    try {
      const res = await bare.endpoint('user.tgLogin', {
        body: { init_data: initData() },
        lang: 'de-DE',
      });
      expect(res).toMatchObject({
        status: 200,
        code: 0,
        msg: translate('de-DE', 'errors.telegramUnavailable'),
      });
      expect(await countUsers(bare)).toBe(0);
    } finally {
      await bare.close();
    }
  });
});

describe('a call made while the silent login is under way (Authorization: tma <init data>)', () => {
  const withProof = (name: EndpointName, proof: string, opts: { token?: string; lang?: string } = {}) =>
    t.endpoint<never>(name, {
      headers: { authorization: `tma ${proof}` },
      token: opts.token,
      lang: opts.lang ?? 'en-US',
    });

  it('answers as the shopper the init data names, the same one the login then finds, created once', async () => {
    const tg = tgUser({ first_name: 'Early' });
    const before = await countUsers(t);
    // A new shopper: the call and the login arrive together.
    const [info, login] = await Promise.all([
      withProof('user.getUserInfo', initData(tg)),
      tgLogin(initData(tg)),
    ]);
    expect(info).toMatchObject({ code: 1, data: { telegramName: 'Early Lovelace' } });
    expect(login.code).toBe(1);
    expect((info.data as { id: number }).id).toBe(login.data.userinfo.id);
    expect(await countUsers(t)).toBe(before + 1);
    expect(await byTelegramId(tg.id)).toHaveLength(1);
    // Later calls of a known shopper find it; no session is made by them.
    const again = await withProof('notify.settings', initData(tg));
    expect(again).toMatchObject({ code: 1, data: { telegram: true } });
    expect(await countUsers(t)).toBe(before + 1);
  });

  it('a session token, when sent, decides who is asking', async () => {
    const account = await t.register('token_first');
    const res = await withProof('user.getUserInfo', initData(tgUser()), { token: account.token });
    expect(res).toMatchObject({ code: 1, data: { id: account.id } });
  });

  it.each([
    [
      'signed with another bot token',
      () => initData(tgUser(), { botToken: '987654321:ANOTHER-bot-token-0000000000' }),
    ],
    ['two days old', () => initData(tgUser(), { authDate: new Date(Date.now() - 2 * 86_400_000) })],
    ['longer than 8 KiB', () => `${initData(tgUser())}&pad=${'p'.repeat(9000)}`],
    ['random text', () => 'user=%7B%22id%22%3A1%7D&hash=abc'],
  ])(
    'init data %s: refused as a login is, in the caller’s language, nobody created',
    async (_label, make) => {
      const before = await countUsers(t);
      const res = await withProof('user.getUserInfo', make(), { lang: 'de-DE' });
      expect(res).toMatchObject({
        status: 200,
        code: CODE_UNAUTHORIZED,
        msg: translate('de-DE', 'errors.initDataInvalid'),
        data: null,
      });
      expect(await countUsers(t)).toBe(before);
    },
  );
});
