import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BillAnswer } from '../../common/schemas/wallet-bill';
import { ledgerEntries, orders, refunds } from '../../server/db/schema';
import { passRecharge, passWithdrawal, refuseWithdrawal } from '../../server/modules/wallet';
import { creditCardPayment } from '../../server/modules/wallet/card-payments';
import { moveMoney } from '../../server/modules/wallet/ledger';
import { addOrder, addShop } from './operator-fixture';
import {
  bankWithdrawal,
  shopper,
  takeBankTransfers,
  uploadPicture,
  walletShop,
  type Shopper,
} from './wallet-fixture';
import { useApp } from '../support/use-app';

const shop = useApp(walletShop);
let ada: Shopper;
const ids = {
  topup: 0,
  card: 0,
  paid: 0,
  returned: 0,
  order: 0,
  sn: '',
  group: '',
  groupOrder: 0,
  groupSn: '',
  pair: '',
  pairSns: [] as string[],
  refund: 0,
};

/** Ada's money story: every kind of entry the bill shows. */
beforeAll(async () => {
  const db = shop.t.database.db;
  await takeBankTransfers(db);
  ada = await shopper(shop.t, 'ada_bill', { cents: 10_000, telegramId: 7_200_000_001 });
  const top = await shop.t.endpoint<{ id: number }>('wallet.recharge', {
    token: ada.token,
    body: { type: 'manual', amount: '50', evidence: await uploadPicture(shop.t, ada.token) },
  });
  ids.topup = top.data.id;
  await passRecharge(db, { rechargeId: ids.topup, arrivalAmount: 4900, operator: 'op' });
  const card = await creditCardPayment(db, {
    telegramUserId: 7_200_000_001,
    payload: 'no-invoice',
    currency: 'USD',
    totalAmount: 1234,
    chargeId: 'bill-charge-1',
    providerChargeId: 'p-1',
  });
  ids.card = card!.rechargeId;
  const withdraw = async () =>
    (
      await shop.t.endpoint<{ withdrawal: { id: number } }>('wallet.extract', {
        token: ada.token,
        body: bankWithdrawal(),
      })
    ).data.withdrawal.id;
  ids.paid = await withdraw();
  ids.returned = await withdraw();
  await passWithdrawal(db, { withdrawalId: ids.paid, operator: 'op' });
  await refuseWithdrawal(db, { withdrawalId: ids.returned, reason: 'Bank refused', operator: 'op' });

  const { shopId, productId } = await addShop(db, 'Bill Shop');
  const one = await addOrder(db, { userId: ada.id, shopId, productId, units: 1 });
  ids.order = one.id;
  ids.sn = one.orderSn;
  const group = await addOrder(db, { userId: ada.id, shopId, productId, units: 1 });
  const [g] = await db.select({ outTradeNo: orders.outTradeNo }).from(orders).where(eq(orders.id, group.id));
  ids.group = g.outTradeNo;
  ids.groupOrder = group.id;
  ids.groupSn = group.orderSn;
  const first = await addOrder(db, { userId: ada.id, shopId, productId, units: 1 });
  const second = await addOrder(db, { userId: ada.id, shopId, productId, units: 1 });
  ids.pair = 'GPAIR0001';
  ids.pairSns = [first.orderSn, second.orderSn];
  const [refund] = await db
    .insert(refunds)
    .values({
      orderId: ids.order,
      userId: ada.id,
      serviceType: 'refund',
      receivingStatus: 'notReceived',
      amount: 1750,
      reasonType: 'damaged',
      explain: 'Broken',
    })
    .returning({ id: refunds.id });
  ids.refund = refund.id;
  await db
    .update(orders)
    .set({ outTradeNo: ids.pair })
    .where(sql`${orders.id} in (${first.id}, ${second.id})`);
  await db.transaction(async (tx) => {
    const entries = [
      { type: 'payment', balance: -1750, ref: { type: 'order', id: ids.order }, uniqueKey: 'pay:order' },
      {
        type: 'payment',
        balance: -1750,
        ref: { type: 'order_group', id: ids.group },
        uniqueKey: 'pay:group',
      },
      { type: 'payment', balance: -3500, ref: { type: 'order_group', id: ids.pair }, uniqueKey: 'pay:pair' },
      { type: 'refund', balance: 1750, ref: { type: 'refund', id: ids.refund }, uniqueKey: 'refund:real' },
      { type: 'refund', balance: 100, ref: { type: 'refund', id: 999_999 }, uniqueKey: 'refund:gone' },
    ] as const;
    for (const entry of entries) await moveMoney(tx, { userId: ada.id, ...entry });
  });
});

const bill = (query: Record<string, string> = {}, token: string | null = ada.token) =>
  shop.t.endpoint<BillAnswer>('wallet.bill', { token: token ?? undefined, query });

describe('GET /api/user/bill', () => {
  it('every entry newest first: kind, signed amounts, balance after, and what it refers to by the number the shopper knows, with its link', async () => {
    const res = await bill({ limit: '50' });
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({ total: 12, page: 1, limit: 50, balance: '88.84', frozen: '0.00' });
    const rows = res.data.list.map((e) => [
      e.kind,
      e.amount,
      e.frozenAmount,
      e.balanceAfter,
      e.ref?.label ?? null,
      e.ref?.link ?? null,
    ]);
    expect(rows).toEqual([
      // A refund names its order and opens it; one whose refund is gone names only its number.
      ['refund', '1.00', '0.00', '88.84', '#999999', null],
      ['refund', '17.50', '0.00', '87.84', ids.sn, `/orderInfo/${ids.order}`],
      // A checkout of two orders: the first one's number and how many more, the orders list.
      ['payment', '-35.00', '0.00', '70.34', `${ids.pairSns[0]} +1`, '/myPurchases'],
      // A checkout of one order: that order's number, not the checkout's.
      ['payment', '-17.50', '0.00', '105.34', ids.groupSn, `/orderInfo/${ids.groupOrder}`],
      ['payment', '-17.50', '0.00', '122.84', ids.sn, `/orderInfo/${ids.order}`],
      [
        'withdraw_return',
        '21.00',
        '-21.00',
        '140.34',
        `#${ids.returned}`,
        `/depositRecord?id=${ids.returned}`,
      ],
      ['withdraw_paid', '0.00', '-21.00', '119.34', `#${ids.paid}`, `/depositRecord?id=${ids.paid}`],
      ['withdraw_hold', '-21.00', '21.00', '119.34', `#${ids.returned}`, `/depositRecord?id=${ids.returned}`],
      ['withdraw_hold', '-21.00', '21.00', '140.34', `#${ids.paid}`, `/depositRecord?id=${ids.paid}`],
      ['card_topup', '12.34', '0.00', '161.34', `#${ids.card}`, `/topUpRecord?id=${ids.card}`],
      ['topup', '49.00', '0.00', '149.00', `#${ids.topup}`, `/topUpRecord?id=${ids.topup}`],
      ['adjustment', '100.00', '0.00', '100.00', null, null],
    ]);
    const adjustment = res.data.list.find((e) => e.kind === 'adjustment')!;
    expect(adjustment).toMatchObject({ note: 'Test money', ref: null });
    expect(adjustment.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('filters by kind: "topup" shows card top-ups too; an unknown kind is refused', async () => {
    expect((await bill({ kind: 'topup' })).data.list.map((e) => e.kind)).toEqual(['card_topup', 'topup']);
    expect((await bill({ kind: 'withdraw_hold' })).data.total).toBe(2);
    // "withdraw": every step of a withdrawal.
    expect((await bill({ kind: 'withdraw' })).data.list.map((e) => e.kind)).toEqual([
      'withdraw_return',
      'withdraw_paid',
      'withdraw_hold',
      'withdraw_hold',
    ]);
    expect((await bill({ kind: 'payment' })).data.list.map((e) => e.amount)).toEqual([
      '-35.00',
      '-17.50',
      '-17.50',
    ]);
    expect((await bill({ kind: 'all' })).data.total).toBe(12);
    expect(await bill({ kind: 'gift' })).toMatchObject({ code: 0, error: 'errors.invalidParam' });
    // "adjustment" shows a demo account's starting credit too.
    const cleo = await shopper(shop.t, 'cleo_bill');
    await shop.t.database.db.transaction((tx) =>
      moveMoney(tx, { userId: cleo.id, type: 'demo_credit', balance: 500, uniqueKey: 'demo:cleo' }),
    );
    expect((await bill({ kind: 'adjustment' }, cleo.token)).data.list.map((e) => e.kind)).toEqual([
      'demo_credit',
    ]);
  });

  it('filters by month (UTC) and pages', async () => {
    const db = shop.t.database.db;
    const [oldest] = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, ada.id))
      .orderBy(ledgerEntries.id)
      .limit(1);
    await db
      .update(ledgerEntries)
      .set({ createdAt: new Date('2025-03-31T23:59:59Z') })
      .where(eq(ledgerEntries.id, oldest.id));
    const march = await bill({ month: '2025-03' });
    expect(march.data.list.map((e) => e.id)).toEqual([oldest.id]);
    expect((await bill({ month: '2025-04' })).data.total).toBe(0);
    const month = new Date().toISOString().slice(0, 7);
    expect((await bill({ month })).data.total).toBe(11);
    // The months that have entries, newest first, on every page.
    expect((await bill({ month: '2025-04' })).data.months).toEqual([month, '2025-03']);
    expect((await bill({ month, kind: 'adjustment' })).data.total).toBe(0);
    expect((await bill({ month: '2025-03', kind: 'adjustment' })).data.total).toBe(1);
    for (const bad of ['2025-13', '2025-3', 'March', '1899-01'])
      expect(await bill({ month: bad })).toMatchObject({ code: 0, error: 'wallet.monthInvalid' });
    const page2 = await bill({ limit: '5', page: '2' });
    expect(page2.data).toMatchObject({ page: 2, limit: 5, total: 12 });
    expect(page2.data.list).toHaveLength(5);
  });

  it("shows only the shopper's own entries, and needs a session", async () => {
    const bob = await shopper(shop.t, 'bob_bill');
    expect((await bill({}, bob.token)).data).toMatchObject({ list: [], total: 0, balance: '0.00' });
    expect(await bill({}, null)).toMatchObject({ code: 401 });
  });
});
