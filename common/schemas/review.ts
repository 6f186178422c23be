import { z } from 'zod';
import { MAX_REVIEW_PICS, MAX_REVIEW_TEXT } from '../review';
import { id, limit, page, pagedOf, PENDING_UPLOAD } from './fields';

const score = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'review.scoreRange' })
    .int({ error: 'review.scoreRange' })
    .min(1, { error: 'review.scoreRange' })
    .max(5, { error: 'review.scoreRange' }),
);

/** A picture as the upload answered its `url` (never another site). */
const pic = z.string({ error: 'review.picInvalid' }).regex(PENDING_UPLOAD, { error: 'review.picInvalid' });

/**
 * POST /api/order/comment: the review of one item (`product_id`) of a received order. Pictures are
 * the shopper's own uploads (POST /api/upload), at most six, each once.
 */
export const commentBody = z.object({
  order_id: id('errors.notFound'),
  product_id: id('errors.notFound'),
  comment: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'review.contentRequired' })
      .min(1, { error: 'review.contentRequired' })
      .max(MAX_REVIEW_TEXT, { error: 'review.contentTooLong' }),
  ),
  pics: z
    .array(pic)
    .max(MAX_REVIEW_PICS, { error: 'review.tooManyPics' })
    .refine((list) => new Set(list).size === list.length, { error: 'review.picInvalid' })
    .default([]),
  product_score: score,
  service_score: score,
  postage_score: score,
});
export type CommentBody = z.infer<typeof commentBody>;

/** GET /api/product/comments: a product's reviews, newest first. */
export const commentsQuery = z.object({
  product_id: id('errors.productNotFound'),
  page,
  limit: limit(10),
});

/** One posted review as anyone sees it: the reviewer by display name only. */
export const reviewItem = z.object({
  id: z.number().int(),
  /** The reviewer's display name (given name and the family name's initial); '' when they set none. */
  reviewer: z.string(),
  avatar: z.string(),
  content: z.string(),
  pics: z.array(z.string()),
  specText: z.string(),
  productScore: z.number().int(),
  serviceScore: z.number().int(),
  postageScore: z.number().int(),
  createdAt: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItem>;

/** The averages (one decimal) and count of a product's reviews; averages 0 while it has none. */
export const reviewSummary = z.object({
  count: z.number().int(),
  productScore: z.number(),
  serviceScore: z.number(),
  postageScore: z.number(),
});
export type ReviewSummary = z.infer<typeof reviewSummary>;

export const commentsAnswer = pagedOf(reviewItem).extend({ summary: reviewSummary });
export type CommentsAnswer = z.infer<typeof commentsAnswer>;

/** POST /api/order/comment: the review, and whether the order is now completed. */
export const commentAnswer = z.object({
  review: reviewItem,
  orderStatus: z.number().int(),
});
export type CommentAnswer = z.infer<typeof commentAnswer>;
