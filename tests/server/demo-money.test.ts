import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '../../common/schemas/user';
import { recharges, sessions, users, withdrawals } from '../../server/db/schema';
import { DEMO_ACCOUNT, seedDemoShopper } from '../../server/demo/seed';
import { translate } from '../../server/lib/i18n';
import { DESK_KINDS } from '../../server/modules/desk/kinds';
import { fakeBotApi, type FakeBotApi } from './support/fake-bot-api';
import { addOrder, addShop } from './operator-fixture';
import {
  chainTopUp,
  newKey,
  shopper,
  TRC20,
  VISA,
  walletOf,
  walletShop,
  type Shopper,
  type WalletShop,
} from './wallet-fixture';

/**
 * The demo shopper (DEMO_DATA: `demo` / `demo123`, $10,000 of play money, payment password
 * 123456) is shared by everyone who tries the shop. Its money must never leave: no withdrawal, no
 * top-up by card or by transfer (real money in would be spent by the next visitor), its desk posts
 * say it is the demo account, and "log out everywhere" cannot log out every other visitor.
 */
let api: FakeBotApi;
let shop: WalletShop;
let demo: Shopper;
let demoId: number;

/** A session of the demo account, logged in as any visitor would. */
async function demoSession(): Promise<string> {
  const res = await shop.t.endpoint<LoginAnswer>('user.login', {
    body: { account: DEMO_ACCOUNT.account, password: DEMO_ACCOUNT.password },
  });
  expect(res.code).toBe(1);
  return res.data.userinfo.token;
}

beforeAll(async () => {
  api = await fakeBotApi();
  shop = await walletShop({
    DEMO_DATA: true,
    PAYMENT_PROVIDER_TOKEN: '284685063:TEST:fake-provider-token',
    TELEGRAM_API_ROOT: api.url,
  });
  demoId = await seedDemoShopper(shop.t.database.db);
  // Opened from Telegram once, so nothing but its being the demo stops a card top-up.
  await shop.t.database.db.update(users).set({ telegramId: 7_300_000_001 }).where(eq(users.id, demoId));
  demo = { id: demoId, account: DEMO_ACCOUNT.account, token: await demoSession() };
});
afterAll(async () => {
  await shop?.close();
  await api?.close();
});

const countOf = async (table: typeof withdrawals | typeof recharges) =>
  (await shop.t.database.db.select().from(table).where(eq(table.userId, demoId))).length;

describe("the demo account's money never leaves", () => {
  it('a withdrawal to a card is refused with the reason, in the language asked; nothing is held or posted', async () => {
    const before = await walletOf(shop.t, demoId);
    const res = await shop.t.endpoint('wallet.extract', {
      token: demo.token,
      key: newKey(),
      lang: 'de-DE',
      body: {
        type: 'bank',
        amount: '500',
        password_pay: DEMO_ACCOUNT.payPassword,
        bank_name: 'Attacker Bank',
        holder: 'Mallory',
        card_number: VISA,
      },
    });
    expect(res).toMatchObject({
      code: 0,
      error: 'wallet.demoNoWithdraw',
      msg: translate('de-DE', 'wallet.demoNoWithdraw'),
    });
    expect(await walletOf(shop.t, demoId)).toEqual(before);
    expect(await countOf(withdrawals)).toBe(0);
  });

  it('an on-chain withdrawal is refused the same way', async () => {
    const res = await shop.t.endpoint('wallet.extract', {
      token: demo.token,
      key: newKey(),
      body: {
        type: 'chain',
        amount: '50',
        password_pay: DEMO_ACCOUNT.payPassword,
        network_id: shop.net.trc20,
        address: TRC20,
      },
    });
    expect(res).toMatchObject({ code: 0, error: 'wallet.demoNoWithdraw' });
    expect(await countOf(withdrawals)).toBe(0);
  });

  it('a top-up by card asks Telegram for no invoice; by transfer nothing is recorded', async () => {
    api.calls.length = 0;
    const card = await shop.t.endpoint('wallet.rechargeCard', {
      token: demo.token,
      key: newKey(),
      lang: 'ru-RU',
      body: { amount: '25' },
    });
    expect(card).toMatchObject({
      code: 0,
      error: 'wallet.demoNoTopUp',
      msg: translate('ru-RU', 'wallet.demoNoTopUp'),
    });
    expect(api.calls.filter((c) => c.method === 'createInvoiceLink')).toEqual([]);

    const chain = await shop.t.endpoint('wallet.recharge', {
      token: demo.token,
      key: newKey(),
      body: await chainTopUp(shop, demo),
    });
    expect(chain).toMatchObject({ code: 0, error: 'wallet.demoNoTopUp' });
    expect(await countOf(recharges)).toBe(0);
  });

  it('another shopper still tops up (the rule is the demo account’s alone)', async () => {
    const ada = await shopper(shop.t, 'ada_not_demo', { cents: 10_000 });
    const res = await shop.t.endpoint('wallet.recharge', {
      token: ada.token,
      key: newKey(),
      body: await chainTopUp(shop, ada),
    });
    expect(res.code).toBe(1);
  });
});

describe("the demo account's desk posts", () => {
  it('name it as the demo account, so no operator ships or pays for it; other shoppers are named plainly', async () => {
    const db = shop.t.database.db;
    const goods = await addShop(db, 'Demo Desk Shop');
    const demoOrder = await addOrder(db, { userId: demoId, ...goods });
    const other = await shopper(shop.t, 'bob_not_demo');
    const plainOrder = await addOrder(db, { userId: other.id, ...goods });

    const demoPost = await DESK_KINDS.order.describe(db, demoOrder.id, 'en-US');
    expect(demoPost?.text).toContain(translate('en-US', 'desk.field.demoShopper', { account: 'demo' }));
    expect(demoPost?.text).toContain('DEMO');
    const plainPost = await DESK_KINDS.order.describe(db, plainOrder.id, 'en-US');
    expect(plainPost?.text).toContain(translate('en-US', 'desk.field.shopper', { account: 'bob_not_demo' }));
    expect(plainPost?.text).not.toContain('DEMO');
  });
});

describe('"log out everywhere" on the shared demo account', () => {
  it('ends the asking session only: every other visitor stays logged in', async () => {
    const visitors = await Promise.all([demoSession(), demoSession()]);
    const asking = await demoSession();
    const res = await shop.t.endpoint('user.logoutAll', { token: asking, lang: 'ja-JP' });
    expect(res).toMatchObject({ code: 1, msg: translate('ja-JP', 'auth.demoLoggedOutHere') });
    expect((await shop.t.endpoint('user.getUserInfo', { token: asking })).code).toBe(401);
    for (const token of [demo.token, ...visitors]) {
      expect((await shop.t.endpoint('user.getUserInfo', { token })).code).toBe(1);
    }
  });

  it('a shopper of their own still logs out on every device', async () => {
    const eve = await shopper(shop.t, 'eve_everywhere');
    const res = await shop.t.endpoint('user.logoutAll', { token: eve.token });
    expect(res).toMatchObject({ code: 1, msg: translate('en-US', 'auth.loggedOutEverywhere') });
    const left = await shop.t.database.db.select().from(sessions).where(eq(sessions.userId, eve.id));
    expect(left).toEqual([]);
  });
});
