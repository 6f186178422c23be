import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SubmitAnswer } from '../../common/schemas/order';
import { users } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { readUser } from './helpers';
import { checkoutApp, makeProduct, makeShop, moneyOf, PAY, shopper, type Shopper } from './checkout-fixture';
import { useApp } from '../support/use-app';

const t = useApp(() => checkoutApp());
let product: number;
beforeAll(async () => {
  product = (await makeProduct(t, { shopId: await makeShop(t), price: 1000 })).id;
});

const verify = (s: Shopper, password_pay: string, lang?: string) =>
  t.endpoint('user.verifyPay', { token: s.token, body: { password_pay }, lang });

/** Five wrong passwords in a row: the fifth answer (the one that locks). */
async function lockOnce(s: Shopper, lang?: string) {
  for (let i = 0; i < 4; i++) expect((await verify(s, '000000')).error).toBe('errors.payPasswordWrong');
  return verify(s, '000000', lang);
}

/** The lock ran out (as if its time had passed); the day's count stays. */
const unlock = (s: Shopper) =>
  t.database.db
    .update(users)
    .set({ payLockedUntil: sql`now() - interval '1 second'` })
    .where(eq(users.id, s.id));

const today = async () => {
  const [row] = await t.database.db
    .select({ d: sql<string>`current_date::text` })
    .from(users)
    .limit(1);
  return row.d;
};

describe('payment lock: the third lock in one day holds 24 hours', () => {
  it('first and second locks hold 15 minutes; the third 24 hours, and it says so, also when paying', async () => {
    const s = await shopper(t, { balance: 10_000 });
    expect((await lockOnce(s)).error).toBe('errors.payLocked');
    expect(await readUser(t, s.id)).toMatchObject({ payLockCount: 1, payLockDay: await today() });
    await unlock(s);
    expect((await lockOnce(s)).msg).toBe(translate('en-US', 'errors.payLocked', { minutes: 15 }));
    expect((await readUser(t, s.id)).payLockCount).toBe(2);
    await unlock(s);

    const third = await lockOnce(s, 'de-DE');
    expect(third).toMatchObject({
      code: 0,
      error: 'checkout.payLockedDay',
      msg: translate('de-DE', 'checkout.payLockedDay', { hours: 24 }),
    });
    const row = await readUser(t, s.id);
    expect(row.payLockCount).toBe(3);
    const lockMs = (row.payLockedUntil?.getTime() ?? 0) - Date.now();
    expect(lockMs).toBeGreaterThan(23.9 * 3_600_000);
    expect(lockMs).toBeLessThanOrEqual(24 * 3_600_000);

    // The right password while locked: refused with the day lock's message, nothing paid.
    const made = await t.endpoint<SubmitAnswer>('checkout.submit', {
      body: { product_id: product },
      token: s.token,
    });
    const paid = await t.endpoint('checkout.payGroup', {
      body: { out_trade_no: made.data.outTradeNo, password_pay: PAY },
      token: s.token,
    });
    expect(paid).toMatchObject({
      code: 0,
      error: 'checkout.payLockedDay',
      msg: translate('en-US', 'checkout.payLockedDay', { hours: 24 }),
    });
    expect((await moneyOf(t, s.id)).balance).toBe(10_000);
    expect((await verify(s, PAY)).error).toBe('checkout.payLockedDay');
  });

  it('locks of an earlier day do not count towards today', async () => {
    const s = await shopper(t);
    await t.database.db
      .update(users)
      .set({ payLockCount: 2, payLockDay: sql`current_date - 1` })
      .where(eq(users.id, s.id));
    expect((await lockOnce(s)).msg).toBe(translate('en-US', 'errors.payLocked', { minutes: 15 }));
    expect(await readUser(t, s.id)).toMatchObject({ payLockCount: 1, payLockDay: await today() });
  });

  it('the day lock tells the hours left, rounded up', async () => {
    const s = await shopper(t);
    await t.database.db
      .update(users)
      .set({ payLockedUntil: sql`now() + interval '90 minutes'` })
      .where(eq(users.id, s.id));
    expect((await verify(s, PAY, 'ja-JP')).msg).toBe(
      translate('ja-JP', 'checkout.payLockedDay', { hours: 2 }),
    );
  });

  it("the right password clears the tries but not the day's count", async () => {
    const s = await shopper(t);
    await lockOnce(s);
    await unlock(s);
    expect((await verify(s, PAY)).code).toBe(1);
    expect(await readUser(t, s.id)).toMatchObject({ payFailCount: 0, payLockCount: 1 });
  });
});
