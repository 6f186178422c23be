import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import type { FollowAnswer, LikeAnswer, Paged, ProductCard } from '@common/schemas/catalog-answers';
import type { Db, DbOrTx } from '../../db/client';
import { productFavourites, products, shopFollows, shops } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { catalogCache, invalidateCatalog } from './answer-cache';
import { offsetPaged, startOffset, type PageRequest } from './cursors';
import { detailCacheKey } from './product-detail';
import { cardsByIds } from './products';

/**
 * Follow toggle. `fans` moves only when a follow row was really inserted or deleted, in the same
 * transaction, so it stays exact under any number of concurrent toggles. The shop row is locked
 * first: toggles on one shop run one after another, and one shopper's double tap ends as two
 * toggles (followed, then not), never as a lost update. Once committed, cached catalogue answers
 * (which show the shop's fans) are dropped.
 */
export async function toggleFollow(db: Db, userId: number, shopId: number): Promise<FollowAnswer> {
  const answer = await db.transaction(async (tx) => {
    const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).for('update');
    if (!shop) throw new NotFoundError('errors.shopNotFound');
    const removed = await tx
      .delete(shopFollows)
      .where(and(eq(shopFollows.userId, userId), eq(shopFollows.shopId, shopId)))
      .returning({ shopId: shopFollows.shopId });
    const added = removed.length
      ? []
      : await tx
          .insert(shopFollows)
          .values({ userId, shopId })
          .onConflictDoNothing()
          .returning({ shopId: shopFollows.shopId });
    const delta = added.length - removed.length;
    const [row] = await tx
      .update(shops)
      .set({ fans: sql`${shops.fans} + ${delta}` })
      .where(eq(shops.id, shopId))
      .returning({ fans: shops.fans });
    return { followed: removed.length === 0, fans: row.fans };
  });
  invalidateCatalog(db);
  return answer;
}

/**
 * Favourite toggle: delete the row if there is one, else insert it. A transaction lock on the
 * (shopper, product) pair makes a double tap two toggles rather than two inserts. Public answers hold
 * no favourite counts, but the product's cached page is dropped all the same, so one that shows
 * them later cannot be forgotten here.
 */
export async function toggleFavourite(db: Db, userId: number, productId: number): Promise<LikeAnswer> {
  const answer = await db.transaction(async (tx): Promise<LikeAnswer> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`fav:${userId}:${productId}`}, 0))`);
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
    if (!product) throw new NotFoundError('errors.productNotFound');
    const removed = await tx
      .delete(productFavourites)
      .where(and(eq(productFavourites.userId, userId), eq(productFavourites.productId, productId)))
      .returning({ productId: productFavourites.productId });
    if (removed.length) return { favourited: false };
    await tx.insert(productFavourites).values({ userId, productId }).onConflictDoNothing();
    return { favourited: true };
  });
  catalogCache(db)?.invalidate(detailCacheKey(productId));
  return answer;
}

/** The page of favourite ids favouriteProducts reads, built but not run. */
export const favouritesQuery = (db: DbOrTx, userId: number, req: PageRequest) =>
  db
    .select({ productId: productFavourites.productId })
    .from(productFavourites)
    .where(eq(productFavourites.userId, userId))
    .orderBy(desc(productFavourites.createdAt), desc(productFavourites.productId))
    .limit(req.limit)
    .offset(startOffset(req));

/** GET /api/user/like_list: the shopper's favourite products, latest first. */
export async function favouriteProducts(
  db: DbOrTx,
  lang: Lang,
  userId: number,
  req: PageRequest,
): Promise<Paged<ProductCard>> {
  const rows = await favouritesQuery(db, userId, req);
  const [{ total }] = await db
    .select({ total: count() })
    .from(productFavourites)
    .where(eq(productFavourites.userId, userId));
  const list = await cardsByIds(
    db,
    lang,
    rows.map((r) => r.productId),
  );
  return offsetPaged(list, total, req);
}
