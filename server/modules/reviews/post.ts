import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import { ORDER_STATUS } from '@common/order-status';
import type { CommentAnswer, CommentBody } from '@common/schemas/review';
import type { Db, Tx } from '../../db/client';
import {
  orderItems,
  orders,
  productReviewStats,
  reviews,
  shopReviewStats,
  shops,
  users,
} from '../../db/schema';
import { AppError, NotFoundError } from '../../lib/errors';
import { invalidateCatalog, toReviewItem } from '../catalog';
import { moveOrders } from '../orders';
import { takeUploads, withFileMoves } from '../upload';

/** A review counts as favourable for its shop's rate from this product score up. */
export const FAVORABLE_SCORE = 4;

/** Statuses whose items may be reviewed: received, and completed (by the job) with items left. */
const REVIEWABLE: number[] = [ORDER_STATUS.received, ORDER_STATUS.completed];

/**
 * Adds the review to the product's and the shop's running totals (upserts that add, so racing
 * reviews of one product both count) and sets the shop's favourable rate, per mille, from its own.
 */
async function countReview(tx: Tx, productId: number, shopId: number, body: CommentBody): Promise<void> {
  await tx
    .insert(productReviewStats)
    .values({
      productId,
      count: 1,
      productScoreSum: body.product_score,
      serviceScoreSum: body.service_score,
      postageScoreSum: body.postage_score,
    })
    .onConflictDoUpdate({
      target: productReviewStats.productId,
      set: {
        count: sql`${productReviewStats.count} + 1`,
        productScoreSum: sql`${productReviewStats.productScoreSum} + ${body.product_score}`,
        serviceScoreSum: sql`${productReviewStats.serviceScoreSum} + ${body.service_score}`,
        postageScoreSum: sql`${productReviewStats.postageScoreSum} + ${body.postage_score}`,
      },
    });
  const favorable = body.product_score >= FAVORABLE_SCORE ? 1 : 0;
  // The upsert locks the shop's totals row until commit, so the rate written is of every review so far.
  const [totals] = await tx
    .insert(shopReviewStats)
    .values({ shopId, count: 1, favorable })
    .onConflictDoUpdate({
      target: shopReviewStats.shopId,
      set: {
        count: sql`${shopReviewStats.count} + 1`,
        favorable: sql`${shopReviewStats.favorable} + ${favorable}`,
      },
    })
    .returning();
  await tx
    .update(shops)
    .set({ favorableRate: Math.round((totals.favorable * 1000) / totals.count) })
    .where(eq(shops.id, shopId));
}

/**
 * POST /api/order/comment: the shopper reviews one item (the first unreviewed line of `product_id`)
 * of their own received order. In one transaction that holds the order's row: the pictures are
 * taken (the shopper's own pending uploads, public with the review from its commit), the review written (one per order item: the unique index), the totals and the shop's
 * rate moved, and when it was the order's last unreviewed item a received order is completed
 * (3 -> 4, through moveOrders, with its event and notification). Nothing changes on a refusal.
 */
export async function postReview(
  db: Db,
  lang: Lang,
  userId: number,
  body: CommentBody,
  dataDir: string,
): Promise<CommentAnswer> {
  const answer = await withFileMoves(db, (moves) =>
    db.transaction(async (tx) => {
      const [order] = await tx
        .select({ id: orders.id, status: orders.status, shopId: orders.shopId })
        .from(orders)
        .where(and(eq(orders.id, body.order_id), eq(orders.userId, userId), isNull(orders.hiddenAt)))
        .for('update');
      if (!order) throw new NotFoundError();
      const items = await tx
        .select({ item: orderItems, reviewId: reviews.id })
        .from(orderItems)
        .leftJoin(reviews, eq(reviews.orderItemId, orderItems.id))
        .where(eq(orderItems.orderId, order.id))
        .orderBy(asc(orderItems.id));
      const ofProduct = items.filter((i) => i.item.productId === body.product_id);
      if (ofProduct.length === 0) throw new NotFoundError();
      const target = ofProduct.find((i) => i.reviewId === null);
      if (!target) throw new AppError('orders.reviewDone');
      if (!REVIEWABLE.includes(order.status)) throw new AppError('orders.reviewNotReceived');

      const pics = await takeUploads(
        tx,
        { userId, dataDir, refs: body.pics, purpose: 'review', invalid: 'orders.reviewPicsNotYours' },
        moves,
      );
      const [review] = await tx
        .insert(reviews)
        .values({
          orderItemId: target.item.id,
          orderId: order.id,
          productId: body.product_id,
          shopId: order.shopId,
          userId,
          content: body.comment,
          pics: pics.map((p) => p.path),
          specOptions: target.item.specOptions,
          productScore: body.product_score,
          serviceScore: body.service_score,
          postageScore: body.postage_score,
        })
        .onConflictDoNothing({ target: reviews.orderItemId })
        .returning();
      if (!review) throw new AppError('orders.reviewDone');
      await countReview(tx, body.product_id, order.shopId, body);

      let status = order.status;
      const left = items.filter((i) => i.reviewId === null).length - 1;
      if (left === 0 && status === ORDER_STATUS.received) {
        const moved = await moveOrders(tx, {
          orderIds: [order.id],
          from: ORDER_STATUS.received,
          to: ORDER_STATUS.completed,
          actor: 'shopper',
          userId,
        });
        if (moved.length === 1) status = ORDER_STATUS.completed;
      }
      const [who] = await tx
        .select({ givenName: users.givenName, familyName: users.familyName, avatar: users.avatar })
        .from(users)
        .where(eq(users.id, userId));
      return { review: toReviewItem({ review, ...who }, lang), orderStatus: status };
    }),
  );
  // The product page shows the review and its shop's rate moved.
  invalidateCatalog(db);
  return answer;
}
