import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetCodes, users } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { FORGOT_LIMITS } from '../../server/modules/user/forgot';
import { createTestApp, type TestApp } from '../support/app';
import { countSessions, expectNoInternals, freshIp, initData, readUser, TG_USER } from './helpers';
import { fakeBotApi, type FakeBotApi } from './support/fake-bot-api';

let api: FakeBotApi;
let t: TestApp;
beforeAll(async () => {
  api = await fakeBotApi();
  t = await createTestApp({ TELEGRAM_API_ROOT: api.url });
});
afterAll(async () => {
  await t.close();
  await api.close();
});

let nextTg = 1;
/** A registered account linked to a Telegram account of its own, through tg_login. */
async function linked(account: string) {
  const user = await t.register(account, 'old-pass-1');
  const telegramId = 6_200_000_000 + nextTg++;
  const res = await t.endpoint('user.tgLogin', {
    token: user.token,
    body: { init_data: initData({ ...TG_USER, id: telegramId }) },
  });
  expect(res.code).toBe(1);
  return { ...user, telegramId };
}

const askCode = (account: string, opts: { ip?: string; lang?: string } = {}) =>
  t.endpoint<{ via: string }>('user.forgotCode', {
    body: { account },
    ip: opts.ip ?? freshIp(),
    lang: opts.lang,
  });

const reset = (body: Record<string, unknown>, ip = freshIp()) => t.endpoint('user.forgotReset', { body, ip });

/** The code in the last message the bot sent to this chat (read from the captured Bot API call). */
function codeSentTo(chatId: number): string {
  const call = api.calls.filter((c) => c.method === 'sendMessage' && c.body.chat_id === chatId).at(-1);
  const match = /\b(\d{6})\b/.exec(String(call?.body.text ?? ''));
  if (!match) throw new Error(`no code sent to ${chatId}`);
  return match[1];
}
const sentCount = () => api.calls.filter((c) => c.method === 'sendMessage').length;

const login = (account: string, password: string) =>
  t.endpoint('user.login', { body: { account, password }, ip: freshIp() });

describe('forgot_code: a code by the bot', () => {
  it('sends 6 random digits to the linked Telegram account in its language, keeps only a hash', async () => {
    const ada = await linked('forgot_ada');
    await t.endpoint('user.setLanguage', { token: ada.token, query: { lang: 'ru-RU' } });
    const res = await askCode('Forgot_Ada', { lang: 'de-DE' });
    expect(res).toMatchObject({
      code: 1,
      data: { via: 'telegram' },
      msg: translate('de-DE', 'bot.forgot.codeSent'),
    });
    const code = codeSentTo(ada.telegramId);
    const call = api.calls.filter((c) => c.method === 'sendMessage').at(-1);
    expect(call?.body.text).toBe(translate('ru-RU', 'bot.forgot.message', { code, minutes: 10 }));
    const [row] = await t.database.db
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.userId, ada.id));
    expect(row.codeHash).not.toContain(code);
    expect(row.triesLeft).toBe(5);
    const [{ minutes }] = await t.database.db
      .select({ minutes: sql<number>`extract(epoch from (${passwordResetCodes.expiresAt} - now())) / 60` })
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.userId, ada.id));
    expect(Number(minutes)).toBeGreaterThan(9.9);
    expect(Number(minutes)).toBeLessThanOrEqual(10);
  });

  it('an account without Telegram and a name nobody has get the same "customer service" answer, and nothing is sent', async () => {
    await t.register('forgot_plain');
    const before = sentCount();
    const unlinked = await askCode('forgot_plain', { lang: 'ja-JP' });
    const unknown = await askCode('forgot_nobody_here', { lang: 'ja-JP' });
    expect(unlinked).toMatchObject({
      code: 1,
      data: { via: 'service' },
      msg: translate('ja-JP', 'bot.forgot.useService'),
    });
    expect(unknown).toEqual(unlinked);
    expect(sentCount()).toBe(before);
  });

  it('a new code replaces the live one: the old code no longer works', async () => {
    const bob = await linked('forgot_bob');
    await askCode('forgot_bob');
    const first = codeSentTo(bob.telegramId);
    await askCode('forgot_bob');
    const second = codeSentTo(bob.telegramId);
    const rows = await t.database.db
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.userId, bob.id));
    expect(rows).toHaveLength(1);
    if (first !== second) {
      const old = await reset({
        account: 'forgot_bob',
        code: first,
        password: 'new-pass-1',
        password_confirm: 'new-pass-1',
      });
      expect(old.error).toBe('bot.forgot.codeWrong');
    }
    const ok = await reset({
      account: 'forgot_bob',
      code: second,
      password: 'new-pass-1',
      password_confirm: 'new-pass-1',
    });
    expect(ok.code).toBe(1);
  });

  it('is limited per account and per address, for known and unknown names alike', async () => {
    const carl = await linked('forgot_carl');
    for (let i = 0; i < FORGOT_LIMITS.perAccount; i++) expect((await askCode('forgot_carl')).code).toBe(1);
    const sent = sentCount();
    const blocked = await askCode('forgot_carl', { lang: 'en-US' });
    expect(blocked).toMatchObject({ status: 429, code: 0, error: 'bot.forgot.tooManyCodes' });
    expect(blocked.msg).toMatch(/\d+ min/);
    expect(sentCount()).toBe(sent);
    expect(carl.telegramId).toBeGreaterThan(0);
    for (let i = 0; i < FORGOT_LIMITS.perAccount; i++) expect((await askCode('forgot_ghost')).code).toBe(1);
    expect(await askCode('forgot_ghost')).toMatchObject({ status: 429, error: 'bot.forgot.tooManyCodes' });

    const ip = freshIp();
    for (let i = 0; i < FORGOT_LIMITS.perAddress; i++)
      expect((await askCode(`forgot_many_${i}`, { ip })).code).toBe(1);
    expect(await askCode('forgot_many_last', { ip })).toMatchObject({
      status: 429,
      error: 'bot.forgot.tooManyCodes',
    });
  });

  it('Telegram unreachable or the bot blocked: a clear message, and no live code is left', async () => {
    const dan = await linked('forgot_dan');
    api.failing = true;
    try {
      const down = await askCode('forgot_dan', { lang: 'tr-TR' });
      expect(down).toMatchObject({
        code: 0,
        error: 'bot.forgot.telegramDown',
        msg: translate('tr-TR', 'bot.forgot.telegramDown'),
      });
      api.failCode = 403;
      const blocked = await askCode('forgot_dan');
      expect(blocked).toMatchObject({ code: 0, error: 'bot.forgot.botBlocked' });
      expectNoInternals(JSON.stringify(blocked));
    } finally {
      api.failing = false;
      api.failCode = 400;
    }
    const rows = await t.database.db
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.userId, dan.id));
    expect(rows).toHaveLength(0);
    // The failures did not use up the owner's codes.
    for (let i = 0; i < FORGOT_LIMITS.perAccount; i++)
      expect((await askCode('forgot_dan')).data.via).toBe('telegram');
  });

  it('a server without a bot cannot send codes and says so', async () => {
    const bare = await createTestApp({ BOT_TOKEN: undefined });
    try {
      const user = await bare.register('forgot_nobot');
      await bare.database.db.update(users).set({ telegramId: 6_299_000_001 }).where(eq(users.id, user.id));
      const res = await bare.endpoint('user.forgotCode', {
        body: { account: 'forgot_nobot' },
        ip: freshIp(),
      });
      expect(res).toMatchObject({ code: 0, error: 'bot.forgot.telegramDown' });
    } finally {
      await bare.close();
    }
  });
});

describe('forgot_reset: the code and a new password', () => {
  it('sets the new password, ends every session, and the code works only once', async () => {
    const eve = await linked('forgot_eve');
    const second = await login('forgot_eve', 'old-pass-1');
    // Registration, the Telegram link and this login: three live sessions.
    expect(await countSessions(t, eve.id)).toBe(3);
    await askCode('forgot_eve');
    const code = codeSentTo(eve.telegramId);
    const before = await readUser(t, eve.id);
    const res = await t.endpoint('user.forgotReset', {
      body: { account: 'FORGOT_EVE', code, password: 'brand-new-1', password_confirm: 'brand-new-1' },
      ip: freshIp(),
      lang: 'ko-KR',
    });
    expect(res).toMatchObject({ code: 1, msg: translate('ko-KR', 'bot.forgot.passwordReset') });
    expect((await readUser(t, eve.id)).passwordHash).not.toBe(before.passwordHash);
    expect(await countSessions(t, eve.id)).toBe(0);
    expect(second.code).toBe(1);
    expect((await t.endpoint('user.getUserInfo', { token: eve.token })).code).toBe(401);
    expect((await login('forgot_eve', 'old-pass-1')).code).toBe(0);
    expect((await login('forgot_eve', 'brand-new-1')).code).toBe(1);
    const again = await reset({
      account: 'forgot_eve',
      code,
      password: 'other-pass-1',
      password_confirm: 'other-pass-1',
    });
    expect(again).toMatchObject({ code: 0, error: 'bot.forgot.codeExpired' });
  });

  it('five wrong codes kill it: even the right code is refused after', async () => {
    const fay = await linked('forgot_fay');
    await askCode('forgot_fay');
    const code = codeSentTo(fay.telegramId);
    const wrong = code === '000000' ? '000001' : '000000';
    const body = {
      account: 'forgot_fay',
      code: wrong,
      password: 'new-pass-9',
      password_confirm: 'new-pass-9',
    };
    for (let left = 4; left >= 1; left--) {
      const res = await reset(body);
      expect(res).toMatchObject({
        code: 0,
        error: 'bot.forgot.codeWrong',
        msg: translate('en-US', 'bot.forgot.codeWrong', { left }),
      });
    }
    expect(await reset(body)).toMatchObject({ code: 0, error: 'bot.forgot.codeDead' });
    expect(await reset({ ...body, code })).toMatchObject({ code: 0, error: 'bot.forgot.codeExpired' });
    expect((await login('forgot_fay', 'old-pass-1')).code).toBe(1);
  });

  it('parallel wrong guesses never get more than five tries', async () => {
    const gus = await linked('forgot_gus');
    await askCode('forgot_gus');
    const code = codeSentTo(gus.telegramId);
    const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        reset({
          account: 'forgot_gus',
          code: wrong(i + 1),
          password: 'new-pass-9',
          password_confirm: 'new-pass-9',
        }),
      ),
    );
    const errors = answers.map((a) => a.error);
    expect(errors.filter((e) => e === 'bot.forgot.codeWrong' || e === 'bot.forgot.codeDead')).toHaveLength(5);
    expect(errors.filter((e) => e === 'bot.forgot.codeExpired')).toHaveLength(3);
  });

  it('an expired code is refused, like a name that never asked and a name nobody has', async () => {
    const hal = await linked('forgot_hal');
    await askCode('forgot_hal');
    const code = codeSentTo(hal.telegramId);
    await t.database.db
      .update(passwordResetCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetCodes.userId, hal.id));
    const body = { code, password: 'new-pass-9', password_confirm: 'new-pass-9' };
    const expired = await reset({ ...body, account: 'forgot_hal' });
    expect(expired).toMatchObject({ code: 0, error: 'bot.forgot.codeExpired' });
    await t.register('forgot_never');
    expect(await reset({ ...body, account: 'forgot_never' })).toMatchObject({
      error: 'bot.forgot.codeExpired',
    });
    expect(await reset({ ...body, account: 'forgot_unknown_name' })).toMatchObject({
      error: 'bot.forgot.codeExpired',
    });
    expect((await login('forgot_hal', 'old-pass-1')).code).toBe(1);
  });

  it('bad input: the password rules of registration, the repeat, the code format; nothing changes', async () => {
    const ivy = await linked('forgot_ivy');
    await askCode('forgot_ivy');
    const code = codeSentTo(ivy.telegramId);
    const cases: [Record<string, unknown>, string][] = [
      [{ password: '12345', password_confirm: '12345' }, 'errors.passwordMin'],
      [{ password: 'x'.repeat(129), password_confirm: 'x'.repeat(129) }, 'errors.passwordTooLong'],
      [{ password: 'new-pass-1', password_confirm: 'new-pass-2' }, 'errors.passwordMismatch'],
      [{ code: '12345', password: 'new-pass-1', password_confirm: 'new-pass-1' }, 'forgotByBot.codeFormat'],
      [{ code: 'abcdef', password: 'new-pass-1', password_confirm: 'new-pass-1' }, 'forgotByBot.codeFormat'],
      [{ account: '', password: 'new-pass-1', password_confirm: 'new-pass-1' }, 'errors.accountRequired'],
    ];
    for (const [over, key] of cases) {
      const res = await t.endpoint('user.forgotReset', {
        body: { account: 'forgot_ivy', code, ...over },
        ip: freshIp(),
        lang: 'th-TH',
      });
      expect(res).toMatchObject({ code: 0, error: key, msg: translate('th-TH', key) });
      expectNoInternals(JSON.stringify(res));
    }
    // None of them used a try.
    const [row] = await t.database.db
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.userId, ivy.id));
    expect(row.triesLeft).toBe(5);
    expect((await login('forgot_ivy', 'old-pass-1')).code).toBe(1);
    expect((await askCode('')).error).toBe('errors.accountRequired');
  });

  it('reset attempts are limited per address', async () => {
    const ip = freshIp();
    const body = {
      account: 'forgot_nobody',
      code: '123456',
      password: 'new-pass-1',
      password_confirm: 'new-pass-1',
    };
    for (let i = 0; i < FORGOT_LIMITS.resetsPerAddress; i++) expect((await reset(body, ip)).status).toBe(200);
    expect(await reset(body, ip)).toMatchObject({ status: 429, error: 'bot.forgot.tooManyTries' });
  });
});
