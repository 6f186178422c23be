import { eq, getTableColumns } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import type { ReviewItem, ReviewSummary } from '@common/schemas/review';
import type { DbOrTx } from '../../db/client';
import { productReviewStats, reviews, users } from '../../db/schema';
import { newestPage } from '../../lib/paging';
import { specLabel } from './spec-labels';

/**
 * How posted reviews are shown to anyone: the reviewer by a display name only (given name and the
 * family name's initial, "Anna S."), never by account or Telegram id, which stay on the server.
 */
export function reviewerName(givenName: string, familyName: string): string {
  const given = givenName.trim();
  const family = familyName.trim();
  if (given && family) return `${given} ${Array.from(family)[0]}.`;
  return given || family;
}

const reviewColumns = {
  review: getTableColumns(reviews),
  givenName: users.givenName,
  familyName: users.familyName,
  avatar: users.avatar,
};

type ReviewRow = {
  review: typeof reviews.$inferSelect;
  givenName: string;
  familyName: string;
  avatar: string;
};

export function toReviewItem(row: ReviewRow, lang: Lang): ReviewItem {
  const r = row.review;
  return {
    id: r.id,
    reviewer: reviewerName(row.givenName, row.familyName),
    avatar: row.avatar,
    content: r.content,
    pics: r.pics,
    specText: specLabel(r.specOptions, lang),
    productScore: r.productScore,
    serviceScore: r.serviceScore,
    postageScore: r.postageScore,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A page of a product's reviews, newest first: a range of reviews_product_idx joined to names. */
export function reviewPageQuery(db: DbOrTx, productId: number, opts: { page: number; limit: number }) {
  const rows = db.select(reviewColumns).from(reviews).innerJoin(users, eq(users.id, reviews.userId));
  return newestPage(rows.$dynamic(), reviews.id, eq(reviews.productId, productId), opts);
}

const average = (sum: number, count: number) => (count ? Math.round((sum * 10) / count) / 10 : 0);

/** The averages and count of a product's reviews, read from the totals kept in step with them. */
export async function reviewSummary(db: DbOrTx, productId: number): Promise<ReviewSummary> {
  const [row] = await db.select().from(productReviewStats).where(eq(productReviewStats.productId, productId));
  const count = row?.count ?? 0;
  return {
    count,
    productScore: average(row?.productScoreSum ?? 0, count),
    serviceScore: average(row?.serviceScoreSum ?? 0, count),
    postageScore: average(row?.postageScoreSum ?? 0, count),
  };
}

/** GET /api/product/comments: one page and the summary (whose count is the total: no count(*) scan). */
export async function listReviews(
  db: DbOrTx,
  lang: Lang,
  productId: number,
  opts: { page: number; limit: number },
) {
  const [rows, summary] = await Promise.all([
    reviewPageQuery(db, productId, opts),
    reviewSummary(db, productId),
  ]);
  return {
    list: rows.map((row) => toReviewItem(row, lang)),
    total: summary.count,
    page: opts.page,
    limit: opts.limit,
    summary,
  };
}
