import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en-US.json';
import { reviews, uploads, users } from '../../server/db/schema';
import {
  advanceOrder,
  makeProduct,
  makeShop,
  orderRow,
  placeOrder,
  type TestProduct,
} from '../server/support/orders-fixture';
import { at } from './support/page';
import { useRealServer } from './support/server';
import { startApp, storeToken } from './support/start-app';

/**
 * Reviews in the Mini App against the real server: the review action on received orders only, the
 * /comment form item by item (stars, text, a picture uploaded and removable), the order completed
 * after the last item, and the product page's and the reviews screen's view of what was posted.
 */
const server = useRealServer();
const db = () => server.api.database.db;

let shopId: number;
let lamp: TestProduct;
let mug: TestProduct;
beforeAll(async () => {
  shopId = await makeShop(db(), 'Review Shop');
  lamp = await makeProduct(db(), shopId, { title: 'Desk lamp', price: 2500, stock: 500 });
  mug = await makeProduct(db(), shopId, { title: 'Tea mug', price: 900, stock: 500 });
});
afterEach(() => vi.restoreAllMocks());

/** A logged-in shopper named Olga Petrova with one order of a lamp and a mug: delivered or received. */
async function shopperWith(name: string, received: boolean) {
  const { token, id } = await server.api.register(name);
  await db().update(users).set({ givenName: 'Olga', familyName: 'Petrova' }).where(eq(users.id, id));
  await storeToken(token);
  const order = await placeOrder(db(), id, shopId, [
    { productId: lamp.id, num: 1 },
    { productId: mug.id, num: 2 },
  ]);
  await advanceOrder(db(), order.id, received ? 3 : 2);
  return { token, userId: id, orderId: order.id };
}

const reviewsOf = (orderId: number) => db().select().from(reviews).where(eq(reviews.orderId, orderId));

describe('review: the action shows on received orders with items left', () => {
  it('a received order offers "Write a review"; a delivered one does not', async () => {
    const { orderId } = await shopperWith('review_action', true);
    const delivered = await placeOrder(db(), (await orderRow(db(), orderId)).userId, shopId, [
      { productId: lamp.id, num: 1 },
    ]);
    await advanceOrder(db(), delivered.id, 2);
    await startApp('/order');
    await waitFor(() => expect(screen.getAllByTestId('order-card')).toHaveLength(2));
    const card = (id: number) =>
      screen.getAllByTestId('order-card').find((c) => c.dataset.orderId === String(id))!;
    expect(within(card(delivered.id)).queryByTestId('order-review')).toBeNull();
    fireEvent.click(within(card(orderId)).getByTestId('order-review'));
    await at('/comment');
    expect(window.location.search).toBe(`?order_id=${orderId}`);
    await screen.findByText('Desk lamp');
    // The first test loads the app's screens (lazy chunks): slow on a busy machine.
  }, 60_000);
});

describe('review: /comment, item by item', () => {
  it('refuses an empty text on the spot, then posts each item; the last completes the order', async () => {
    const { orderId } = await shopperWith('review_form', true);
    await startApp(`/comment?order_id=${orderId}`);
    const item = await screen.findByTestId('review-item');
    expect(item.dataset.productId).toBe(String(lamp.id));
    expect(within(item).getByText('Item 1 of 2')).toBeTruthy();

    fireEvent.click(screen.getByTestId('main-action'));
    await screen.findByText(en.review.contentRequired);
    expect(await reviewsOf(orderId)).toHaveLength(0);

    fireEvent.click(screen.getByTestId('score-product-4'));
    fireEvent.click(screen.getByTestId('score-postage-2'));
    expect(screen.getByTestId('score-product-4').getAttribute('aria-checked')).toBe('true');
    fireEvent.change(screen.getByTestId('review-content'), { target: { value: 'Warm light, sturdy base' } });
    fireEvent.click(screen.getByTestId('main-action'));
    await screen.findByText(en.review.posted);

    // The next item not yet reviewed comes up in a fresh form.
    await waitFor(() => expect(screen.getByTestId('review-item').dataset.productId).toBe(String(mug.id)));
    expect(screen.getByText('Item 2 of 2')).toBeTruthy();
    expect((screen.getByTestId('review-content') as HTMLTextAreaElement).value).toBe('');
    expect(await reviewsOf(orderId)).toEqual([
      expect.objectContaining({
        productId: lamp.id,
        content: 'Warm light, sturdy base',
        productScore: 4,
        serviceScore: 5,
        postageScore: 2,
      }),
    ]);
    expect((await orderRow(db(), orderId)).status).toBe(3);

    fireEvent.change(screen.getByTestId('review-content'), { target: { value: 'Nice mug' } });
    fireEvent.click(screen.getByTestId('main-action'));
    await at(`/orderInfo/${orderId}`);
    expect((await orderRow(db(), orderId)).status).toBe(4);
    expect(await reviewsOf(orderId)).toHaveLength(2);
    // Nothing left to review: no review action on the completed order.
    await screen.findByTestId('status-header');
    // The order is asked again after the last review; until it answers, the page may still offer one.
    await waitFor(() => expect(screen.queryByText(en.review.write)).toBeNull());
  });

  it('a picture is uploaded, previewed and can be removed; the one kept goes with the review', async () => {
    const { orderId, userId } = await shopperWith('review_pics', true);
    await startApp(`/comment?order_id=${orderId}&product_id=${mug.id}`);
    const item = await screen.findByTestId('review-item');
    expect(item.dataset.productId).toBe(String(mug.id));
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#4488cc' } })
      .png()
      .toBuffer();
    const file = () => new File([new Uint8Array(png)], 'mug.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('pic-input'), { target: { files: [file(), file()] } });
    await waitFor(() => expect(screen.getAllByTestId('pic-preview')).toHaveLength(2));
    expect(screen.getByText('Pictures 2/6')).toBeTruthy();
    fireEvent.click(screen.getAllByTestId('pic-remove')[0]);
    expect(screen.getAllByTestId('pic-preview')).toHaveLength(1);
    // Shown through its signed preview while it is private; public at /uploads/ once the review is posted.
    const preview = screen.getByTestId('pic-preview').querySelector('img')!.getAttribute('src')!;
    expect(preview).toMatch(/^\/api\/user\/upload\/\d{4}-\d{2}\/[0-9a-f]{24}\.webp\?expires=\d+&sig=/);
    const kept = `/uploads/${preview.split('?')[0].split('/').slice(-2).join('/')}`;

    fireEvent.change(screen.getByTestId('review-content'), { target: { value: 'Looks like the photo' } });
    fireEvent.click(screen.getByTestId('main-action'));
    await screen.findByText(en.review.posted);
    const [posted] = await reviewsOf(orderId);
    expect(posted.pics).toEqual([kept]);
    const mine = await db().select().from(uploads).where(eq(uploads.userId, userId));
    expect(mine.map((u) => [u.path === kept, u.purpose, u.usedAt !== null]).sort()).toEqual(
      [
        [false, 'avatar', false],
        [true, 'review', true],
      ].sort(),
    );
  });

  it('an order not yet received has nothing to review', async () => {
    const { orderId } = await shopperWith('review_early', false);
    await startApp(`/comment?order_id=${orderId}`);
    expect((await screen.findByTestId('review-nothing')).textContent).toContain(en.review.notReceived);
    expect(screen.queryByTestId('main-action')).toBeNull();
  });
});

describe('review: what others see', () => {
  it('the product page shows the averages, the count and the newest reviews by display name; all reviews page', async () => {
    const { orderId, token } = await shopperWith('review_seen', true);
    const post = (text: string, score: number) =>
      server.api.endpoint('review.comment', {
        token,
        body: {
          order_id: orderId,
          product_id: lamp.id,
          comment: text,
          product_score: score,
          service_score: 4,
          postage_score: 4,
        },
      });
    expect((await post('Bright enough for reading', 3)).code).toBe(1);
    await startApp(`/detail/${lamp.id}`);
    const block = await screen.findByTestId('detail-reviews');
    await waitFor(() => expect(within(block).getAllByTestId('review').length).toBeGreaterThan(0));
    expect(within(block).getByText('Bright enough for reading')).toBeTruthy();
    expect(
      within(block)
        .getAllByTestId('review-name')
        .map((n) => n.textContent),
    ).toContain('Olga P.');
    expect(block.textContent).not.toContain('review_seen');
    const count = Number(within(block).getByTestId('review-count').textContent?.match(/\d+/)?.[0]);
    expect(count).toBe((await db().select().from(reviews).where(eq(reviews.productId, lamp.id))).length);
  });

  it('the reviews screen lists every review of the product, newest first, with the summary', async () => {
    const { token } = await shopperWith('review_list', false);
    await startApp(`/reviews/${lamp.id}`);
    await waitFor(() => expect(screen.getAllByTestId('review').length).toBeGreaterThan(0));
    const all = await db().select().from(reviews).where(eq(reviews.productId, lamp.id));
    const shown = screen.getAllByTestId('review').map((r) => Number(r.dataset.reviewId));
    expect(shown).toEqual(
      all
        .map((r) => r.id)
        .sort((a, b) => b - a)
        .slice(0, 10),
    );
    expect(screen.getByTestId('review-summary')).toBeTruthy();
    expect(token).toBeTruthy();
  });
});
