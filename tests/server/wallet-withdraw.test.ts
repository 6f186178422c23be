import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ExtractAnswer,
  ExtractInfoAnswer,
  ExtractLogAnswer,
  PayoutMethod,
} from '../../common/schemas/wallet-withdraw';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { idempotencyKeys, ledgerEntries, payoutMethods, users, withdrawals } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { credit, passWithdrawal, refuseWithdrawal } from '../../server/modules/wallet';
import { OperatorError } from '../../server/modules/operator';
import { setSetting } from '../../server/modules/settings';
import { decryptCard } from '../../server/lib/wallet-key';
import { testAppOf } from '../support/app';
import { freshDatabase } from '../support/db';
import { walletProblems } from './support/wallet-invariants';
import { seedNetworks } from '../../server/demo/networks-seed';
import {
  bankWithdrawal,
  ERC20,
  LOGIN_PASSWORD,
  MASTERCARD,
  newKey,
  noticesOf,
  PAY_PASSWORD,
  shopper,
  TRC20,
  VISA,
  walletOf,
  walletShop,
  type Shopper,
} from './wallet-fixture';
import { useApp } from '../support/use-app';

const VISA_DIGITS = VISA.replace(/\s/g, '');

const shop = useApp(walletShop);

const extract = (
  token: string | undefined,
  body: Record<string, unknown>,
  opts: { key?: string | null; lang?: string } = {},
) => shop.t.endpoint<ExtractAnswer>('wallet.extract', { token, body, ...opts });

const chain = (extra: Record<string, unknown> = {}) => ({
  type: 'chain',
  amount: '50',
  password_pay: PAY_PASSWORD,
  network_id: shop.net.trc20,
  address: TRC20,
  ...extra,
});

const withdrawalCount = async (userId: number) =>
  (await shop.t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, userId))).length;
const payFails = async (userId: number) =>
  (await shop.t.database.db.select({ n: users.payFailCount }).from(users).where(eq(users.id, userId)))[0].n;

describe('GET /api/user/extract', () => {
  it('answers the wallet, the fee rules, the limits, the networks and the saved methods', async () => {
    const ada = await shopper(shop.t, 'ada_info', { cents: 12_345 });
    const res = await shop.t.endpoint<ExtractInfoAnswer>('wallet.extractInfo', { token: ada.token });
    expect(res.data).toMatchObject({
      balance: '123.45',
      frozen: '0.00',
      hasPayPassword: true,
      bankFee: { rateBps: 100, min: '1.00' },
      limits: { min: '10.00', max: '5000.00', perDay: '10000.00', leftToday: '10000.00' },
      methods: [],
    });
    expect(res.data.networks.map((n) => n.name)).toEqual(['USDT-TRC20', 'USDT-ERC20', 'BTC']);
    const none = await shopper(shop.t, 'no_pay_info', { payPassword: false });
    expect(
      (await shop.t.endpoint<ExtractInfoAnswer>('wallet.extractInfo', { token: none.token })).data
        .hasPayPassword,
    ).toBe(false);
  });

  it('needs a session', async () => {
    expect(await shop.t.endpoint('wallet.extractInfo')).toMatchObject({ code: 401 });
  });
});

describe('POST /api/user/extract: to a bank card', () => {
  let ada: Shopper;
  beforeAll(async () => {
    ada = await shopper(shop.t, 'ada_bank', { cents: 100_000 });
  });

  it('holds amount + fee (1 %, at least $1.00) in frozen, stores the card encrypted and shows its last four digits', async () => {
    const res = await extract(ada.token, bankWithdrawal());
    expect(res).toMatchObject({
      code: 1,
      msg: translate('en-US', 'wallet.withdrawSubmitted'),
      data: {
        withdrawal: {
          type: 'bank',
          status: 0,
          amount: '20.00',
          fee: '1.00',
          total: '21.00',
          destination: 'Demo Bank •••• 4242',
          bankName: 'Demo Bank',
          holder: 'Ada Lovelace',
          cardLast4: '4242',
          networkId: null,
          reason: null,
        },
        balance: '979.00',
        frozen: '21.00',
      },
    });
    expect(JSON.stringify(res)).not.toContain(VISA_DIGITS);
    expect(await walletOf(shop.t, ada.id)).toEqual({ balance: 97_900, frozen: 2100 });
    const db = shop.t.database.db;
    const [hold] = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.refId, String(res.data.withdrawal.id)));
    expect(hold).toMatchObject({
      type: 'withdraw_hold',
      balanceChange: -2100,
      frozenChange: 2100,
      refType: 'withdrawal',
    });

    // Stored encrypted: no digits in clear anywhere, and the key opens it.
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, res.data.withdrawal.id));
    expect(row.cardEncrypted).not.toContain(VISA_DIGITS);
    expect(row.cardEncrypted).not.toContain('4242');
    expect(decryptCard(row.cardEncrypted!)).toBe(VISA_DIGITS);
    const [saved] = await db.select().from(payoutMethods).where(eq(payoutMethods.userId, ada.id));
    expect(saved.cardEncrypted).not.toContain(VISA_DIGITS);
    expect(saved.fingerprint).not.toContain(VISA_DIGITS);
    const [stored] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, ada.id));
    expect(JSON.stringify(stored.answer)).not.toContain(VISA_DIGITS);
    expect(await walletProblems(db)).toEqual([]);
  });

  it('the card becomes a saved payout method (once, whatever its spelling) that can be reused and deleted', async () => {
    await extract(ada.token, bankWithdrawal({ card_number: VISA_DIGITS, holder: 'A. Lovelace' }));
    const list = await shop.t.endpoint<PayoutMethod[]>('wallet.payoutList', { token: ada.token });
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      type: 'bank',
      label: 'Demo Bank •••• 4242',
      bankName: 'Demo Bank',
      holder: 'A. Lovelace',
      cardLast4: '4242',
      networkId: null,
    });
    expect(JSON.stringify(list)).not.toContain(VISA_DIGITS);
    const payout = list.data[0].id;
    const reused = await extract(ada.token, {
      type: 'bank',
      amount: '10',
      password_pay: PAY_PASSWORD,
      payout_id: payout,
    });
    expect(reused.data.withdrawal).toMatchObject({
      destination: 'Demo Bank •••• 4242',
      holder: 'A. Lovelace',
      fee: '1.00',
    });
    const [row] = await shop.t.database.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, reused.data.withdrawal.id));
    expect(decryptCard(row.cardEncrypted!)).toBe(VISA_DIGITS);

    const noSave = await extract(
      ada.token,
      bankWithdrawal({ card_number: MASTERCARD, amount: '10', save: false }),
    );
    expect(noSave.data.withdrawal.cardLast4).toBe('4444');
    expect(
      (await shop.t.endpoint<PayoutMethod[]>('wallet.payoutList', { token: ada.token })).data,
    ).toHaveLength(1);

    const gone = await shop.t.endpoint<PayoutMethod[]>('wallet.payoutDel', {
      token: ada.token,
      body: { payout_id: payout },
    });
    expect(gone).toMatchObject({ code: 1, msg: 'Payout method deleted', data: [] });
    expect(
      await extract(ada.token, { type: 'bank', amount: '10', password_pay: PAY_PASSWORD, payout_id: payout }),
    ).toMatchObject({ code: 0, error: 'wallet.payoutNotFound' });
  });

  it.each([
    [{ bank_name: undefined }, 'wallet.bankNameRequired'],
    [{ bank_name: 'Bank\u202Eevil' }, 'wallet.bankNameInvalid'],
    [{ bank_name: 'x'.repeat(65) }, 'wallet.bankNameInvalid'],
    [{ holder: '' }, 'wallet.holderRequired'],
    [{ holder: 'Ada\nLovelace' }, 'wallet.holderInvalid'],
    [{ card_number: undefined }, 'wallet.cardNumberRequired'],
    [{ card_number: '4242 4242 4242 4241' }, 'wallet.cardNumberInvalid'],
    [{ card_number: '1234' }, 'wallet.cardNumberInvalid'],
    [{ card_number: '4242-abcd-4242-4242' }, 'wallet.cardNumberInvalid'],
    [{ type: 'cash' }, 'wallet.withdrawTypeInvalid'],
    [{ password_pay: '' }, 'errors.payPasswordRequired'],
    [{ amount: '0' }, 'wallet.withdrawAmountNotPositive'],
    [{ amount: '-1' }, 'wallet.withdrawAmountNotPositive'],
    [{ amount: '' }, 'wallet.withdrawAmountNotPositive'],
    [{ amount: undefined }, 'wallet.withdrawAmountNotPositive'],
    [{ amount: '1.234' }, 'wallet.amountInvalid'],
    [{ amount: '1e3' }, 'wallet.amountInvalid'],
    [{ amount: 'abc' }, 'wallet.amountInvalid'],
    [{ amount: '9.99' }, 'wallet.belowMin'],
    [{ amount: '5000.01' }, 'wallet.aboveMax'],
  ])('%j is refused with %s; nothing is held and no password try is spent', async (change, error) => {
    const before = await walletOf(shop.t, ada.id);
    const count = await withdrawalCount(ada.id);
    const res = await extract(ada.token, bankWithdrawal(change));
    expect(res).toMatchObject({ code: 0, error });
    expect(res.msg).not.toBe(error);
    expect(await walletOf(shop.t, ada.id)).toEqual(before);
    expect(await withdrawalCount(ada.id)).toBe(count);
    expect(await payFails(ada.id)).toBe(0);
  });

  it('more than the balance (amount + fee) is refused with the spec message, before the password is asked', async () => {
    const poor = await shopper(shop.t, 'poor_bank', { cents: 2_050 });
    // $20.00 + $1.00 fee > $20.50
    const res = await extract(poor.token, bankWithdrawal({ amount: '20', password_pay: '000000' }), {
      lang: 'zh-CN',
    });
    expect(res).toMatchObject({
      code: 0,
      error: 'wallet.amountAboveBalance',
      msg: '提现金额不能大于余额（手续费也从余额中扣除）',
    });
    expect(await payFails(poor.id)).toBe(0);
    expect((await extract(poor.token, bankWithdrawal({ amount: '19.50' }))).data.withdrawal.total).toBe(
      '20.50',
    );
    expect(await walletOf(shop.t, poor.id)).toEqual({ balance: 0, frozen: 2050 });
  });

  it('a wrong payment password counts its try and moves nothing; the same key may then be sent right', async () => {
    const key = newKey();
    const before = await walletOf(shop.t, ada.id);
    const count = await withdrawalCount(ada.id);
    const wrong = await extract(ada.token, bankWithdrawal({ password_pay: '111111' }), { key });
    expect(wrong).toMatchObject({
      code: 0,
      error: 'errors.payPasswordWrong',
      msg: 'Wrong payment password. Tries left: 4',
    });
    expect(await payFails(ada.id)).toBe(1);
    expect(await walletOf(shop.t, ada.id)).toEqual(before);
    expect(await withdrawalCount(ada.id)).toBe(count);
    const right = await extract(ada.token, bankWithdrawal(), { key });
    expect(right.code).toBe(1);
    expect(await payFails(ada.id)).toBe(0);
  });

  it('without a payment password nothing can be withdrawn', async () => {
    const none = await shopper(shop.t, 'no_pay_bank', { payPassword: false, cents: 5_000 });
    expect(await extract(none.token, bankWithdrawal())).toMatchObject({
      code: 0,
      error: 'errors.payPasswordNotSet',
    });
    expect(await walletOf(shop.t, none.id)).toEqual({ balance: 5_000, frozen: 0 });
  });

  it('needs a session and an Idempotency-Key; a replayed key holds the money once', async () => {
    expect(await extract(undefined, bankWithdrawal())).toMatchObject({ code: 401 });
    expect(await extract(ada.token, bankWithdrawal(), { key: null })).toMatchObject({
      code: 0,
      error: 'errors.idempotencyKey',
    });
    const key = newKey();
    const before = await walletOf(shop.t, ada.id);
    const first = await extract(ada.token, bankWithdrawal(), { key });
    const again = await extract(ada.token, bankWithdrawal(), { key });
    expect(again.data).toEqual(first.data);
    expect(await walletOf(shop.t, ada.id)).toEqual({
      balance: before.balance - 2100,
      frozen: before.frozen + 2100,
    });
    // The payment password is no part of what was asked: sent again with another, still the replay.
    expect((await extract(ada.token, bankWithdrawal({ password_pay: '999999' }), { key })).data).toEqual(
      first.data,
    );
    // Another amount or another card with the same key: refused, nothing more held.
    for (const other of [
      bankWithdrawal({ amount: '30' }),
      bankWithdrawal({ card_number: '5555555555554444' }),
    ]) {
      expect(await extract(ada.token, other, { key, lang: 'ja-JP' })).toMatchObject({
        status: 422,
        code: 0,
        error: 'errors.idempotencyKeyReused',
        msg: translate('ja-JP', 'errors.idempotencyKeyReused'),
        data: null,
      });
    }
    expect(await walletOf(shop.t, ada.id)).toEqual({
      balance: before.balance - 2100,
      frozen: before.frozen + 2100,
    });
  });
});

describe('POST /api/user/extract: on-chain', () => {
  let bob: Shopper;
  beforeAll(async () => {
    bob = await shopper(shop.t, 'bob_chain', { cents: 100_000 });
  });

  it("uses the network's fee and limits and answers the address with the network", async () => {
    const res = await extract(bob.token, chain());
    expect(res.data).toMatchObject({
      withdrawal: {
        type: 'chain',
        amount: '50.00',
        fee: '1.00',
        total: '51.00',
        networkId: shop.net.trc20,
        networkName: 'USDT-TRC20',
        address: TRC20,
        destination: `USDT-TRC20 ${TRC20.slice(0, 6)}…${TRC20.slice(-4)}`,
        cardLast4: null,
      },
      balance: '949.00',
      frozen: '51.00',
    });
    // ERC20: 1 % at least $5.00.
    const erc = await extract(
      bob.token,
      chain({ network_id: shop.net.erc20, address: ERC20, amount: '600' }),
    );
    expect(erc.data.withdrawal).toMatchObject({ fee: '6.00', total: '606.00' });
    const small = await extract(
      bob.token,
      chain({ network_id: shop.net.erc20, address: ERC20, amount: '19.99' }),
    );
    expect(small).toMatchObject({
      code: 0,
      error: 'wallet.belowMin',
      msg: 'The amount must be at least $20.00',
    });
  });

  it.each([
    [{ network_id: undefined }, 'wallet.networkRequired'],
    [{ address: undefined }, 'wallet.addressRequired'],
    [{ address: 'short' }, 'wallet.addressInvalid'],
    [{ address: ERC20 }, 'wallet.networkMismatch'],
    [{ network_id: 424242 }, 'wallet.networkUnknown'],
  ])('%j is refused with %s', async (change, error) => {
    const before = await walletOf(shop.t, bob.id);
    expect(await extract(bob.token, chain(change))).toMatchObject({ code: 0, error });
    expect(await walletOf(shop.t, bob.id)).toEqual(before);
  });

  it('a saved address keeps its network; naming another network with it is refused', async () => {
    const methods = (await shop.t.endpoint<PayoutMethod[]>('wallet.payoutList', { token: bob.token })).data;
    const trc = methods.find((m) => m.networkId === shop.net.trc20)!;
    expect(trc).toMatchObject({ type: 'chain', networkName: 'USDT-TRC20', address: TRC20 });
    const reused = await extract(bob.token, {
      type: 'chain',
      amount: '10',
      password_pay: PAY_PASSWORD,
      payout_id: trc.id,
    });
    expect(reused.data.withdrawal).toMatchObject({ networkId: shop.net.trc20, address: TRC20 });
    expect(
      await extract(bob.token, {
        type: 'chain',
        amount: '10',
        password_pay: PAY_PASSWORD,
        payout_id: trc.id,
        network_id: shop.net.erc20,
      }),
    ).toMatchObject({ code: 0, error: 'wallet.networkMismatch' });
    // A saved address is not a bank card.
    expect(
      await extract(bob.token, { type: 'bank', amount: '10', password_pay: PAY_PASSWORD, payout_id: trc.id }),
    ).toMatchObject({ code: 0, error: 'wallet.payoutNotFound' });
  });

  it("another shopper's payout method looks absent, to use and to delete", async () => {
    const eve = await shopper(shop.t, 'eve_chain', { cents: 10_000 });
    const bobs = (await shop.t.endpoint<PayoutMethod[]>('wallet.payoutList', { token: bob.token })).data;
    const use = await extract(eve.token, {
      type: 'chain',
      amount: '10',
      password_pay: PAY_PASSWORD,
      payout_id: bobs[0].id,
    });
    const missing = await extract(eve.token, {
      type: 'chain',
      amount: '10',
      password_pay: PAY_PASSWORD,
      payout_id: 99999,
    });
    expect(use).toMatchObject({ code: 0, error: 'wallet.payoutNotFound' });
    expect({ ...use, msg: use.msg }).toEqual({ ...missing, msg: missing.msg });
    const del = await shop.t.endpoint('wallet.payoutDel', {
      token: eve.token,
      body: { payout_id: bobs[0].id },
    });
    expect(del).toMatchObject({ code: 0, error: 'wallet.payoutNotFound' });
    expect(
      (await shop.t.endpoint<PayoutMethod[]>('wallet.payoutList', { token: bob.token })).data,
    ).toHaveLength(bobs.length);
    expect(await shop.t.endpoint('wallet.payoutList')).toMatchObject({ code: 401 });
    expect(await shop.t.endpoint('wallet.payoutDel', { body: { payout_id: 1 } })).toMatchObject({
      code: 401,
    });
    expect(
      await shop.t.endpoint('wallet.payoutDel', { token: eve.token, body: { payout_id: 'x' } }),
    ).toMatchObject({
      code: 0,
      error: 'wallet.payoutNotFound',
    });
  });
});

describe('limits per day', () => {
  it('withdrawals of one UTC day may not pass perDay; refused ones do not count', async () => {
    const db = shop.t.database.db;
    await setSetting(db, {
      key: 'withdrawLimits',
      value: { min: 1000, max: 5000, perDay: 8000 },
      operator: 'op',
    });
    try {
      const kim = await shopper(shop.t, 'kim_daily', { cents: 50_000 });
      const first = await extract(kim.token, bankWithdrawal({ amount: '50' }));
      expect(first.code).toBe(1);
      const over = await extract(kim.token, bankWithdrawal({ amount: '30.01' }));
      expect(over).toMatchObject({
        code: 0,
        error: 'wallet.dailyLimit',
        msg: "This is over today's withdrawal limit. You can withdraw $30.00 more today",
      });
      const info = await shop.t.endpoint<ExtractInfoAnswer>('wallet.extractInfo', { token: kim.token });
      expect(info.data.limits).toMatchObject({ max: '50.00', perDay: '80.00', leftToday: '30.00' });
      await refuseWithdrawal(db, {
        withdrawalId: first.data.withdrawal.id,
        reason: 'Try again',
        operator: 'op',
      });
      expect((await extract(kim.token, bankWithdrawal({ amount: '50' }))).code).toBe(1);
    } finally {
      await setSetting(db, {
        key: 'withdrawLimits',
        value: { min: 1000, max: 500_000, perDay: 1_000_000 },
        operator: 'op',
      });
    }
  });
});

describe('GET /api/user/extract_log', () => {
  it("lists the shopper's own withdrawals by status, destinations masked", async () => {
    const lea = await shopper(shop.t, 'lea_log', { cents: 20_000 });
    const a = await extract(lea.token, bankWithdrawal({ amount: '10' }));
    const b = await extract(lea.token, chain({ amount: '20' }));
    const c = await extract(lea.token, bankWithdrawal({ amount: '15', card_number: MASTERCARD }));
    const db = shop.t.database.db;
    await passWithdrawal(db, { withdrawalId: a.data.withdrawal.id, operator: 'op' });
    await refuseWithdrawal(db, {
      withdrawalId: b.data.withdrawal.id,
      reason: 'Address on a blacklist',
      operator: 'op',
    });
    const log = (query: Record<string, string> = {}, token = lea.token) =>
      shop.t.endpoint<ExtractLogAnswer>('wallet.extractLog', { token, query });
    const all = await log();
    expect(all.data.total).toBe(3);
    expect(all.data.list.map((w) => [w.id, w.status, w.amount, w.fee, w.destination, w.reason])).toEqual([
      [c.data.withdrawal.id, 0, '15.00', '1.00', 'Demo Bank •••• 4444', null],
      [
        b.data.withdrawal.id,
        2,
        '20.00',
        '1.00',
        `USDT-TRC20 ${TRC20.slice(0, 6)}…${TRC20.slice(-4)}`,
        'Address on a blacklist',
      ],
      [a.data.withdrawal.id, 1, '10.00', '1.00', 'Demo Bank •••• 4242', null],
    ]);
    expect(JSON.stringify(all)).not.toMatch(/4242424242424242|5555555555554444/);
    expect((await log({ status: '0' })).data.list.map((w) => w.id)).toEqual([c.data.withdrawal.id]);
    expect((await log({ status: '1' })).data.list.map((w) => w.id)).toEqual([a.data.withdrawal.id]);
    expect((await log({ status: '2' })).data.list.map((w) => w.id)).toEqual([b.data.withdrawal.id]);
    expect(await log({ status: 'x' })).toMatchObject({ code: 0, error: 'errors.invalidParam' });
    const other = await shopper(shop.t, 'other_log');
    expect((await log({}, other.token)).data).toMatchObject({ list: [], total: 0 });
    expect(await shop.t.endpoint('wallet.extractLog')).toMatchObject({ code: 401 });
  });
});

describe('the operator pays out or refuses', () => {
  it('a pass pays amount + fee out of frozen once; a refusal returns them to the balance once', async () => {
    const max = await shopper(shop.t, 'max_audit', { cents: 10_000 });
    const db = shop.t.database.db;
    const one = await extract(max.token, bankWithdrawal({ amount: '30' }));
    const two = await extract(max.token, bankWithdrawal({ amount: '40' }));
    expect(await walletOf(shop.t, max.id)).toEqual({ balance: 10_000 - 3100 - 4100, frozen: 7200 });

    const paid = await passWithdrawal(db, { withdrawalId: one.data.withdrawal.id, operator: 'alice' });
    expect(paid).toMatchObject({ alreadyDone: false, frozen: 4100, withdrawal: { status: 1, total: 3100 } });
    expect(
      (await passWithdrawal(db, { withdrawalId: one.data.withdrawal.id, operator: 'alice' })).alreadyDone,
    ).toBe(true);
    await expect(
      refuseWithdrawal(db, { withdrawalId: one.data.withdrawal.id, reason: 'x', operator: 'alice' }),
    ).rejects.toMatchObject({ code: 'operator.alreadyPassed' });

    const back = await refuseWithdrawal(db, {
      withdrawalId: two.data.withdrawal.id,
      reason: 'Card blocked',
      operator: 'alice',
    });
    expect(back).toMatchObject({ alreadyDone: false, balance: 10_000 - 3100, frozen: 0 });
    expect(
      (
        await refuseWithdrawal(db, {
          withdrawalId: two.data.withdrawal.id,
          reason: 'Card blocked',
          operator: 'alice',
        })
      ).alreadyDone,
    ).toBe(true);
    await expect(
      passWithdrawal(db, { withdrawalId: two.data.withdrawal.id, operator: 'alice' }),
    ).rejects.toMatchObject({
      code: 'operator.alreadyRefused',
    });
    expect(await walletOf(shop.t, max.id)).toEqual({ balance: 6900, frozen: 0 });

    const notices = await noticesOf(shop.t, max.id);
    expect(notices.map((n) => [n.kind, n.params, n.refType])).toEqual([
      [
        'wallet.notify.withdrawPassed',
        { id: one.data.withdrawal.id, amount: '30.00', destination: 'Demo Bank •••• 4242' },
        'withdrawal',
      ],
      [
        'wallet.notify.withdrawRefused',
        { id: two.data.withdrawal.id, amount: '40.00', total: '41.00', reason: 'Card blocked' },
        'withdrawal',
      ],
    ]);
    const list = await shop.t.endpoint<{ list: { text: string; link: string }[] }>('notify.list', {
      token: max.token,
    });
    expect(list.data.list[0]).toEqual(
      expect.objectContaining({
        text: `Your withdrawal #${two.data.withdrawal.id} was declined: Card blocked. $41.00 returned to your balance`,
        link: `/depositRecord?id=${two.data.withdrawal.id}`,
      }),
    );
    expect(await walletProblems(db)).toEqual([]);
  });

  it('an unknown withdrawal or an empty reason is refused', async () => {
    const db = shop.t.database.db;
    await expect(passWithdrawal(db, { withdrawalId: 777777, operator: 'op' })).rejects.toBeInstanceOf(
      OperatorError,
    );
    await expect(
      refuseWithdrawal(db, { withdrawalId: 777777, reason: 'x', operator: 'op' }),
    ).rejects.toMatchObject({
      code: 'operator.withdrawalNotFound',
    });
  });
});

describe('races', () => {
  it('20 withdrawals at once against a balance that covers 7: exactly 7 are held', async () => {
    // $10.00 + $1.00 fee each; $82.00 covers seven ($77.00), not eight.
    const sam = await shopper(shop.t, 'sam_race', { cents: 8_200 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => extract(sam.token, bankWithdrawal({ amount: '10' }))),
    );
    const ok = results.filter((r) => r.code === 1);
    expect(ok).toHaveLength(7);
    expect(results.filter((r) => r.code !== 1).map((r) => r.error)).toEqual(
      Array(13).fill('wallet.amountAboveBalance'),
    );
    expect(new Set(ok.map((r) => r.data.withdrawal.id)).size).toBe(7);
    expect(await walletOf(shop.t, sam.id)).toEqual({ balance: 500, frozen: 7_700 });
    expect(await withdrawalCount(sam.id)).toBe(7);
    expect(await walletProblems(shop.t.database.db)).toEqual([]);
  });

  it('a pass and a refusal at the same moment: exactly one wins and the money moves once', async () => {
    const tom = await shopper(shop.t, 'tom_race', { cents: 20_000 });
    const db = shop.t.database.db;
    for (let i = 0; i < 5; i++) {
      const made = await extract(tom.token, bankWithdrawal({ amount: '10' }));
      const id = made.data.withdrawal.id;
      const outcomes = await Promise.allSettled([
        passWithdrawal(db, { withdrawalId: id, operator: 'alice' }),
        refuseWithdrawal(db, { withdrawalId: id, reason: 'Duplicate', operator: 'bob' }),
      ]);
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      expect(won).toHaveLength(1);
      const lost = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(lost.reason).toBeInstanceOf(OperatorError);
      const entries = await db
        .select({ type: ledgerEntries.type })
        .from(ledgerEntries)
        .where(sql`${ledgerEntries.refType} = 'withdrawal' and ${ledgerEntries.refId} = ${String(id)}`);
      expect(entries.map((e) => e.type).sort()).toEqual(
        outcomes[0].status === 'fulfilled'
          ? ['withdraw_hold', 'withdraw_paid']
          : ['withdraw_hold', 'withdraw_return'],
      );
    }
    expect(await walletProblems(db)).toEqual([]);
  });
});

describe('card numbers never reach the logs', () => {
  it('requests with full card numbers, accepted and refused, log no digits but the last four', async () => {
    const lines: string[] = [];
    const database = await freshDatabase();
    const app = await buildApp({
      config: testConfig({ DATA_DIR: shop.dataDir, LOG_LEVEL: 'trace' }),
      database,
      logger: pino({ level: 'trace' }, { write: (line: string) => lines.push(line) }),
    });
    try {
      await seedNetworks(database.db);
      const t = testAppOf(app, database);
      const registered = await t.endpoint<{ userinfo: { token: string } }>('user.register', {
        body: { account: 'zoe_logs', password: LOGIN_PASSWORD },
      });
      const token = registered.data.userinfo.token;
      await t.endpoint('user.resetPay', {
        token,
        body: { newpassword: PAY_PASSWORD, password: LOGIN_PASSWORD },
      });
      await credit(database.db, {
        user: 'zoe_logs',
        amount: 10_000,
        reason: 'Test money',
        operator: 'tests',
      });
      const zoe = { token };
      const call = (body: Record<string, unknown>) =>
        t.endpoint('wallet.extract', { token: zoe.token, body });
      expect((await call(bankWithdrawal())).code).toBe(1);
      expect((await call(bankWithdrawal({ card_number: '4242 4242 4242 4241' }))).code).toBe(0);
      expect((await call(bankWithdrawal({ password_pay: '999999' }))).code).toBe(0);
      expect((await call(bankWithdrawal({ amount: 'abc' }))).code).toBe(0);
      expect(lines.length).toBeGreaterThan(5);
      const text = lines.join('\n');
      for (const digits of [VISA_DIGITS, '4242424242424241', '424242424242'])
        expect(text).not.toContain(digits);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
