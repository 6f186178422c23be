import { and, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetailAnswer } from '../../common/schemas/catalog-answers';
import type { OrderDetailAnswer } from '../../common/schemas/order';
import type { CommentAnswer, CommentsAnswer } from '../../common/schemas/review';
import { autoCompleteOrders } from '../../server/jobs/orders';
import { sweepUnusedUploads } from '../../server/jobs/sweeps';
import {
  notifications,
  productReviewStats,
  reviews,
  shopReviewStats,
  shops,
  uploads,
  users,
} from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { createTestAppWithDataDir } from '../support/app';
import { useApp } from '../support/use-app';
import {
  advanceOrder,
  backdate,
  eventsOf,
  makeProduct,
  makeShop,
  orderRow,
  placeOrder,
  type TestProduct,
} from './support/orders-fixture';

const t = useApp(() => createTestAppWithDataDir('reviews'));
let shopId: number;
let lamp: TestProduct;
let mug: TestProduct;
let anna: { token: string; id: number };
let other: { token: string; id: number };

beforeAll(async () => {
  const { db } = t.database;
  shopId = await makeShop(db, 'Review Shop');
  lamp = await makeProduct(db, shopId, { title: 'Lamp', stock: 500 });
  mug = await makeProduct(db, shopId, { title: 'Mug', stock: 500 });
  anna = await t.register('anna_account');
  other = await t.register('other_account');
  await db.update(users).set({ givenName: 'Anna', familyName: 'Schmidt' }).where(eq(users.id, anna.id));
  await db.update(users).set({ telegramId: 777000111 }).where(eq(users.id, anna.id));
});

/** An order of a lamp and a mug, moved to `to`: 0 unpaid, 2 shipped, 3 received. */
async function orderAt(to: 0 | 2 | 3, userId = anna.id) {
  const { db } = t.database;
  const order = await placeOrder(db, userId, shopId, [
    { productId: lamp.id, num: 1 },
    { productId: mug.id, num: 2 },
  ]);
  if (to !== 0) await advanceOrder(db, order.id, to);
  return order.id;
}

const review = (body: Record<string, unknown>, token = anna.token, lang?: string) =>
  t.endpoint<CommentAnswer | null>('review.comment', { body, token, lang });

const good = (orderId: number, productId: number, extra: Record<string, unknown> = {}) => ({
  order_id: orderId,
  product_id: productId,
  comment: 'Bright and well packed',
  pics: [],
  product_score: 5,
  service_score: 4,
  postage_score: 3,
  ...extra,
});

async function upload(token: string): Promise<{ url: string; preview: string }> {
  const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#cc6633' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
  return (await t.endpoint<{ url: string; preview: string }>('upload.image', { token, body: form })).data;
}
const uploadPicture = async (token: string) => (await upload(token)).url;

/** What a refused review must leave as it was. */
async function world(orderId: number) {
  const { db } = t.database;
  return {
    order: await orderRow(db, orderId),
    reviews: (await db.select({ n: count() }).from(reviews))[0].n,
    productStats: await db.select().from(productReviewStats),
    shopStats: await db.select().from(shopReviewStats),
    rate: (await db.select({ r: shops.favorableRate }).from(shops).where(eq(shops.id, shopId)))[0].r,
    uploads: await db.select().from(uploads).orderBy(uploads.id),
  };
}

const detailOf = async (orderId: number) =>
  (
    await t.endpoint<OrderDetailAnswer>('order.detail', {
      query: { order_id: String(orderId) },
      token: anna.token,
    })
  ).data;

describe('review: each item of a received order, once; the last one completes the order', () => {
  it('a first item is reviewed with a picture, public from then on; the order stays received and shows which item is done', async () => {
    const orderId = await orderAt(3);
    const { url, preview } = await upload(anna.token);
    const pic = url.replace(/^\/pending\//, '/uploads/');
    const get = async (address: string, token?: string) =>
      (await t.app.inject({ method: 'GET', url: address, headers: token ? { token } : {} })).statusCode;
    // Before the review is posted the picture is private: its shopper's preview only.
    expect([await get(pic), await get(url), await get(preview), await get(preview.split('?')[0])]).toEqual([
      404, 404, 200, 404,
    ]);
    const res = await review(good(orderId, lamp.id, { pics: [url] }), anna.token, 'de-DE');
    expect(res).toMatchObject({ code: 1, msg: translate('de-DE', 'orders.reviewed') });
    expect(res.data).toMatchObject({
      orderStatus: 3,
      review: { reviewer: 'Anna S.', content: 'Bright and well packed', pics: [pic], productScore: 5 },
    });
    const [taken] = await t.database.db.select().from(uploads).where(eq(uploads.path, pic));
    expect(taken).toMatchObject({ purpose: 'review', userId: anna.id });
    expect(taken.usedAt).not.toBeNull();
    // Posted: public at its address for anyone; the pending preview is gone.
    expect([await get(pic), await get(preview)]).toEqual([200, 404]);
    // A day later the sweep of unused uploads leaves the review's picture.
    await t.database.db
      .update(uploads)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(eq(uploads.path, pic));
    await sweepUnusedUploads(t.database.db, t.dataDir);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.path, pic))).toHaveLength(1);
    expect(await get(pic)).toBe(200);

    const detail = await detailOf(orderId);
    expect(detail.status).toBe(3);
    expect(detail.items.map((i) => [i.productId, i.reviewed])).toEqual([
      [lamp.id, true],
      [mug.id, false],
    ]);
  });

  it('the last item completes the order (3 -> 4) in the same step, with its event and notification', async () => {
    const orderId = await orderAt(3);
    expect((await review(good(orderId, lamp.id))).code).toBe(1);
    const res = await review(good(orderId, mug.id, { product_score: 2 }));
    expect(res.data?.orderStatus).toBe(4);
    const order = await orderRow(t.database.db, orderId);
    expect(order.status).toBe(4);
    expect(order.completedAt).not.toBeNull();
    const last = (await eventsOf(t.database.db, orderId)).at(-1);
    expect(last).toMatchObject({ fromStatus: 3, toStatus: 4, actor: 'shopper' });
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.refId, String(orderId)), sql`${notifications.params}->>'status' = '4'`));
    expect(n).toBe(1);
    expect((await detailOf(orderId)).items.every((i) => i.reviewed)).toBe(true);
  });

  it('an order the job completed unreviewed still takes reviews of its items, and stays completed', async () => {
    const orderId = await orderAt(3);
    await backdate(t.database.db, [orderId], 'receivedAt', 8 * 24 * 3600);
    expect(await autoCompleteOrders(t.database.db, 7)).toBeGreaterThanOrEqual(1);
    expect((await orderRow(t.database.db, orderId)).status).toBe(4);
    const res = await review(good(orderId, mug.id));
    expect(res).toMatchObject({ code: 1, data: { orderStatus: 4 } });
  });
});

describe('review: bad input and races get a clear message and change nothing', () => {
  it.each<[string, (orderId: number) => Record<string, unknown>, string]>([
    ['an empty text', (o) => good(o, lamp.id, { comment: '   ' }), 'review.contentRequired'],
    ['a product score of 0', (o) => good(o, lamp.id, { product_score: 0 }), 'review.scoreRange'],
    ['a service score of 6', (o) => good(o, lamp.id, { service_score: 6 }), 'review.scoreRange'],
    ['a postage score of 2.5', (o) => good(o, lamp.id, { postage_score: 2.5 }), 'review.scoreRange'],
    ['a missing score', (o) => ({ ...good(o, lamp.id), product_score: undefined }), 'review.scoreRange'],
    ['seven pictures', (o) => good(o, lamp.id, { pics: picsOf(7) }), 'review.tooManyPics'],
    [
      'a picture from another site',
      (o) => good(o, lamp.id, { pics: ['https://evil.example/x.webp'] }),
      'review.picInvalid',
    ],
    [
      'a picture that is not an upload of the shopper',
      (o) => good(o, lamp.id, { pics: picsOf(1) }),
      'orders.reviewPicsNotYours',
    ],
    ['a product the order does not hold', (o) => good(o, 999_999), 'errors.notFound'],
  ])('%s', async (_label, body, key) => {
    const orderId = await orderAt(3);
    const before = await world(orderId);
    const res = await review(body(orderId), anna.token, 'ru-RU');
    expect(res).toMatchObject({ code: 0, error: key, msg: translate('ru-RU', key), data: null });
    expect(await world(orderId)).toEqual(before);
  });

  it('an item of an order not yet received (unpaid, shipped) is refused', async () => {
    for (const status of [0, 2] as const) {
      const orderId = await orderAt(status);
      const before = await world(orderId);
      const res = await review(good(orderId, lamp.id), anna.token, 'ja-JP');
      expect(res).toMatchObject({ code: 0, msg: translate('ja-JP', 'orders.reviewNotReceived') });
      expect(await world(orderId)).toEqual(before);
    }
  });

  it('a second review of the same item is refused', async () => {
    const orderId = await orderAt(3);
    expect((await review(good(orderId, lamp.id))).code).toBe(1);
    const before = await world(orderId);
    const res = await review(good(orderId, lamp.id, { comment: 'again' }), anna.token, 'tr-TR');
    expect(res).toMatchObject({ code: 0, msg: translate('tr-TR', 'orders.reviewDone') });
    expect(await world(orderId)).toEqual(before);
  });

  it("another shopper's order looks absent, and another shopper's picture cannot be taken", async () => {
    const orderId = await orderAt(3);
    const before = await world(orderId);
    expect(await review(good(orderId, lamp.id), other.token)).toMatchObject({
      code: 0,
      msg: translate('en-US', 'errors.notFound'),
    });
    const theirs = await uploadPicture(other.token);
    const mid = await world(orderId);
    expect(await review(good(orderId, lamp.id, { pics: [theirs] }))).toMatchObject({
      code: 0,
      msg: translate('en-US', 'orders.reviewPicsNotYours'),
    });
    expect(await world(orderId)).toEqual(mid);
    expect(mid.order).toEqual(before.order);
  });

  it('without a session: 401', async () => {
    const res = await t.endpoint('review.comment', { body: good(1, lamp.id) });
    expect(res.code).toBe(401);
  });

  it('the same review posted twice at once is written once; the other hears it was already reviewed', async () => {
    const orderId = await orderAt(3);
    const answers = await Promise.all([review(good(orderId, lamp.id)), review(good(orderId, lamp.id))]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.code === 0)?.msg).toBe(translate('en-US', 'orders.reviewDone'));
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(reviews)
      .where(eq(reviews.orderId, orderId));
    expect(n).toBe(1);
  });

  it('the last two items reviewed at once complete the order exactly once', async () => {
    const orderId = await orderAt(3);
    const answers = await Promise.all([review(good(orderId, lamp.id)), review(good(orderId, mug.id))]);
    expect(answers.map((a) => a.code)).toEqual([1, 1]);
    expect((await orderRow(t.database.db, orderId)).status).toBe(4);
    const completions = (await eventsOf(t.database.db, orderId)).filter((e) => e.toStatus === 4);
    expect(completions).toHaveLength(1);
  });
});

/** Addresses shaped like uploads that nobody uploaded. */
function picsOf(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `/pending/2026-11/${String(i).padStart(24, 'a')}.webp`);
}

describe('product page and reviews list: averages, count, newest reviews, shop rate', () => {
  let fresh: TestProduct;
  let freshShop: number;
  beforeAll(async () => {
    const { db } = t.database;
    freshShop = await makeShop(db, 'Rated Shop');
    fresh = await makeProduct(db, freshShop, { title: 'Kettle', stock: 500 });
  });

  async function reviewFresh(scores: [number, number, number], text: string, pics: string[] = []) {
    const { db } = t.database;
    const order = await placeOrder(db, anna.id, freshShop, [{ productId: fresh.id, num: 1 }]);
    await advanceOrder(db, order.id, 3);
    const res = await review({
      order_id: order.id,
      product_id: fresh.id,
      comment: text,
      pics,
      product_score: scores[0],
      service_score: scores[1],
      postage_score: scores[2],
    });
    expect(res.code).toBe(1);
  }

  const productPage = async () =>
    (
      await t.endpoint<ProductDetailAnswer>('catalog.productDetail', {
        query: { product_id: String(fresh.id) },
      })
    ).data;

  it('shows nothing before any review, then the averages, the count and the newest reviews (the cache follows)', async () => {
    expect((await productPage()).reviews).toEqual({
      summary: { count: 0, productScore: 0, serviceScore: 0, postageScore: 0 },
      newest: [],
    });
    const pic = await uploadPicture(anna.token);
    await reviewFresh([5, 5, 4], 'first', [pic]);
    await reviewFresh([2, 4, 4], 'second');
    await reviewFresh([4, 3, 5], 'third');
    await reviewFresh([5, 5, 5], 'fourth');
    const page = await productPage();
    expect(page.reviews.summary).toEqual({ count: 4, productScore: 4, serviceScore: 4.3, postageScore: 4.5 });
    expect(page.reviews.newest.map((r) => r.content)).toEqual(['fourth', 'third', 'second']);
    // Favourable (product score 4 or 5): 3 of 4.
    expect(page.shop.favorableRate).toBe(75);
  });

  it('the full list pages newest first with the total; the reviewer shows by display name only', async () => {
    const first = await t.endpoint<CommentsAnswer>('review.list', {
      query: { product_id: String(fresh.id), page: '1', limit: '3' },
    });
    expect(first.data.total).toBe(4);
    expect(first.data.list.map((r) => r.content)).toEqual(['fourth', 'third', 'second']);
    const second = await t.endpoint<CommentsAnswer>('review.list', {
      query: { product_id: String(fresh.id), page: '2', limit: '3' },
    });
    expect(second.data.list.map((r) => r.content)).toEqual(['first']);
    expect(second.data.list[0].pics).toHaveLength(1);
    const raw = JSON.stringify([first.data, second.data, await productPage()]);
    expect(raw).toContain('Anna S.');
    expect(raw).not.toContain('anna_account');
    expect(raw).not.toContain('777000111');
    expect(raw).not.toContain('Schmidt');
  });

  it('a reviewer without a name shows as an empty name (the app says "Shopper"), never the account', async () => {
    const { db } = t.database;
    const nameless = await t.register('nameless_acct');
    const order = await placeOrder(db, nameless.id, freshShop, [{ productId: fresh.id, num: 1 }]);
    await advanceOrder(db, order.id, 3);
    const res = await review(good(order.id, fresh.id), nameless.token);
    expect(res.data?.review.reviewer).toBe('');
    const list = await t.endpoint<CommentsAnswer>('review.list', {
      query: { product_id: String(fresh.id) },
    });
    expect(JSON.stringify(list.data)).not.toContain('nameless_acct');
  });

  it('an unknown product has no reviews; a bad id is a clear message', async () => {
    const none = await t.endpoint<CommentsAnswer>('review.list', {
      query: { product_id: '999999' },
    });
    expect(none.data).toMatchObject({ list: [], total: 0 });
    const bad = await t.endpoint('review.list', { query: { product_id: 'x' }, lang: 'zh-CN' });
    expect(bad).toMatchObject({ code: 0, msg: translate('zh-CN', 'errors.productNotFound') });
  });
});
