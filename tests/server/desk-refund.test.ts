import { and, desc, eq } from 'drizzle-orm';
import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../common/money';
import { ORDER_STATUS } from '../../common/order-status';
import { deskPosts, deskPrompts, orders, refunds, users } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { post, type Shopper } from './checkout-fixture';
import { ANNA, BORIS, buttonsOf, DESK_CHAT, deskBot, STRANGER, type Call, buttonData } from './desk-fixture';
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
  type RefundShop,
} from './refunds-fixture';

/**
 * Refund requests at the operator's desk: the post written with the request, its proof
 * picture uploaded; approve, refuse with a reason through the prompt, and for a return and refund
 * "goods received" once the goods come back; by a stranger, twice, and by two operators at once.
 */
let s: RefundShop;
let desk: ReturnType<typeof deskBot>;
let me: Shopper;

beforeAll(async () => {
  s = await refundShop();
  desk = deskBot(s.t.database.db, s.dataDir);
  me = await buyer(s);
  await s.t.database.db
    .update(users)
    .set({ givenName: 'Ada', familyName: 'Lovelace' })
    .where(eq(users.id, me.id));
}, 240_000);
afterAll(() => s?.close());

const db = () => s.t.database.db;
const en = (key: string, params: Record<string, string | number> = {}) =>
  translate('en-US', `desk.${key}`, params);
const ANNA_NAME = '@anna_ops (tg:7100000001)';

/** A paid order (status 2: shipped) with a refund request; answers the order's id. */
async function requested(body: Record<string, unknown> = {}, status: 1 | 2 = 2): Promise<number> {
  const orderId = await paidOrder(s, me.id, { status });
  const res = await applyFor(s, me, {
    order_id: orderId,
    images: await pictures(s, me.token, 2),
    ...body,
  });
  expect(res.code, JSON.stringify(res)).toBe(1);
  return orderId;
}

/** Sends what is queued; answers the refund's post: its message id and the call that sent it. */
async function posted(orderId: number): Promise<{ messageId: number; call: Call }> {
  const start = desk.calls.length;
  await desk.deliver();
  const [row] = await db()
    .select()
    .from(deskPosts)
    .where(and(eq(deskPosts.kind, 'refund'), eq(deskPosts.refId, orderId)));
  expect(row.sentAt).not.toBeNull();
  const call = desk
    .since(start)
    .find((c) => c.payload.chat_id === DESK_CHAT && String(c.payload.caption).includes(`#${orderId}`));
  expect(call).toBeDefined();
  return { messageId: row.messageId!, call: call! };
}

const refundOf = async (orderId: number) =>
  (await db().select().from(refunds).where(eq(refunds.orderId, orderId)))[0];
const orderStatus = async (orderId: number) =>
  (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0].status;
const object = (orderId: number) => en('object.refund', { id: orderId });

/**
 * The refund's post, sent, and what deciding it starts from: the refund, its approve button's data
 * and my balance before anyone presses.
 */
async function awaitingDecision(orderId: number) {
  const { call, messageId } = await posted(orderId);
  const refund = await refundOf(orderId);
  const approve = buttonData(call, en('button.approveRefund', { amount: formatMoney(refund.amount) }));
  return { call, messageId, refund, approve, balance: await balanceOf(s, me.id) };
}

describe('the post of a refund request', { timeout: 180_000 }, () => {
  it('is written with the request and sent with its first proof picture, the facts and two buttons', async () => {
    const orderId = await requested({ refund_explain: 'The lamp shade was cracked' });
    const refund = await refundOf(orderId);
    const { call } = await posted(orderId);
    expect(call.method).toBe('sendPhoto');
    expect(call.payload.photo).toBeInstanceOf(InputFile);
    const caption = call.payload.caption as string;
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(caption).toContain(en('post.refund', { sn: order.orderSn, id: orderId }));
    expect(caption).toContain(`Ada Lovelace (${me.account})`);
    expect(caption).toContain(
      en('field.refundAmount', { amount: formatMoney(refund.amount), total: formatMoney(order.total) }),
    );
    expect(caption).toContain(en('field.serviceType.refund'));
    expect(caption).toContain(en('field.receiving.received'));
    expect(caption).toContain(translate('en-US', 'refund.reasons.damaged'));
    expect(caption).toContain('The lamp shade was cracked');
    expect(caption).toContain(en('field.pictures', { n: 2 }));
    expect(buttonsOf(call).map((b) => b.text)).toEqual([
      en('button.approveRefund', { amount: formatMoney(refund.amount) }),
      en('button.refuse'),
    ]);
    // Sent once.
    const before = desk.calls.length;
    expect(await desk.deliver()).toBe(0);
    expect(desk.calls.length).toBe(before);
  });

  it('a request refused by the shop (a second one for the order) posts nothing new', async () => {
    const orderId = await requested();
    await posted(orderId);
    const again = await askRefund(s, me, orderId);
    expect(again.code).not.toBe(1);
    const rows = await db()
      .select()
      .from(deskPosts)
      .where(and(eq(deskPosts.kind, 'refund'), eq(deskPosts.refId, orderId)));
    expect(rows).toHaveLength(1);
    expect(await desk.deliver()).toBe(0);
  });
});

describe('approve and refuse at the desk', { timeout: 180_000 }, () => {
  it('a stranger gets an alert and nothing changes', async () => {
    const orderId = await requested();
    const { approve, messageId, balance } = await awaitingDecision(orderId);
    const start = desk.calls.length;
    await desk.press(STRANGER, approve, messageId);
    expect(desk.answers(start)[0].payload).toMatchObject({ text: en('notOperator'), show_alert: true });
    expect(desk.edits(start)).toEqual([]);
    expect((await refundOf(orderId)).status).toBe('applying');
    expect(await balanceOf(s, me.id)).toBe(balance);
  });

  it('an operator approves: credited once, the order refunded, the post says who and when; a second press is told', async () => {
    const orderId = await requested();
    const { call, messageId, refund, approve, balance } = await awaitingDecision(orderId);
    const start = desk.calls.length;
    await desk.press(ANNA, approve, messageId);
    expect(desk.answers(start)[0].payload.text).toBe(en('done', { object: object(orderId) }));
    const after = await refundOf(orderId);
    expect(after).toMatchObject({ status: 'refunded', decidedBy: ANNA_NAME });
    expect(await orderStatus(orderId)).toBe(ORDER_STATUS.refunded);
    expect(await balanceOf(s, me.id)).toBe(balance + refund.amount);
    const [edit] = desk.edits(start);
    expect(edit.method).toBe('editMessageCaption');
    expect(edit.payload).toMatchObject({ chat_id: DESK_CHAT, message_id: messageId });
    expect(edit.payload.caption).toContain(
      en('decided.refunded', {
        by: ANNA_NAME,
        at: `${after.decidedAt!.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        amount: formatMoney(refund.amount),
      }),
    );
    expect(buttonsOf(edit)).toEqual([]);

    // Pressed again, approve or refuse: told who decided, no second credit, no prompt.
    const again = desk.calls.length;
    await desk.press(ANNA, approve, messageId);
    await desk.press(BORIS, buttonData(call, en('button.refuse')), messageId);
    const [first, second] = desk.answers(again);
    expect(first.payload).toMatchObject({
      show_alert: true,
      text: en('alreadyDecidedBy', { object: object(orderId), by: ANNA_NAME }),
    });
    expect(second.payload.text).toBe(
      translate('de-DE', 'desk.alreadyDecidedBy', {
        object: translate('de-DE', 'desk.object.refund', { id: orderId }),
        by: ANNA_NAME,
      }),
    );
    expect(desk.since(again).some((c) => c.method === 'sendMessage')).toBe(false);
    expect((await refundEntries(s, me.id)).filter((e) => e.refId === String(refund.id))).toHaveLength(1);
    expect(await balanceOf(s, me.id)).toBe(balance + refund.amount);
  });

  it('two operators approve at once: one wins, the other is told, the money moves once', async () => {
    const orderId = await requested();
    const { messageId, refund, approve, balance } = await awaitingDecision(orderId);
    const start = desk.calls.length;
    await Promise.all([desk.press(ANNA, approve, messageId), desk.press(BORIS, approve, messageId)]);
    const texts = desk.answers(start).map((c) => c.payload.text as string);
    expect(texts).toHaveLength(2);
    const after = await refundOf(orderId);
    const winner = after.decidedBy!.includes(String(ANNA.id)) ? 'en-US' : 'de-DE';
    const loser = winner === 'en-US' ? 'de-DE' : 'en-US';
    const named = (lang: 'en-US' | 'de-DE') => translate(lang, 'desk.object.refund', { id: orderId });
    expect(texts).toContain(translate(winner, 'desk.done', { object: named(winner) }));
    expect(texts).toContain(
      translate(loser, 'desk.alreadyDecidedBy', { object: named(loser), by: after.decidedBy! }),
    );
    expect(await balanceOf(s, me.id)).toBe(balance + refund.amount);
    expect((await refundEntries(s, me.id)).filter((e) => e.refId === String(refund.id))).toHaveLength(1);
  });

  it('refuse asks for the reason; the reply refuses it, the order goes back, the post says so', async () => {
    const orderId = await requested({}, 1);
    const { call, messageId } = await posted(orderId);
    const balance = await balanceOf(s, me.id);
    const start = desk.calls.length;
    await desk.press(ANNA, buttonData(call, en('button.refuse')), messageId);
    const prompt = desk.since(start).find((c) => c.method === 'sendMessage')!;
    expect(prompt.payload.reply_markup).toMatchObject({ force_reply: true, selective: true });
    expect(prompt.payload.text).toBe(`@anna_ops ${en('ask.reason', { object: object(orderId) })}`);
    expect((await refundOf(orderId)).status).toBe('applying');
    const [stored] = await db()
      .select()
      .from(deskPrompts)
      .where(and(eq(deskPrompts.kind, 'refund'), eq(deskPrompts.refId, orderId)))
      .orderBy(desc(deskPrompts.id));
    expect(stored).toMatchObject({ operatorId: ANNA.id, action: 'refuse' });

    // Boris's reply to Anna's prompt is not hers: nothing happens.
    await desk.say(BORIS, 'Not me', stored.messageId);
    expect((await refundOf(orderId)).status).toBe('applying');

    const replied = desk.calls.length;
    await desk.say(ANNA, 'The photos show no damage', stored.messageId);
    const after = await refundOf(orderId);
    expect(after).toMatchObject({
      status: 'refused',
      refuseReason: 'The photos show no damage',
      decidedBy: ANNA_NAME,
    });
    expect(await orderStatus(orderId)).toBe(ORDER_STATUS.waitingDelivery);
    expect(await balanceOf(s, me.id)).toBe(balance);
    const reply = desk.since(replied).find((c) => c.method === 'sendMessage')!;
    expect(reply.payload.text).toBe(en('done', { object: object(orderId) }));
    const [edit] = desk.edits(replied);
    expect(edit.payload.caption).toContain(`❌ Refused by ${ANNA_NAME} at `);
    expect(edit.payload.caption).toContain('The photos show no damage');
    expect(buttonsOf(edit)).toEqual([]);
  });
});

describe('return and refund: approve, the parcel, goods received', { timeout: 180_000 }, () => {
  it('approve waits for the goods; goods received credits once, after the shopper named the parcel', async () => {
    // The longest explanation: the caption, decision and parcel included, stays within 1024.
    const explain = 'The shade arrived cracked and the switch does not work at all. '.repeat(8).slice(0, 500);
    const orderId = await requested({ service_type: 'return', refund_explain: explain });
    const { call, messageId, refund, approve, balance } = await awaitingDecision(orderId);
    expect(call.payload.caption).toContain(en('field.serviceType.return'));
    expect(call.payload.caption).toContain(explain.slice(0, 150));
    expect(call.payload.caption).not.toContain(explain.slice(0, 250));

    let start = desk.calls.length;
    await desk.press(ANNA, approve, messageId);
    expect(desk.answers(start)[0].payload.text).toBe(en('done', { object: object(orderId) }));
    expect(await refundOf(orderId)).toMatchObject({ status: 'waitingGoods', decidedBy: ANNA_NAME });
    expect(await balanceOf(s, me.id)).toBe(balance);
    const [approved] = desk.edits(start);
    expect(approved.payload.caption).toContain(`✅ Approved by ${ANNA_NAME} at `);
    expect(approved.payload.caption).toContain(RETURN_ADDRESS);
    expect(approved.payload.caption).toContain(en('decided.waitingGoods'));
    expect(buttonsOf(approved).map((b) => b.text)).toEqual([en('button.goodsReceived')]);

    // The stale Approve button: already decided, nothing moves.
    start = desk.calls.length;
    await desk.press(BORIS, approve, messageId);
    expect(desk.answers(start)[0].payload).toMatchObject({ show_alert: true });
    expect(await refundOf(orderId)).toMatchObject({ status: 'waitingGoods' });

    // The shopper names the parcel; the post shows it the next time it is edited.
    const named = await post(
      s.t,
      '/api/order/refund_return',
      { order_id: orderId, carrier: 'DHL', tracking_no: 'JD0140' },
      { token: me.token },
    );
    expect(named.code).toBe(1);
    expect((await refundOf(orderId)).status).toBe('refunding');

    const received = buttonData(approved, en('button.goodsReceived'));
    start = desk.calls.length;
    await desk.press(BORIS, received, messageId);
    expect(desk.answers(start)[0].payload.text).toBe(
      translate('de-DE', 'desk.done', { object: translate('de-DE', 'desk.object.refund', { id: orderId }) }),
    );
    expect((await refundOf(orderId)).status).toBe('refunded');
    expect(await orderStatus(orderId)).toBe(ORDER_STATUS.refunded);
    expect(await balanceOf(s, me.id)).toBe(balance + refund.amount);
    const [done] = desk.edits(start);
    expect(done.payload.caption).toContain('DHL JD0140');
    expect(done.payload.caption).toContain(
      `📦 Goods received and ${formatMoney(refund.amount)} refunded by Boris (tg:7100000002) at `,
    );
    expect(buttonsOf(done)).toEqual([]);
    for (const c of [call, approved, done])
      expect((c.payload.caption as string).length).toBeLessThanOrEqual(1024);

    // Pressed again by the other operator: told who received them, credited once.
    start = desk.calls.length;
    await desk.press(ANNA, received, messageId);
    expect(desk.answers(start)[0].payload).toMatchObject({
      show_alert: true,
      text: en('alreadyDecidedBy', { object: object(orderId), by: 'Boris (tg:7100000002)' }),
    });
    expect(await balanceOf(s, me.id)).toBe(balance + refund.amount);
    expect((await refundEntries(s, me.id)).filter((e) => e.refId === String(refund.id))).toHaveLength(1);
  });

  it('two operators press goods received at once: credited once, the other is told', async () => {
    const orderId = await requested({ service_type: 'return' });
    const { messageId, refund, approve } = await awaitingDecision(orderId);
    let start = desk.calls.length;
    await desk.press(ANNA, approve, messageId);
    const received = buttonData(desk.edits(start)[0], en('button.goodsReceived'));
    const balance = await balanceOf(s, me.id);
    start = desk.calls.length;
    await Promise.all([desk.press(ANNA, received, messageId), desk.press(BORIS, received, messageId)]);
    const alerts = desk.answers(start).filter((c) => c.payload.show_alert === true);
    expect(desk.answers(start)).toHaveLength(2);
    expect(alerts).toHaveLength(1);
    expect(await balanceOf(s, me.id)).toBe(balance + refund.amount);
    expect((await refundEntries(s, me.id)).filter((e) => e.refId === String(refund.id))).toHaveLength(1);
  });
});

describe('/stats', { timeout: 180_000 }, () => {
  it('counts the refund requests waiting for a decision', async () => {
    await requested();
    const waiting = (await db().select().from(refunds).where(eq(refunds.status, 'applying'))).length;
    expect(waiting).toBeGreaterThan(0);
    const start = desk.calls.length;
    await desk.say(ANNA, '/stats');
    const reply = desk.since(start).find((c) => c.method === 'sendMessage')!;
    expect(reply.payload.text).toContain(en('stats.refunds', { n: waiting }));
  });
});
