import { and, eq } from 'drizzle-orm';
import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RechargeAnswer } from '../../common/schemas/wallet-topup';
import type { ExtractAnswer } from '../../common/schemas/wallet-withdraw';
import type { SubmitAnswer } from '../../common/schemas/order';
import {
  categories,
  deskPosts,
  outbox,
  deskPrompts,
  ledgerEntries,
  orders,
  recharges,
  withdrawals,
} from '../../server/db/schema';
import { formatMoney } from '../../common/money';
import { translate } from '../../server/lib/i18n';
import { addAddress, makeProduct, makeShop, putInCart } from './checkout-fixture';
import { ANNA, BORIS, buttonsOf, DESK_CHAT, deskBot, STRANGER, type Call, buttonData } from './desk-fixture';
import {
  bankWithdrawal,
  chainTopUp,
  PAY_PASSWORD,
  shopper,
  TRC20,
  walletOf,
  walletShop,
  type Shopper,
  type WalletShop,
} from './wallet-fixture';

/**
 * The operator's desk: posts for each new top-up, withdrawal and paid order, sent by the
 * outbox worker; their buttons and prompts, pressed and answered by operators, by a stranger, twice
 * and by two operators at once, with every Bot API call captured.
 */
let shop: WalletShop;
let desk: ReturnType<typeof deskBot>;
let ada: Shopper;
let lamp: number;

beforeAll(async () => {
  shop = await walletShop({ ORDER_RATE: 100_000 });
  await shop.t.database.db
    .insert(categories)
    .values({ id: 1, key: 'test', names: { 'en-US': 'Test' }, icon: 'box' })
    .onConflictDoNothing();
  desk = deskBot(shop.t.database.db, shop.dataDir);
  ada = await shopper(shop.t, 'ada_desk', { cents: 100_000 });
  await addAddress(shop.t, ada.id, { isDefault: true });
  lamp = (
    await makeProduct(shop.t, {
      shopId: await makeShop(shop.t, 'Lamp Store'),
      price: 1250,
      stock: 50,
      title: 'Desk Lamp',
    })
  ).id;
}, 240_000);
afterAll(() => shop?.close());

const db = () => shop.t.database.db;
const en = (key: string, params: Record<string, string | number> = {}) =>
  translate('en-US', `desk.${key}`, params);

const topUp = async (amount = '25') => {
  const res = await shop.t.endpoint<RechargeAnswer>('wallet.recharge', {
    token: ada.token,
    body: await chainTopUp(shop, ada, { amount }),
  });
  expect(res.code).toBe(1);
  return res.data.id;
};
const withdraw = async (amount = '20') => {
  const res = await shop.t.endpoint<ExtractAnswer>('wallet.extract', {
    token: ada.token,
    body: bankWithdrawal({ amount }),
  });
  expect(res.code).toBe(1);
  return res.data.withdrawal.id;
};
const paidOrder = async () => {
  await putInCart(shop.t, ada.id, lamp, 2);
  const submitted = await shop.t.endpoint<SubmitAnswer>('checkout.submit', { body: {}, token: ada.token });
  expect(submitted.code).toBe(1);
  const paid = await shop.t.endpoint('checkout.payGroup', {
    body: { out_trade_no: submitted.data.outTradeNo, password_pay: PAY_PASSWORD },
    token: ada.token,
  });
  expect(paid.code).toBe(1);
  return submitted.data.orderIds[0];
};

/** Sends what is queued; answers the post of `kind` `id`: its row and the call that sent it. */
async function posted(kind: string, id: number): Promise<{ messageId: number; call: Call }> {
  const start = desk.calls.length;
  await desk.deliver();
  const [row] = await db()
    .select()
    .from(deskPosts)
    .where(and(eq(deskPosts.kind, kind), eq(deskPosts.refId, id)));
  expect(row.sentAt).not.toBeNull();
  const call = desk.calls
    .slice(start)
    .find(
      (c) =>
        c.payload.chat_id === DESK_CHAT &&
        ((c.payload.text ?? c.payload.caption) as string).includes(`#${id}`),
    );
  expect(call).toBeDefined();
  expect(row.messageId).toBeGreaterThan(0);
  return { messageId: row.messageId!, call: call! };
}

const rechargeRow = async (id: number) =>
  (await db().select().from(recharges).where(eq(recharges.id, id)))[0];
const withdrawalRow = async (id: number) =>
  (await db().select().from(withdrawals).where(eq(withdrawals.id, id)))[0];
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
const ledgerCount = async (type: 'topup' | 'withdraw_paid' | 'withdraw_return') =>
  (
    await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, ada.id), eq(ledgerEntries.type, type)))
  ).length;

describe('posts: each event kind reaches the operators chat once', { timeout: 180_000 }, () => {
  it('a top-up is posted with its evidence picture as an uploaded file, and buttons to pass or refuse', async () => {
    const id = await topUp('25');
    const { call } = await posted('recharge', id);
    expect(call.method).toBe('sendPhoto');
    expect(call.payload.photo).toBeInstanceOf(InputFile);
    expect(call.payload.caption).toContain(en('post.recharge', { id }));
    expect(call.payload.caption).toContain('$25.00');
    expect(call.payload.caption).toContain(TRC20);
    expect(buttonsOf(call).map((b) => b.text)).toEqual([
      en('button.passAsked', { amount: '$25.00' }),
      en('button.passArrived'),
      en('button.refuse'),
    ]);
    // Sent once: the next run has nothing to send.
    const before = desk.calls.length;
    expect(await desk.deliver()).toBe(0);
    expect(desk.calls.length).toBe(before);
  });

  it('a withdrawal is posted with the card as its last four digits only', async () => {
    const id = await withdraw('20');
    const { call } = await posted('withdrawal', id);
    expect(call.method).toBe('sendMessage');
    const text = call.payload.text as string;
    expect(text).toContain(en('post.withdrawal', { id }));
    expect(text).toContain('4242');
    expect(text).not.toContain('4242 4242');
    expect(text).not.toContain('42424242');
    expect(buttonsOf(call).map((b) => b.text)).toEqual([en('button.paidOut'), en('button.refuse')]);
  });

  it('a paid order is posted with its goods, total and address, and a ship button', async () => {
    const id = await paidOrder();
    const { call } = await posted('order', id);
    const text = call.payload.text as string;
    expect(text).toContain('Desk Lamp × 2');
    const order = await orderRow(id);
    // Two lamps at $12.50 and the shop's freight.
    expect(order.goodsAmount).toBe(2500);
    expect(text).toContain(en('field.total', { amount: formatMoney(order.total) }));
    expect(text).toContain('Unter den Linden 1');
    expect(buttonsOf(call).map((b) => b.text)).toEqual([en('button.ship')]);
  });

  it('Telegram down: the post waits and is retried later; a 429 is retried after its retry_after', async () => {
    const id = await withdraw('10');
    desk.failures.push({
      ok: false,
      error_code: 429,
      description: 'Too Many Requests: retry after 7',
      parameters: { retry_after: 7 },
    });
    expect(await desk.deliver()).toBe(0);
    const [row] = await db()
      .select()
      .from(deskPosts)
      .where(and(eq(deskPosts.kind, 'withdrawal'), eq(deskPosts.refId, id)));
    expect(row.sentAt).toBeNull();
    const [queued] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'desk'), eq(outbox.refId, row.id)));
    expect(queued.lastError).toContain('429');
    const wait = (queued.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(4);
    expect(wait).toBeLessThan(9);
    // Not due yet: nothing is sent.
    expect(await desk.deliver()).toBe(0);
    await db()
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outbox.id, queued.id));
    const { call } = await posted('withdrawal', id);
    expect(call.method).toBe('sendMessage');
  });
});

describe('buttons: only listed operators act, once', { timeout: 180_000 }, () => {
  it('a stranger gets an alert and nothing changes', async () => {
    const id = await topUp('30');
    const { call, messageId } = await posted('recharge', id);
    const start = desk.calls.length;
    const before = await walletOf(shop.t, ada.id);
    await desk.press(STRANGER, buttonData(call, en('button.passAsked', { amount: '$30.00' })), messageId);
    expect(desk.answers(start)).toEqual([
      expect.objectContaining({
        payload: expect.objectContaining({ text: en('notOperator'), show_alert: true }),
      }),
    ]);
    expect(desk.edits(start)).toEqual([]);
    expect((await rechargeRow(id)).status).toBe(0);
    expect(await walletOf(shop.t, ada.id)).toEqual(before);
  });

  it('an operator passes a top-up with the asked amount in one tap; the post says who and when', async () => {
    const id = await topUp('12.5');
    const { call, messageId } = await posted('recharge', id);
    const before = await walletOf(shop.t, ada.id);
    const start = desk.calls.length;
    await desk.press(ANNA, buttonData(call, en('button.passAsked', { amount: '$12.50' })), messageId);
    expect(desk.answers(start)[0].payload.text).toBe(en('done', { object: en('object.recharge', { id }) }));
    const row = await rechargeRow(id);
    expect(row).toMatchObject({ status: 1, arrivalAmount: 1250, auditedBy: '@anna_ops (tg:7100000001)' });
    expect((await walletOf(shop.t, ada.id)).balance).toBe(before.balance + 1250);
    const [edit] = desk.edits(start);
    expect(edit.method).toBe('editMessageCaption');
    expect(edit.payload).toMatchObject({ chat_id: DESK_CHAT, message_id: messageId });
    expect(edit.payload.caption).toContain('✅ Passed by @anna_ops (tg:7100000001) at ');
    expect(edit.payload.caption).toContain(
      `${row.auditedAt!.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    );
    expect(buttonsOf(edit)).toEqual([]);

    // Pressed again (a stale post): told who decided, nothing moves twice.
    const again = desk.calls.length;
    const topups = await ledgerCount('topup');
    await desk.press(ANNA, buttonData(call, en('button.passAsked', { amount: '$12.50' })), messageId);
    await desk.press(BORIS, buttonData(call, en('button.refuse')), messageId);
    const [first, second] = desk.answers(again);
    expect(first.payload).toMatchObject({
      show_alert: true,
      text: en('alreadyDecidedBy', { object: en('object.recharge', { id }), by: row.auditedBy! }),
    });
    expect(second.payload).toMatchObject({
      show_alert: true,
      text: translate('de-DE', 'desk.alreadyDecidedBy', {
        object: translate('de-DE', 'desk.object.recharge', { id }),
        by: row.auditedBy!,
      }),
    });
    expect(await ledgerCount('topup')).toBe(topups);
    expect(desk.since(again).some((c) => c.method === 'sendMessage')).toBe(false);
  });

  it('two operators pass the same withdrawal at once: one wins, the other is told, the payout happens once', async () => {
    const id = await withdraw('15');
    const { call, messageId } = await posted('withdrawal', id);
    const before = await walletOf(shop.t, ada.id);
    const paid = await ledgerCount('withdraw_paid');
    const start = desk.calls.length;
    const data = buttonData(call, en('button.paidOut'));
    await Promise.all([desk.press(ANNA, data, messageId), desk.press(BORIS, data, messageId)]);
    const texts = desk.answers(start).map((c) => c.payload.text as string);
    expect(texts).toHaveLength(2);
    const row = await withdrawalRow(id);
    const winner = row.auditedBy!.includes(String(ANNA.id)) ? 'en-US' : 'de-DE';
    const object = translate(winner, 'desk.object.withdrawal', { id });
    expect(texts).toContain(translate(winner, 'desk.done', { object }));
    const loser = winner === 'en-US' ? 'de-DE' : 'en-US';
    expect(texts).toContain(
      translate(loser, 'desk.alreadyDecidedBy', {
        object: translate(loser, 'desk.object.withdrawal', { id }),
        by: row.auditedBy!,
      }),
    );
    expect(row.status).toBe(1);
    expect(await ledgerCount('withdraw_paid')).toBe(paid + 1);
    const after = await walletOf(shop.t, ada.id);
    expect(after.frozen).toBe(before.frozen - row.amount - row.fee);
    expect(after.balance).toBe(before.balance);
  });

  it('a made-up button (a bad signature) changes nothing', async () => {
    const id = await topUp('40');
    const { call, messageId } = await posted('recharge', id);
    const data = buttonData(call, en('button.passAsked', { amount: '$40.00' }));
    const start = desk.calls.length;
    await desk.press(ANNA, `${data.slice(0, -1)}${data.endsWith('A') ? 'B' : 'A'}`, messageId);
    await desk.press(ANNA, data.replace(`:${id}:`, `:${id + 1000}:`), messageId);
    expect(desk.answers(start).map((c) => c.payload)).toEqual([
      expect.objectContaining({ text: en('unknownButton'), show_alert: true }),
      expect.objectContaining({ text: en('unknownButton'), show_alert: true }),
    ]);
    expect((await rechargeRow(id)).status).toBe(0);
  });
});

describe(
  'prompts: an action that needs input asks for it, and only that operator answers it',
  { timeout: 180_000 },
  () => {
    /** Presses `label` and answers the force_reply prompt sent for it. */
    async function ask(call: Call, messageId: number, label: string, from = ANNA) {
      const start = desk.calls.length;
      await desk.press(from, buttonData(call, label), messageId);
      const prompt = desk.since(start).find((c) => c.method === 'sendMessage')!;
      expect(prompt.payload.reply_markup).toMatchObject({ force_reply: true, selective: true });
      const [stored] = await db()
        .select()
        .from(deskPrompts)
        .where(eq(deskPrompts.operatorId, from.id))
        .orderBy(deskPrompts.id);
      expect(stored).toBeDefined();
      const [latest] = await db()
        .select()
        .from(deskPrompts)
        .where(eq(deskPrompts.chatId, DESK_CHAT))
        .orderBy(deskPrompts.id)
        .then((rows) => rows.slice(-1));
      return { prompt, promptId: latest.messageId };
    }
    const replies = (from: number) => desk.since(from).filter((c) => c.method === 'sendMessage');

    it('ship: carrier and tracking number; bad input is refused with the reason and changes nothing', async () => {
      const id = await paidOrder();
      const { call, messageId } = await posted('order', id);
      const { prompt, promptId } = await ask(call, messageId, en('button.ship'));
      expect(prompt.payload.text).toBe(
        `@anna_ops ${en('ask.shipping', { object: en('object.order', { id }) })}`,
      );

      // A stranger's reply and another operator's reply to Anna's prompt are not answers.
      let start = desk.calls.length;
      await desk.say(STRANGER, 'Fake 111', promptId);
      await desk.say(BORIS, 'Fake 222', promptId);
      expect(desk.since(start)).toEqual([]);
      expect((await orderRow(id)).status).toBe(1);

      // Only a carrier: the service's refusal, nothing shipped, the question stays open.
      start = desk.calls.length;
      await desk.say(ANNA, 'DHL', promptId);
      const [refused] = replies(start);
      expect(refused.payload.text).toContain(
        en('notDone', { object: en('object.order', { id }), reason: '' }).trim(),
      );
      expect(refused.payload.text).toContain('the tracking number is required');
      expect((await orderRow(id)).status).toBe(1);

      start = desk.calls.length;
      await desk.say(ANNA, 'China Post EE123456789CN', promptId);
      expect(replies(start)[0].payload.text).toBe(en('done', { object: en('object.order', { id }) }));
      expect(await orderRow(id)).toMatchObject({
        status: 2,
        carrier: 'China Post',
        trackingNo: 'EE123456789CN',
      });
      const [edit] = desk.edits(start);
      expect(edit.method).toBe('editMessageText');
      expect(edit.payload.text).toContain('📦 Shipped by @anna_ops (tg:7100000001) at ');
      expect(edit.payload.text).toContain('China Post EE123456789CN');
      expect(buttonsOf(edit)).toEqual([]);

      // The answered question is closed: answering it again is not an answer.
      start = desk.calls.length;
      await desk.say(ANNA, 'UPS 999', promptId);
      expect(desk.since(start)).toEqual([]);
      expect((await orderRow(id)).carrier).toBe('China Post');
    });

    it('pass another amount: "abc" and an amount above the limit are refused; a right one credits it', async () => {
      const id = await topUp('50');
      const { call, messageId } = await posted('recharge', id);
      const { promptId } = await ask(call, messageId, en('button.passArrived'));
      const before = await walletOf(shop.t, ada.id);
      for (const bad of ['abc', '99999999999', '0']) {
        const start = desk.calls.length;
        await desk.say(ANNA, bad, promptId);
        expect(replies(start)[0].payload.text).toContain('the amount must be more than 0.00 and at most');
      }
      expect((await rechargeRow(id)).status).toBe(0);
      expect(await walletOf(shop.t, ada.id)).toEqual(before);
      await desk.say(ANNA, '48.25', promptId);
      expect(await rechargeRow(id)).toMatchObject({ status: 1, arrivalAmount: 4825 });
      expect((await walletOf(shop.t, ada.id)).balance).toBe(before.balance + 4825);
    });

    it('refuse a withdrawal with a reason: the money returns; the other operator, pressing late, is told', async () => {
      const id = await withdraw('25');
      const { call, messageId } = await posted('withdrawal', id);
      const { promptId } = await ask(call, messageId, en('button.refuse'), BORIS);
      const before = await walletOf(shop.t, ada.id);
      const row = await withdrawalRow(id);
      await desk.say(BORIS, 'The card was declined by the bank', promptId);
      expect(await withdrawalRow(id)).toMatchObject({
        status: 2,
        reason: 'The card was declined by the bank',
      });
      expect(await walletOf(shop.t, ada.id)).toEqual({
        balance: before.balance + row.amount + row.fee,
        frozen: before.frozen - row.amount - row.fee,
      });
      const start = desk.calls.length;
      await desk.press(ANNA, buttonData(call, en('button.paidOut')), messageId);
      expect(desk.answers(start)[0].payload.text).toBe(
        en('alreadyDecidedBy', { object: en('object.withdrawal', { id }), by: 'Boris (tg:7100000002)' }),
      );
      expect(await ledgerCount('withdraw_paid')).toBeGreaterThan(0);
      expect((await withdrawalRow(id)).status).toBe(2);
    });
  },
);

describe('/stats', { timeout: 180_000 }, () => {
  it("an operator gets today's orders, sales and waiting audits in their language", async () => {
    const start = desk.calls.length;
    await desk.say(BORIS, '/stats');
    const text = desk.since(start)[0].payload.text as string;
    const [auditing] = await Promise.all([db().select().from(recharges).where(eq(recharges.status, 0))]);
    const waitingPayouts = (await db().select().from(withdrawals).where(eq(withdrawals.status, 0))).length;
    const paidToday = await db().select().from(orders);
    const sales = paidToday.filter((o) => o.paidAt).reduce((a, o) => a + o.total, 0);
    expect(text).toContain(translate('de-DE', 'desk.stats.topUps', { n: auditing.length }));
    expect(text).toContain(translate('de-DE', 'desk.stats.withdrawals', { n: waitingPayouts }));
    expect(text).toContain(
      translate('de-DE', 'desk.stats.orders', {
        placed: paidToday.length,
        paid: paidToday.filter((o) => o.paidAt).length,
      }),
    );
    expect(sales).toBeGreaterThan(0);
    expect(text).toContain(
      translate('de-DE', 'desk.stats.sales', {
        amount: new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'USD' }).format(sales / 100),
      }),
    );
    // In private too.
    const privately = desk.calls.length;
    await desk.say(ANNA, '/stats', undefined, ANNA.id);
    expect(desk.since(privately)[0].payload.text).toContain(
      en('stats.title', { date: new Date().toISOString().slice(0, 10) }),
    );
  });

  it('anyone else is refused politely', async () => {
    const start = desk.calls.length;
    await desk.say(STRANGER, '/stats');
    expect(desk.since(start).map((c) => c.payload.text)).toEqual([en('statsRefused')]);
  });
});
