import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { useTestApp } from '../support/use-app';
import { readUser, registerWithPayPassword } from './helpers';

const t = useTestApp();

const PAY = '424242';

const payer = (account: string) => registerWithPayPassword(t, account, PAY);

const verify = (token: string, password_pay: unknown, lang?: string) =>
  t.endpoint('user.verifyPay', { token, body: { password_pay }, lang });

describe('verify_pay: checking the payment password', () => {
  it('the right password answers verified', async () => {
    const user = await payer('vp_right');
    const res = await verify(user.token, PAY, 'de-DE');
    expect(res).toMatchObject({
      status: 200,
      code: 1,
      msg: translate('de-DE', 'common.success'),
      data: { verified: true },
    });
  });

  it('a wrong password says how many tries are left', async () => {
    const user = await payer('vp_wrong');
    for (const left of [4, 3]) {
      const res = await verify(user.token, '000000', 'zh-CN');
      expect(res).toMatchObject({
        status: 200,
        code: 0,
        msg: translate('zh-CN', 'errors.payPasswordWrong', { left }),
      });
    }
    expect((await readUser(t, user.id)).payFailCount).toBe(2);
  });

  it('the right password clears earlier failures', async () => {
    const user = await payer('vp_clear');
    for (let i = 0; i < 4; i++) await verify(user.token, '000000');
    expect((await verify(user.token, PAY)).code).toBe(1);
    expect((await readUser(t, user.id)).payFailCount).toBe(0);
    expect((await verify(user.token, '000000')).msg).toBe(
      translate('en-US', 'errors.payPasswordWrong', { left: 4 }),
    );
  });

  it('without a payment password set, it asks to set one', async () => {
    const user = await t.register('vp_none');
    const res = await verify(user.token, PAY, 'de-DE');
    expect(res).toMatchObject({ code: 0, msg: translate('de-DE', 'errors.payPasswordNotSet') });
  });

  let badCases = 0;
  it.each([
    ['missing', undefined, 'errors.payPasswordRequired', {}],
    ['empty', '', 'errors.payPasswordRequired', {}],
    ['a number', 424242, 'errors.payPasswordRequired', {}],
    ['5,000 characters', '4'.repeat(5000), 'errors.payPasswordRequired', {}],
  ])('a password that is %s is refused and not counted as a guess', async (_label, value, key, params) => {
    const user = await payer(`vp_bad_${++badCases}`);
    const res = await verify(user.token, value, 'de-DE');
    expect(res).toMatchObject({ status: 200, code: 0, msg: translate('de-DE', key, params) });
    expect((await readUser(t, user.id)).payFailCount).toBe(0);
  });
});

describe('payment lock: 5 wrong payment passwords lock payment for 15 minutes', () => {
  it('the 5th wrong answer locks, and the right password is refused while locked', async () => {
    const user = await payer('lock_pay');
    for (let i = 0; i < 4; i++) expect((await verify(user.token, '000000')).code).toBe(0);
    const fifth = await verify(user.token, '000000', 'de-DE');
    expect(fifth).toMatchObject({
      status: 200,
      code: 0,
      msg: translate('de-DE', 'errors.payLocked', { minutes: 15 }),
    });
    const row = await readUser(t, user.id);
    const lockMs = (row.payLockedUntil?.getTime() ?? 0) - Date.now();
    expect(lockMs).toBeGreaterThan(14 * 60_000);
    expect(lockMs).toBeLessThanOrEqual(15 * 60_000);

    const right = await verify(user.token, PAY, 'zh-CN');
    expect(right).toMatchObject({ code: 0, msg: translate('zh-CN', 'errors.payLocked', { minutes: 15 }) });
    const change = await t.endpoint('user.resetPay', {
      token: user.token,
      body: { oldpassword: PAY, newpassword: '999999' },
    });
    expect(change.msg).toBe(translate('en-US', 'errors.payLocked', { minutes: 15 }));
    expect((await readUser(t, user.id)).payPasswordHash).toBe(row.payPasswordHash);
  });

  it('the message says how long is left, and the lock ends on time', async () => {
    const user = await payer('lock_left');
    const lockFor = (interval: string) =>
      t.database.db
        .update(users)
        .set({ payLockedUntil: sql`now() + ${interval}::interval` })
        .where(eq(users.id, user.id));
    await lockFor('3 minutes');
    expect((await verify(user.token, PAY)).msg).toBe(translate('en-US', 'errors.payLocked', { minutes: 3 }));
    await lockFor('-1 second');
    expect((await verify(user.token, PAY)).code).toBe(1);
  });

  it("one shopper's lock does not touch another's payment", async () => {
    const locked = await payer('lock_one');
    const free = await payer('lock_other');
    for (let i = 0; i < 5; i++) await verify(locked.token, '000000');
    expect((await verify(free.token, PAY)).code).toBe(1);
    expect((await readUser(t, free.id)).payLockedUntil).toBeNull();
  });

  // Ten bursts: a guess that read the lock an instant after it was set once said "locked for 24
  // hours" (the lock's time against the start of its own transaction), about one burst in eight.
  it('concurrent wrong guesses cannot exceed the limit, and each is told the 15-minute lock', async () => {
    for (let round = 0; round < 10; round++) {
      const user = await payer(`lock_burst_${round}`);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => verify(user.token, `10000${i}`)),
      );
      const msgs = answers.map((a) => a.msg);
      const plainRefusals = [1, 2, 3, 4].map((left) =>
        translate('en-US', 'errors.payPasswordWrong', { left }),
      );
      const wrong = msgs.filter((m) => plainRefusals.includes(m));
      // At most 4 plain refusals (the 5th locks); every other answer is the lock.
      expect(wrong.length).toBeLessThanOrEqual(4);
      expect(msgs.filter((m) => !plainRefusals.includes(m))).toEqual(
        Array(12 - wrong.length).fill(translate('en-US', 'errors.payLocked', { minutes: 15 })),
      );
      expect(answers.every((a) => a.code === 0)).toBe(true);
      expect((await verify(user.token, PAY)).msg).toBe(
        translate('en-US', 'errors.payLocked', { minutes: 15 }),
      );
    }
  });
});
