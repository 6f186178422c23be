import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BlockchainAnswer, RechargeAnswer, RechargeLogAnswer } from '../../common/schemas/wallet-topup';
import type { NotificationItem } from './wallet-types';
import { ledgerEntries, networks, recharges, uploads, users } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { OperatorError } from '../../server/modules/operator';
import { passRecharge, refuseRecharge } from '../../server/modules/wallet';
import { evidenceLink } from '../../server/modules/upload/evidence';
import { walletProblems } from './support/wallet-invariants';
import {
  chainTopUp,
  ERC20,
  newKey,
  noticesOf,
  shopper,
  takeBankTransfers,
  TRC20,
  TX_HASH,
  uploadPicture,
  walletOf,
  walletShop,
  type Shopper,
} from './wallet-fixture';
import { useApp } from '../support/use-app';

const shop = useApp(walletShop);
let ada: Shopper;
let bob: Shopper;
beforeAll(async () => {
  await takeBankTransfers(shop.t.database.db);
  ada = await shopper(shop.t, 'ada_topup');
  bob = await shopper(shop.t, 'bob_topup');
});

const recharge = (
  token: string | undefined,
  body: Record<string, unknown>,
  opts: { key?: string | null; lang?: string } = {},
) => shop.t.endpoint<RechargeAnswer>('wallet.recharge', { token, body, ...opts });

const rechargeCount = async (userId: number) =>
  (await shop.t.database.db.select().from(recharges).where(eq(recharges.userId, userId))).length;

describe('GET /api/user/getBlockchain', () => {
  it('answers the enabled networks with their deposit address, limits and fee, and the other ways', async () => {
    const res = await shop.t.endpoint<BlockchainAnswer>('wallet.getBlockchain', { token: ada.token });
    expect(res.code).toBe(1);
    expect(res.data.list.map((n) => n.name)).toEqual(['USDT-TRC20', 'USDT-ERC20', 'BTC']);
    expect(res.data.list[0]).toEqual({
      id: shop.net.trc20,
      name: 'USDT-TRC20',
      depositAddress: 'DEMO-TRC20-not-a-real-address-do-not-send',
      minRecharge: '10.00',
      minWithdraw: '10.00',
      maxWithdraw: '10000.00',
      feeRateBps: 100,
      feeMin: '1.00',
      addressPattern: 'T[1-9A-HJ-NP-Za-km-z]{33}',
    });
    expect(res.data.topUp).toEqual({ min: '1.00', max: '10000.00' });
    // No payment provider in this shop: the card way is "temporarily unavailable".
    expect(res.data.cardAvailable).toBe(false);
  });

  it('a disabled network is not offered', async () => {
    const db = shop.t.database.db;
    await db.update(networks).set({ enabled: false }).where(eq(networks.id, shop.net.btc));
    try {
      const res = await shop.t.endpoint<BlockchainAnswer>('wallet.getBlockchain', {
        token: ada.token,
      });
      expect(res.data.list.map((n) => n.name)).toEqual(['USDT-TRC20', 'USDT-ERC20']);
    } finally {
      await db.update(networks).set({ enabled: true }).where(eq(networks.id, shop.net.btc));
    }
  });

  it('needs a session', async () => {
    const res = await shop.t.endpoint('wallet.getBlockchain');
    expect(res).toMatchObject({ code: 401, error: 'errors.loginFirst' });
  });
});

describe('POST /api/user/recharge: on-chain', () => {
  it('records the top-up as auditing, moves no money, and takes the evidence picture private', async () => {
    const body = await chainTopUp(shop, ada, { tx_hash: TX_HASH });
    const before = await walletOf(shop.t, ada.id);
    const res = await recharge(ada.token, body);
    expect(res).toMatchObject({
      code: 1,
      msg: translate('en-US', 'wallet.rechargeSubmitted'),
      data: {
        type: 'chain',
        status: 0,
        amount: '25.50',
        arrivalAmount: null,
        networkId: shop.net.trc20,
        networkName: 'USDT-TRC20',
        fromAddress: TRC20,
        txHash: TX_HASH,
        reason: null,
        auditedAt: null,
        invoiceLink: null,
      },
    });
    expect(await walletOf(shop.t, ada.id)).toEqual(before);
    expect(
      await shop.t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.refType, 'recharge')),
    ).toEqual([]);

    // The pending file is gone and no public address shows it; the picture lives in evidence/.
    expect(existsSync(path.join(shop.dataDir, body.evidence))).toBe(false);
    const publicAddress = body.evidence.replace('/pending/', '/uploads/');
    expect((await shop.t.app.inject({ method: 'GET', url: publicAddress })).statusCode).toBe(404);
    const [upload] = await shop.t.database.db.select().from(uploads).where(eq(uploads.userId, ada.id));
    expect(upload).toMatchObject({
      purpose: 'evidence',
      path: body.evidence.replace('/pending/', '/evidence/'),
    });
    expect(upload.usedAt).not.toBeNull();
    expect(existsSync(path.join(shop.dataDir, upload.path))).toBe(true);

    // The answer's link shows it (no session needed: the link is signed for an hour).
    const link = res.data.evidence!;
    expect(link).toMatch(/^\/api\/user\/evidence\/\d{4}-\d{2}\/[0-9a-f]{24}\.webp\?expires=\d+&sig=/);
    const picture = await shop.t.app.inject({ method: 'GET', url: link });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['cache-control']).toContain('private');
    expect(await walletProblems(shop.t.database.db)).toEqual([]);
  });

  it("the evidence picture is its shopper's only: another shopper, no session or a bad link get 404", async () => {
    const res = await recharge(ada.token, await chainTopUp(shop, ada));
    const link = res.data.evidence!;
    const bare = link.split('?')[0];
    const get = (url: string, token?: string) =>
      shop.t.app.inject({ method: 'GET', url, headers: token ? { token } : {} });
    expect((await get(bare, ada.token)).statusCode).toBe(200);
    for (const [url, token] of [
      [bare, bob.token],
      [bare, undefined],
      [link.replace(/sig=[^&]+/, 'sig=forged'), bob.token],
      [link.replace(/expires=\d+/, 'expires=9999999999'), undefined],
      [evidenceLink(`/evidence/${bare.split('/evidence/')[1]}`, Date.now() - 3 * 3600_000), undefined],
      ['/api/user/evidence/2026-11/../../db.webp', ada.token],
    ] as [string, string | undefined][]) {
      const answer = await get(url, token);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toMatchObject({ code: 0, error: 'errors.notFound' });
    }
  });

  it('needs a session: 401 before anything is read, nothing recorded', async () => {
    const res = await recharge(undefined, { type: 'chain', amount: '10' });
    expect(res).toMatchObject({ code: 401, error: 'errors.loginFirst' });
  });

  it('needs an Idempotency-Key; the same key again answers the first top-up and records nothing more', async () => {
    const body = await chainTopUp(shop, ada);
    expect(await recharge(ada.token, body, { key: null })).toMatchObject({
      code: 0,
      error: 'errors.idempotencyKey',
    });
    const key = newKey();
    const before = await rechargeCount(ada.id);
    const first = await recharge(ada.token, body, { key });
    const again = await recharge(ada.token, body, { key });
    expect(first.code).toBe(1);
    expect(again.data.id).toBe(first.data.id);
    expect(await rechargeCount(ada.id)).toBe(before + 1);
  });

  it.each([
    ['0', 'wallet.rechargeAmountNotPositive'],
    ['-1', 'wallet.rechargeAmountNotPositive'],
    ['', 'wallet.rechargeAmountNotPositive'],
    [undefined, 'wallet.rechargeAmountNotPositive'],
    ['1.234', 'wallet.amountInvalid'],
    ['1e3', 'wallet.amountInvalid'],
    ['abc', 'wallet.amountInvalid'],
    [12, 'wallet.amountInvalid'],
    ['99999999999', 'wallet.amountInvalid'],
  ])('amount %j is refused with %s and nothing is recorded', async (amount, error) => {
    const before = await rechargeCount(ada.id);
    const res = await recharge(ada.token, { ...(await chainTopUp(shop, ada)), amount });
    expect(res).toMatchObject({ code: 0, error, msg: translate('en-US', error, { field: 'amount' }) });
    expect(await rechargeCount(ada.id)).toBe(before);
  });

  it('below the network minimum or above the top-up maximum is refused with the limit', async () => {
    const low = await recharge(ada.token, await chainTopUp(shop, ada, { amount: '9.99' }));
    expect(low).toMatchObject({
      code: 0,
      error: 'wallet.belowMin',
      msg: 'The amount must be at least $10.00',
    });
    const high = await recharge(ada.token, await chainTopUp(shop, ada, { amount: '10000.01' }));
    expect(high).toMatchObject({
      code: 0,
      error: 'wallet.aboveMax',
      msg: 'The amount can be at most $10000.00',
    });
  });

  it.each([
    [{ network_id: undefined }, 'wallet.networkRequired'],
    [{ network_id: '' }, 'wallet.networkRequired'],
    [{ from_address: undefined }, 'wallet.fromAddressRequired'],
    [{ from_address: '   ' }, 'wallet.fromAddressRequired'],
    [{ from_address: 'not an address' }, 'wallet.addressInvalid'],
    [{ evidence: undefined }, 'wallet.evidenceRequired'],
    [{ tx_hash: 'xyz' }, 'wallet.txHashInvalid'],
    [{ type: 'paypal' }, 'wallet.rechargeTypeInvalid'],
    [{ network_id: 999999 }, 'wallet.networkUnknown'],
    [{ network_id: 'abc' }, 'wallet.networkUnknown'],
  ])('%j is refused with %s', async (change, error) => {
    const before = await rechargeCount(ada.id);
    const res = await recharge(ada.token, await chainTopUp(shop, ada, change));
    expect(res).toMatchObject({ code: 0, error });
    expect(await rechargeCount(ada.id)).toBe(before);
  });

  it('an address of another network is refused: choose the network of the withdrawing platform', async () => {
    const res = await recharge(ada.token, await chainTopUp(shop, ada, { from_address: ERC20 }), {
      lang: 'zh-CN',
    });
    expect(res).toMatchObject({
      code: 0,
      error: 'wallet.networkMismatch',
      msg: '请选择与提币平台一致的网络',
    });
  });

  it('a disabled network is refused as unknown', async () => {
    const db = shop.t.database.db;
    await db.update(networks).set({ enabled: false }).where(eq(networks.id, shop.net.erc20));
    try {
      const res = await recharge(
        ada.token,
        await chainTopUp(shop, ada, { network_id: shop.net.erc20, from_address: ERC20 }),
      );
      expect(res).toMatchObject({ code: 0, error: 'wallet.networkUnknown' });
    } finally {
      await db.update(networks).set({ enabled: true }).where(eq(networks.id, shop.net.erc20));
    }
  });

  it('a transaction hash is taken once per network, again only after that top-up was refused', async () => {
    const hash = `0x${'ef'.repeat(32)}`;
    const first = await recharge(ada.token, await chainTopUp(shop, ada, { tx_hash: hash }));
    expect(first.code).toBe(1);
    const upper = await recharge(
      bob.token,
      await chainTopUp(shop, bob, { tx_hash: hash.toUpperCase().replace('0X', '0x') }),
    );
    expect(upper).toMatchObject({ code: 0, error: 'wallet.txHashUsed' });
    await refuseRecharge(shop.t.database.db, {
      rechargeId: first.data.id,
      reason: 'Not found on chain',
      operator: 'op',
    });
    expect((await recharge(bob.token, await chainTopUp(shop, bob, { tx_hash: hash }))).code).toBe(1);
  });

  it("evidence must be the shopper's own unused upload: another's, an avatar in use, a used one or none is refused", async () => {
    const bobs = await uploadPicture(shop.t, bob.token);
    const foreign = await recharge(ada.token, await chainTopUp(shop, ada, { evidence: bobs }));
    expect(foreign).toMatchObject({ code: 0, error: 'wallet.evidenceInvalid' });
    // Bob's picture was not touched: still his, pending and unused.
    const [his] = await shop.t.database.db.select().from(uploads).where(eq(uploads.path, bobs));
    expect(his).toMatchObject({ userId: bob.id, purpose: 'avatar', usedAt: null });
    expect(existsSync(path.join(shop.dataDir, bobs))).toBe(true);

    const avatar = await uploadPicture(shop.t, ada.token);
    expect((await shop.t.endpoint('user.profile', { token: ada.token, body: { avatar } })).code).toBe(1);
    expect(await recharge(ada.token, await chainTopUp(shop, ada, { evidence: avatar }))).toMatchObject({
      code: 0,
      error: 'wallet.evidenceInvalid',
    });

    const once = await chainTopUp(shop, ada);
    expect((await recharge(ada.token, once)).code).toBe(1);
    expect(await recharge(ada.token, { ...once, amount: '30' })).toMatchObject({
      code: 0,
      error: 'wallet.evidenceInvalid',
    });

    for (const evidence of [
      '/pending/2026-11/000000000000000000000000.webp',
      avatar.replace('/pending/', '/uploads/'),
      'https://evil.example/x.png',
      '::',
    ])
      expect(await recharge(ada.token, await chainTopUp(shop, ada, { evidence }))).toMatchObject({
        code: 0,
        error: 'wallet.evidenceInvalid',
      });
  });

  it('a file that is not a picture never becomes evidence: the upload refuses it', async () => {
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.7 receipt'], { type: 'image/png' }), 'receipt.png');
    const res = await shop.t.endpoint('upload.image', { token: ada.token, body: form });
    expect(res).toMatchObject({ code: 0, error: 'guard.uploadFormat' });
  });
});

describe('top-ups waiting for review', () => {
  it('at most 10 at once per shopper; a decided one makes room again', async () => {
    const gil = await shopper(shop.t, 'gil_many');
    const made = [];
    for (let i = 0; i < 10; i++)
      made.push((await recharge(gil.token, await chainTopUp(shop, gil, { amount: '10' }))).data.id);
    const over = await recharge(gil.token, await chainTopUp(shop, gil, { amount: '10' }));
    expect(over).toMatchObject({
      code: 0,
      error: 'wallet.tooManyAuditing',
      msg: 'You already have 10 top-ups waiting for review. Wait until they are reviewed',
    });
    expect(await rechargeCount(gil.id)).toBe(10);
    await refuseRecharge(shop.t.database.db, { rechargeId: made[0], reason: 'Duplicate', operator: 'op' });
    expect((await recharge(gil.token, await chainTopUp(shop, gil, { amount: '10' }))).code).toBe(1);
  });
});

describe('POST /api/user/recharge: manual', () => {
  it('takes the amount and the evidence (a bank transfer receipt); no network needed', async () => {
    const evidence = await uploadPicture(shop.t, bob.token, '#ffffff');
    const res = await recharge(bob.token, { type: 'manual', amount: '100', evidence });
    expect(res).toMatchObject({
      code: 1,
      data: { type: 'manual', status: 0, amount: '100.00', networkId: null, fromAddress: null, txHash: null },
    });
    expect(res.data.evidence).toMatch(/^\/api\/user\/evidence\//);
  });

  it('below the top-up minimum, or without evidence, is refused', async () => {
    const evidence = await uploadPicture(shop.t, bob.token);
    expect(await recharge(bob.token, { type: 'manual', amount: '0.50', evidence })).toMatchObject({
      code: 0,
      error: 'wallet.belowMin',
      msg: 'The amount must be at least $1.00',
    });
    expect(await recharge(bob.token, { type: 'manual', amount: '5' })).toMatchObject({
      code: 0,
      error: 'wallet.evidenceRequired',
      msg: 'Upload payment evidence',
    });
  });
});

describe('GET /api/user/recharge_log', () => {
  it("lists the shopper's own top-ups newest first, by status, each with what arrived", async () => {
    const carol = await shopper(shop.t, 'carol_log');
    const a = await recharge(carol.token, await chainTopUp(shop, carol, { amount: '12' }));
    const b = await recharge(carol.token, {
      type: 'manual',
      amount: '40',
      evidence: await uploadPicture(shop.t, carol.token),
    });
    const c = await recharge(carol.token, await chainTopUp(shop, carol, { amount: '15' }));
    const db = shop.t.database.db;
    await passRecharge(db, { rechargeId: a.data.id, arrivalAmount: 1190, operator: 'op' });
    await refuseRecharge(db, { rechargeId: b.data.id, reason: 'Receipt unreadable', operator: 'op' });

    const log = (query: Record<string, string> = {}, token = carol.token) =>
      shop.t.endpoint<RechargeLogAnswer>('wallet.rechargeLog', { token, query });
    const all = await log();
    expect(all.data).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(all.data.list.map((r) => [r.id, r.status, r.amount, r.arrivalAmount, r.reason])).toEqual([
      [c.data.id, 0, '15.00', null, null],
      [b.data.id, 2, '40.00', null, 'Receipt unreadable'],
      [a.data.id, 1, '12.00', '11.90', null],
    ]);
    expect(all.data.list[2].auditedAt).not.toBeNull();
    expect((await log({ status: '1' })).data.list.map((r) => r.id)).toEqual([a.data.id]);
    expect((await log({ status: '2' })).data.list.map((r) => r.id)).toEqual([b.data.id]);
    expect((await log({ status: '0' })).data.list.map((r) => r.id)).toEqual([c.data.id]);
    expect((await log({ status: 'all', limit: '1', page: '2' })).data.list.map((r) => r.id)).toEqual([
      b.data.id,
    ]);
    expect(await log({ status: '7' })).toMatchObject({ code: 0, error: 'errors.invalidParam' });
    // Nobody else sees them.
    expect((await log({}, bob.token)).data.list.map((r) => r.id)).not.toContain(a.data.id);
  });

  it('needs a session', async () => {
    expect(await shop.t.endpoint('wallet.rechargeLog')).toMatchObject({ code: 401 });
  });
});

describe('the operator passes or refuses a top-up', () => {
  it('a pass credits the amount that arrived once (ledger topup), notifies, and a repeat changes nothing', async () => {
    const dan = await shopper(shop.t, 'dan_pass');
    const made = await recharge(dan.token, await chainTopUp(shop, dan, { amount: '50' }));
    const db = shop.t.database.db;
    const done = await passRecharge(db, { rechargeId: made.data.id, arrivalAmount: 4975, operator: 'alice' });
    expect(done).toMatchObject({
      balance: 4975,
      alreadyDone: false,
      recharge: { status: 1, arrivalAmount: 4975, auditedBy: 'alice' },
    });
    expect(await walletOf(shop.t, dan.id)).toEqual({ balance: 4975, frozen: 0 });
    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, dan.id), eq(ledgerEntries.refType, 'recharge')));
    expect(entries).toMatchObject([
      {
        type: 'topup',
        balanceChange: 4975,
        balanceAfter: 4975,
        refId: String(made.data.id),
        uniqueKey: `topup:${made.data.id}`,
      },
    ]);
    const again = await passRecharge(db, {
      rechargeId: made.data.id,
      arrivalAmount: 4975,
      operator: 'alice',
    });
    expect(again.alreadyDone).toBe(true);
    await expect(
      passRecharge(db, { rechargeId: made.data.id, arrivalAmount: 5000, operator: 'alice' }),
    ).rejects.toMatchObject({
      code: 'operator.alreadyPassed',
    });
    await expect(
      refuseRecharge(db, { rechargeId: made.data.id, reason: 'Oops', operator: 'alice' }),
    ).rejects.toMatchObject({
      code: 'operator.alreadyPassed',
    });
    expect(await walletOf(shop.t, dan.id)).toEqual({ balance: 4975, frozen: 0 });

    const list = await shop.t.endpoint<{ list: NotificationItem[] }>('notify.list', {
      token: dan.token,
      lang: 'de-DE',
    });
    expect(list.data.list[0]).toMatchObject({
      kind: 'wallet.notify.rechargePassed',
      text: `Ihre Aufladung #${made.data.id} wurde bestätigt: $49.75 wurden Ihrem Guthaben gutgeschrieben`,
      link: `/topUpRecord?id=${made.data.id}`,
    });
    expect(await walletProblems(db)).toEqual([]);
  });

  it('without an amount a pass credits the amount asked', async () => {
    const eve = await shopper(shop.t, 'eve_pass');
    const made = await recharge(eve.token, {
      type: 'manual',
      amount: '20',
      evidence: await uploadPicture(shop.t, eve.token),
    });
    await passRecharge(shop.t.database.db, { rechargeId: made.data.id, operator: 'alice' });
    expect(await walletOf(shop.t, eve.id)).toEqual({ balance: 2000, frozen: 0 });
  });

  it('a refusal moves nothing, keeps the reason and tells the shopper', async () => {
    const fay = await shopper(shop.t, 'fay_refuse');
    const made = await recharge(fay.token, await chainTopUp(shop, fay));
    const db = shop.t.database.db;
    const done = await refuseRecharge(db, {
      rechargeId: made.data.id,
      reason: 'No such transfer',
      operator: 'bob',
    });
    expect(done.recharge).toMatchObject({ status: 2, reason: 'No such transfer' });
    expect(await walletOf(shop.t, fay.id)).toEqual({ balance: 0, frozen: 0 });
    await expect(passRecharge(db, { rechargeId: made.data.id, operator: 'bob' })).rejects.toMatchObject({
      code: 'operator.alreadyRefused',
    });
    const [notice] = await noticesOf(shop.t, fay.id);
    expect(notice).toMatchObject({
      kind: 'wallet.notify.rechargeRefused',
      params: { id: made.data.id, amount: '25.50', reason: 'No such transfer' },
      refType: 'recharge',
    });
    expect(await walletProblems(db)).toEqual([]);
  });

  it('unknown ids and bad amounts are refused as operator errors', async () => {
    const db = shop.t.database.db;
    await expect(passRecharge(db, { rechargeId: 987654, operator: 'op' })).rejects.toBeInstanceOf(
      OperatorError,
    );
    await expect(passRecharge(db, { rechargeId: 987654, operator: 'op' })).rejects.toMatchObject({
      code: 'operator.rechargeNotFound',
    });
    const made = await recharge(ada.token, await chainTopUp(shop, ada));
    for (const arrivalAmount of [0, -5, 1.5])
      await expect(
        passRecharge(db, { rechargeId: made.data.id, arrivalAmount, operator: 'op' }),
      ).rejects.toMatchObject({
        code: 'operator.badInput',
      });
    await expect(
      refuseRecharge(db, { rechargeId: made.data.id, reason: '  ', operator: 'op' }),
    ).rejects.toMatchObject({
      code: 'operator.badInput',
    });
    const [row] = await db.select().from(recharges).where(eq(recharges.id, made.data.id));
    expect(row.status).toBe(0);
  });

  it('no shopper row was ever changed but through the ledger', async () => {
    const [row] = await shop.t.database.db.select({ n: users.id }).from(users).limit(1);
    expect(row).toBeDefined();
    expect(await walletProblems(shop.t.database.db)).toEqual([]);
  });
});
