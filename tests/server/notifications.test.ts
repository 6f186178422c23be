import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGS, type Lang } from '../../common/languages';
import type { notificationListAnswer } from '../../common/schemas/order';
import type { z } from 'zod';
import { notifications } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { track } from '../../server/modules/orders';
import { advanceOrder, makeProduct, makeShop, move, placeOrder } from './support/orders-fixture';
import { useTestApp } from '../support/use-app';

type NotificationList = z.infer<typeof notificationListAnswer>;

const t = useTestApp();
let me: { token: string; id: number };
let other: { token: string; id: number };
/** My orders and what happened to them, in order. */
let steps: { orderId: number; sn: string; status: number; refused?: boolean }[];

const list = (token = me.token, lang?: string, query: Record<string, string> = {}) =>
  t.endpoint<NotificationList>('notify.list', { token, lang, query });
const read = (body: unknown, token = me.token) =>
  t.endpoint<{ unread: number }>('notify.read', { body, token });

beforeAll(async () => {
  const { db } = t.database;
  const shopId = await makeShop(db, 'Notify Shop');
  const product = await makeProduct(db, shopId, { title: 'Scarf', stock: 50 });
  me = await t.register('notified');
  other = await t.register('notified_other');
  const line = [{ productId: product.id, num: 1 }];
  const a = await placeOrder(db, me.id, shopId, line);
  const b = await placeOrder(db, me.id, shopId, line);
  const c = await placeOrder(db, me.id, shopId, line);
  const d = await placeOrder(db, me.id, shopId, line);
  steps = [];
  const step = async (o: { id: number; orderSn: string }, from: number, to: number, refused = false) => {
    await move(db, o.id, from as 0, to as 0, to === -2 || refused ? 'operator' : 'shopper');
    steps.push({ orderId: o.id, sn: o.orderSn, status: to, ...(refused ? { refused } : {}) });
  };
  await step(a, 0, 1);
  await step(a, 1, 2);
  await step(a, 2, 3);
  await step(a, 3, 4);
  await step(b, 0, -1);
  await step(c, 0, 1);
  await step(c, 1, -4);
  await step(c, -4, -2);
  await step(d, 0, 1);
  await step(d, 1, -4);
  await step(d, -4, 1, true);
  // The other shopper has one of their own.
  const theirs = await placeOrder(db, other.id, shopId, line);
  await advanceOrder(db, theirs.id, 2);
});

describe('notifications: the shopper hears of every step of their orders', () => {
  it('one per step, newest first, each opening its order, all unread at first', async () => {
    const res = await list();
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({ total: steps.length, unread: steps.length, page: 1, limit: 20 });
    const newestFirst = [...steps].reverse();
    expect(res.data.list.map((n) => n.link)).toEqual(newestFirst.map((s) => `/orderInfo/${s.orderId}`));
    expect(res.data.list.every((n) => n.kind === 'order' && !n.read)).toBe(true);
    const ids = res.data.list.map((n) => n.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
  });

  it.each<Lang>(['en-US', 'de-DE', 'zh-CN', 'ja-JP', 'tr-TR'])(
    'each text is the step of its status in %s, naming the order number',
    async (lang) => {
      const res = await list(me.token, lang);
      const newestFirst = [...steps].reverse();
      res.data.list.forEach((n, i) => {
        const s = newestFirst[i];
        const key = s.refused ? 'notify.order.refused' : `notify.order.${s.status}`;
        expect(n.text).toBe(translate(lang, key, { sn: s.sn }));
        expect(n.text).toContain(s.sn);
      });
      // Every status an order can enter reads differently, and the refusal is not "paid" again.
      expect(new Set(res.data.list.map((n) => n.text.replace(/[0-9A-F]{16}/, ''))).size).toBe(8);
    },
  );

  it('the English texts say what happened', async () => {
    const texts = (await list()).data.list.map((n) => n.text);
    const shipped = steps.find((s) => s.status === 2)!;
    const refused = steps.find((s) => s.refused)!;
    expect(texts).toContain(`Order ${shipped.sn} has been shipped`);
    expect(texts).toContain(`Your refund request for order ${refused.sn} was declined`);
  });

  it('pages of `limit`, newest first, none twice', async () => {
    const first = await list(me.token, undefined, { page: '1', limit: '4' });
    const second = await list(me.token, undefined, { page: '2', limit: '4' });
    const third = await list(me.token, undefined, { page: '3', limit: '4' });
    expect([first, second, third].map((p) => p.data.list.length)).toEqual([4, 4, steps.length - 8]);
    const ids = [first, second, third].flatMap((p) => p.data.list.map((n) => n.id));
    expect(new Set(ids).size).toBe(steps.length);
  });

  it('a kind this version does not know still reads as a notification, opening nothing', async () => {
    const stranger = await t.register('notified_stranger');
    await t.database.db
      .insert(notifications)
      .values({ userId: stranger.id, kind: 'future.thing', params: { x: 1 } });
    const res = await list(stranger.token, 'ko-KR');
    expect(res.data.list).toMatchObject([
      { kind: 'future.thing', text: translate('ko-KR', 'notify.unknown'), link: null },
    ]);
  });
});

describe("notifications: the carrier's events", () => {
  it('a logistics event the operator adds reads in every language with the order number and the event', async () => {
    const { db } = t.database;
    const shopper = await t.register('notified_tracked');
    const shopId = await makeShop(db, 'Track Shop');
    const product = await makeProduct(db, shopId, { title: 'Lamp', stock: 5 });
    const order = await placeOrder(db, shopper.id, shopId, [{ productId: product.id, num: 1 }]);
    await advanceOrder(db, order.id, 2);
    await track(db, { orderId: order.id, text: 'Arrived at the Frankfurt hub', operator: 'op' });
    for (const lang of LANGS) {
      const [newest] = (await list(shopper.token, lang)).data.list;
      const params = { sn: order.orderSn, text: 'Arrived at the Frankfurt hub' };
      expect(newest, lang).toMatchObject({ kind: 'track', text: translate(lang, 'notify.track', params) });
      expect(newest.text, lang).toContain(order.orderSn);
      expect(newest.text, lang).toContain('Arrived at the Frankfurt hub');
      expect(newest.text, lang).not.toBe(translate(lang, 'notify.unknown'));
    }
  });
});

describe('notifications: whose they are', () => {
  it('another shopper sees only their own', async () => {
    const res = await list(other.token);
    expect(res.data).toMatchObject({ total: 2, unread: 2 });
    expect(res.data.list.map((n) => n.text)).toEqual([
      expect.stringContaining('shipped'),
      expect.stringContaining('Payment received'),
    ]);
  });

  it('needs a login (code 401) for the list and for marking', async () => {
    expect((await t.endpoint('notify.list')).code).toBe(401);
    expect((await t.endpoint('notify.read', { body: {} })).code).toBe(401);
  });
});

describe('notifications: marking read', () => {
  it('some ids: those are read, the rest stay unread; ids of another shopper change nothing of theirs', async () => {
    const mine = (await list()).data.list;
    const theirs = (await list(other.token)).data.list;
    const res = await read({ ids: [mine[0].id, mine[1].id, theirs[0].id] });
    expect(res).toMatchObject({ code: 1, data: { unread: steps.length - 2 } });
    const after = (await list()).data;
    expect(after.unread).toBe(steps.length - 2);
    expect(after.list.map((n) => n.read)).toEqual(mine.map((_, i) => i < 2));
    expect((await list(other.token)).data).toMatchObject({ unread: 2 });
    const [stillUnread] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, theirs[0].id), isNull(notifications.readAt)));
    expect(stillUnread).toBeDefined();
  });

  it('marking the same ids again changes nothing; an empty list marks nothing', async () => {
    const mine = (await list()).data.list;
    expect((await read({ ids: [mine[0].id] })).data.unread).toBe(steps.length - 2);
    expect((await read({ ids: [] })).data.unread).toBe(steps.length - 2);
  });

  it("no ids: every one of the shopper's own is read, nobody else's", async () => {
    const res = await read({});
    expect(res.data.unread).toBe(0);
    expect((await list()).data.list.every((n) => n.read)).toBe(true);
    expect((await list(other.token)).data.unread).toBe(2);
  });

  it('ids that are not ids, or too many, are refused', async () => {
    for (const ids of [['abc'], [-1], 'all', Array.from({ length: 101 }, (_, i) => i + 1)]) {
      const res = await read({ ids }, other.token);
      expect(res.code, JSON.stringify(ids).slice(0, 20)).toBe(0);
    }
    expect((await list(other.token)).data.unread).toBe(2);
  });
});
