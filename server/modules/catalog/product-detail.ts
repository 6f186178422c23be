import { and, asc, eq, sql } from 'drizzle-orm';
import type { Lang } from '../../../common/languages';
import { toAmount } from '../../../common/money';
import type { ProductDetailAnswer, ProductSpec } from '../../../common/schemas/catalog';
import type { Db, DbOrTx } from '../../db/client';
import { categories, productFavourites, products, productSpecs, productViews } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { pick } from './categories';
import { productImage } from './picture-addresses';
import { listProducts } from './products';
import { findShop, isFollowing, toShopCard } from './shops';
import { specGroups, specLabel } from './spec-labels';

/** Who looks at a product: a shopper by id, a visitor by client address. */
export interface Viewer {
  userId?: number;
  address: string;
}

const viewerKey = (v: Viewer) => (v.userId !== undefined ? `u:${v.userId}` : `a:${v.address}`);

/**
 * Counts a view at most once per viewer and day (UTC): the (product, viewer, day) key decides, so
 * concurrent requests of one viewer count once. Answers the product's seen count.
 */
export async function countView(db: Db, productId: number, viewer: Viewer): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(productViews)
      .values({ productId, viewer: viewerKey(viewer), day: sql`(now() at time zone 'utc')::date` })
      .onConflictDoNothing()
      .returning({ productId: productViews.productId });
    if (inserted.length === 0) return undefined;
    const [row] = await tx
      .update(products)
      .set({ seen: sql`${products.seen} + 1` })
      .where(eq(products.id, productId))
      .returning({ seen: products.seen });
    // Yesterday's rows no longer decide anything; an occasional sweep keeps the table small.
    if (Math.random() < 0.001) {
      await tx.delete(productViews).where(sql`${productViews.day} < current_date - 2`);
    }
    return row?.seen;
  });
}

export async function isFavourite(
  db: DbOrTx,
  userId: number | undefined,
  productId: number,
): Promise<boolean> {
  if (userId === undefined) return false;
  const [row] = await db
    .select({ productId: productFavourites.productId })
    .from(productFavourites)
    .where(and(eq(productFavourites.userId, userId), eq(productFavourites.productId, productId)));
  return Boolean(row);
}

/** GET /api/product/detail: the product in the shopper's language, its specs, shop and neighbours. */
export async function productDetail(
  db: Db,
  lang: Lang,
  productId: number,
  viewer: Viewer,
): Promise<ProductDetailAnswer> {
  const [row] = await db
    .select({ product: products, categoryNames: categories.names })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, productId));
  if (!row) throw new NotFoundError('errors.productNotFound');
  const p = row.product;
  const seen = (await countView(db, productId, viewer)) ?? p.seen;
  const [specRows, shop, favourited, followed, more] = await Promise.all([
    db
      .select()
      .from(productSpecs)
      .where(eq(productSpecs.productId, productId))
      .orderBy(asc(productSpecs.sort), asc(productSpecs.id)),
    findShop(db, p.shopId),
    isFavourite(db, viewer.userId, productId),
    isFollowing(db, viewer.userId, p.shopId),
    listProducts(db, lang, { shopId: p.shopId, excludeId: productId }, 'sales', { page: 1, limit: 6 }),
  ]);
  const specs: ProductSpec[] = specRows.map((s) => ({
    id: s.id,
    options: s.options,
    label: specLabel(s.options, lang),
    price: toAmount(s.price),
    stock: s.stock,
  }));
  const text = p.translations[lang];
  return {
    product: {
      id: p.id,
      shopId: p.shopId,
      categoryId: p.categoryId,
      categoryName: pick(row.categoryNames, lang),
      title: text?.title || p.title,
      description: text?.description || p.description,
      images: p.images.map(productImage),
      price: toAmount(p.price),
      marketPrice: toAmount(p.marketPrice),
      stock: p.stock,
      sales: p.sales,
      seen,
      hot: p.hot,
      recommended: p.recommended,
      createdAt: p.createdAt.toISOString(),
      specGroups: specGroups(specs, lang),
      specs,
    },
    shop: toShopCard(shop),
    favourited,
    followed,
    more: more.list,
  };
}
