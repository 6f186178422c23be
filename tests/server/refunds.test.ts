import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetailAnswer, OrderListAnswer } from '../../common/schemas/order';
import { notifications, orders, products, refunds, uploads } from '../../server/db/schema';
import { approveRefund, receiveRefund, refuseRefund } from '../../server/modules/refunds';
import { refundableMax } from '../../server/modules/orders/refundable';
import { newKey, type Shopper } from './checkout-fixture';
import { placeOrder } from './support/orders-fixture';
import {
  applyFor,
  askRefund,
  balanceOf,
  buyer,
  paidOrder,
  pictures,
  refundEntries,
  refundShop,
  RETURN_ADDRESS,
} from './refunds-fixture';
import { useApp } from '../support/use-app';

const s = useApp(refundShop);
let me: Shopper;
let other: Shopper;

beforeAll(async () => {
  me = await buyer(s);
  other = await buyer(s);
});

const detail = async (orderId: number, who = me) =>
  (await s.t.call<OrderDetailAnswer>('GET', `/api/order/detail?order_id=${orderId}`, { token: who.token }))
    .data;
const stock = async (id: number) =>
  (await s.t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]
    .stock;
const refundCount = async (orderId: number) =>
  Number(
    (await s.t.database.db.select({ n: count() }).from(refunds).where(eq(refunds.orderId, orderId)))[0].n,
  );
const op = { operator: 'test-op' };

describe('what was paid for the chosen items (refundableMax)', () => {
  const order = { goodsAmount: 5000, discount: 1000, total: 4500 };
  const lines = [
    { productId: 1, price: 3000, num: 1 },
    { productId: 2, price: 1000, num: 2 },
  ];
  it('the whole order may have its total back, freight included', () => {
    expect(refundableMax(order, lines, [])).toBe(4500);
    expect(refundableMax(order, lines, [1, 2])).toBe(4500);
  });
  it('some items: their goods less their share of the discount, no freight', () => {
    // 1000 off split 3000:2000 -> 600 and 400.
    expect(refundableMax(order, lines, [1])).toBe(2400);
    expect(refundableMax(order, lines, [2])).toBe(1600);
  });
  it('a product not in the order has no refund', () => {
    expect(refundableMax(order, lines, [3])).toBeUndefined();
  });
});

describe('refund: asking', () => {
  it('a paid order waiting delivery: the whole by default, the order in after-sale with its refund', async () => {
    const orderId = await paidOrder(s, me.id);
    const before = await detail(orderId);
    expect(before.refundable?.max).toBe('55.00');
    const images = await pictures(s, me.token, 2);
    const res = await applyFor(s, me, { order_id: orderId, images });
    expect(res.code).toBe(1);
    expect(res.data?.status).toBe(-4);
    expect(res.data?.refund).toMatchObject({ status: 'applying', amount: '55.00', reasonType: 'damaged' });
    expect(res.data?.refundable).toBeNull();
    expect(res.data?.refund?.images).toHaveLength(2);
    // The proof is private now: the public address answers nothing, the signed link the picture.
    expect((await s.t.app.inject({ method: 'GET', url: images[0] })).statusCode).toBe(404);
    const link = res.data!.refund!.images[0];
    const pic = await s.t.app.inject({ method: 'GET', url: link });
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/webp');
    const [row] = await s.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row.statusBeforeAfterSale).toBe(1);
    const notes = await s.t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.id), eq(notifications.refId, String(orderId))));
    expect(notes.some((n) => n.params.status === -4)).toBe(true);
  });

  it('chosen items and an amount: at most their share; above it is refused naming the most', async () => {
    const orderId = await paidOrder(s, me.id, { status: 2, discount: 1000 });
    const images = await pictures(s, me.token, 1);
    const above = await applyFor(s, me, {
      order_id: orderId,
      product_ids: [s.kettle],
      amount: '24.01',
      images,
    });
    expect(above).toMatchObject({ code: 0, error: 'orders.refundAmountAbove' });
    expect(above.msg).toContain('24.00');
    expect(await refundCount(orderId)).toBe(0);
    const ok = await applyFor(s, me, { order_id: orderId, product_ids: [s.kettle], amount: '20', images });
    expect(ok.code).toBe(1);
    expect(ok.data?.refund).toMatchObject({ amount: '20.00', productIds: [s.kettle] });
  });

  it('a second request for the same order, ever: "you already submitted a refund request"', async () => {
    const orderId = await paidOrder(s, me.id, { status: 3 });
    expect((await askRefund(s, me, orderId)).code).toBe(1);
    const again = await askRefund(s, me, orderId);
    expect(again).toMatchObject({
      code: 0,
      error: 'orders.refundExists',
      msg: 'You already submitted a refund request',
    });
    await refuseRefund(s.t.database.db, { ...op, orderId, reason: 'Used goods' });
    const afterRefusal = await askRefund(s, me, orderId);
    expect(afterRefusal.error).toBe('orders.refundExists');
    expect(await refundCount(orderId)).toBe(1);
  });

  it('the same Idempotency-Key answers the first result again', async () => {
    const orderId = await paidOrder(s, me.id);
    const key = newKey();
    const images = await pictures(s, me.token, 1);
    const first = await applyFor(s, me, { order_id: orderId, images }, { key });
    const second = await applyFor(s, me, { order_id: orderId, images }, { key });
    expect(first.code).toBe(1);
    expect(second.code).toBe(1);
    expect(await refundCount(orderId)).toBe(1);
  });
});

describe('refund: bad input and other shoppers change nothing', () => {
  it.each([
    ["another shopper's order looks absent", 'other', {}, 'errors.notFound'],
    ['"1e9"', 'me', { amount: '1e9' }, 'orders.refundAmountInvalid'],
    ['"-5"', 'me', { amount: '-5' }, 'orders.refundAmountNegative'],
    ['an empty amount', 'me', { amount: '' }, 'orders.refundAmountRequired'],
    ['zero', 'me', { amount: '0' }, 'orders.refundAmountZero'],
    ['above what was paid', 'me', { amount: '55.01' }, 'orders.refundAmountAbove'],
    ['no reason', 'me', { reason_type: '' }, 'orders.refundReasonRequired'],
    ['an unknown type', 'me', { service_type: 'gift' }, 'orders.refundTypeRequired'],
    ['no explanation', 'me', { refund_explain: '   ' }, 'orders.refundExplainRequired'],
    ['a product not in the order', 'me', { product_ids: [999999] }, 'orders.refundProductUnknown'],
  ])('%s', async (_name, whoName, body, error) => {
    const orderId = await paidOrder(s, me.id);
    const who = whoName === 'other' ? other : me;
    const images = await pictures(s, who.token, 1);
    const res = await applyFor(s, who, { order_id: orderId, images, ...body });
    expect(res).toMatchObject({ code: 0, error });
    expect(res.status).toBe(200);
    expect(await refundCount(orderId)).toBe(0);
    const [row] = await s.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row.status).toBe(1);
    // The picture was not taken: still the shopper's unused public upload.
    const [up] = await s.t.database.db.select().from(uploads).where(eq(uploads.path, images[0]));
    expect(up.usedAt).toBeNull();
  });

  it("no pictures, 7 pictures, another shopper's upload: refused, nothing taken", async () => {
    const orderId = await paidOrder(s, me.id);
    expect((await applyFor(s, me, { order_id: orderId, images: [] })).error).toBe(
      'orders.refundProofRequired',
    );
    const seven = await pictures(s, me.token, 7);
    expect((await applyFor(s, me, { order_id: orderId, images: seven })).error).toBe(
      'orders.refundProofTooMany',
    );
    const theirs = await pictures(s, other.token, 1);
    const mine = await pictures(s, me.token, 1);
    const foreign = await applyFor(s, me, { order_id: orderId, images: [...mine, ...theirs] });
    expect(foreign.error).toBe('orders.refundProofInvalid');
    const [up] = await s.t.database.db.select().from(uploads).where(eq(uploads.path, mine[0]));
    expect(up).toMatchObject({ usedAt: null, purpose: 'avatar' });
    expect(await refundCount(orderId)).toBe(0);
  });

  it('an unpaid, a cancelled and a completed order cannot ask', async () => {
    const db = s.t.database.db;
    const unpaid = await placeOrder(db, me.id, s.shopId, [{ productId: s.lamp, num: 1 }]);
    const images = await pictures(s, me.token, 1);
    expect((await applyFor(s, me, { order_id: unpaid.id, images })).error).toBe('orders.cannotRefund');
    expect((await detail(unpaid.id)).refundable).toBeNull();
    await s.t.endpoint('order.cancel', { body: { order_id: unpaid.id }, token: me.token });
    expect((await applyFor(s, me, { order_id: unpaid.id, images })).error).toBe('orders.cannotRefund');
  });

  it('no token: asked to log in', async () => {
    const res = await s.t.endpoint('order.refund', { body: { order_id: 1 } });
    expect(res.code).toBe(401);
  });

  it('no Idempotency-Key: refused', async () => {
    const orderId = await paidOrder(s, me.id);
    const res = await applyFor(
      s,
      me,
      { order_id: orderId, images: await pictures(s, me.token, 1) },
      { key: null },
    );
    expect(res.error).toBe('errors.idempotencyKey');
    expect(await refundCount(orderId)).toBe(0);
  });
});

describe('refund: the operator decides', () => {
  it('refund only, approved: credited once, the order refunded, stock back when never shipped', async () => {
    const orderId = await paidOrder(s, me.id);
    await askRefund(s, me, orderId, { amount: '30' });
    const [balance, kettles] = [await balanceOf(s, me.id), await stock(s.kettle)];
    const done = await approveRefund(s.t.database.db, { ...op, orderId });
    expect(done.refund.status).toBe('refunded');
    expect(await balanceOf(s, me.id)).toBe(balance + 3000);
    expect(await stock(s.kettle)).toBe(kettles + 1);
    const d = await detail(orderId);
    expect(d.status).toBe(-2);
    expect(d.refund?.status).toBe('refunded');
    expect((await refundEntries(s, me.id)).filter((e) => e.refId === String(d.refund!.id))).toHaveLength(1);
    // Approving again, or refusing now: already decided, nothing moves.
    await expect(approveRefund(s.t.database.db, { ...op, orderId })).rejects.toMatchObject({
      code: 'operator.refundDecided',
    });
    await expect(refuseRefund(s.t.database.db, { ...op, orderId, reason: 'No' })).rejects.toMatchObject({
      code: 'operator.refundDecided',
    });
    expect(await balanceOf(s, me.id)).toBe(balance + 3000);
    const list = await s.t.endpoint<OrderListAnswer>('order.list', {
      token: me.token,
      query: { status: '-2' },
    });
    expect(list.data.list.find((o) => o.id === orderId)?.refund).toEqual({
      status: 'refunded',
      amount: '30.00',
    });
  });

  it('refused: the order back where it was with the reason, no money, no new request', async () => {
    const orderId = await paidOrder(s, me.id, { status: 2 });
    await askRefund(s, me, orderId);
    const balance = await balanceOf(s, me.id);
    await refuseRefund(s.t.database.db, { ...op, orderId, reason: 'The parcel is still on its way' });
    const d = await detail(orderId);
    expect(d.status).toBe(2);
    expect(d.refund).toMatchObject({ status: 'refused', refuseReason: 'The parcel is still on its way' });
    expect(d.refundable).toBeNull();
    expect(await balanceOf(s, me.id)).toBe(balance);
  });

  it('return and refund: the goods are asked for, the shopper names the parcel, received credits and restocks', async () => {
    const orderId = await paidOrder(s, me.id, { status: 3 });
    await applyFor(s, me, {
      order_id: orderId,
      service_type: 'return',
      product_ids: [s.lamp],
      images: await pictures(s, me.token, 2),
    });
    await expect(receiveRefund(s.t.database.db, { ...op, orderId })).rejects.toMatchObject({
      code: 'operator.refundNotApproved',
    });
    const parcel = { order_id: orderId, carrier: 'DHL', tracking_no: 'RT123456789DE' };
    expect((await s.t.endpoint('order.refundReturn', { body: parcel, token: me.token })).error).toBe(
      'orders.refundNoReturnNow',
    );
    await approveRefund(s.t.database.db, { ...op, orderId });
    let d = await detail(orderId);
    expect(d.status).toBe(-4);
    expect(d.refund).toMatchObject({ status: 'waitingGoods', returnAddress: RETURN_ADDRESS });
    expect((await s.t.endpoint('order.refundReturn', { body: parcel, token: other.token })).error).toBe(
      'errors.notFound',
    );
    const named = await s.t.endpoint<OrderDetailAnswer>('order.refundReturn', {
      body: parcel,
      token: me.token,
    });
    expect(named.data.refund).toMatchObject({ status: 'refunding', returnCarrier: 'DHL' });
    const [balance, lamps] = [await balanceOf(s, me.id), await stock(s.lamp)];
    await receiveRefund(s.t.database.db, { ...op, orderId });
    d = await detail(orderId);
    expect(d.status).toBe(-2);
    expect(d.refund?.status).toBe('refunded');
    // Two lamps at 10.00, no discount: 20.00, and the two lamps back on the shelf.
    expect(await balanceOf(s, me.id)).toBe(balance + 2000);
    expect(await stock(s.lamp)).toBe(lamps + 2);
    await expect(receiveRefund(s.t.database.db, { ...op, orderId })).rejects.toMatchObject({
      code: 'operator.refundDecided',
    });
    expect(await balanceOf(s, me.id)).toBe(balance + 2000);
  });

  it('an order without a refund: refused by the operator service', async () => {
    const orderId = await paidOrder(s, me.id);
    await expect(approveRefund(s.t.database.db, { ...op, orderId })).rejects.toMatchObject({
      code: 'operator.refundNotFound',
    });
  });
});
