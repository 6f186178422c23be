import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import { toAmount } from '@common/money';
import type { ProductDetailAnswer, ProductSpec } from '@common/schemas/catalog-answers';
import type { DbOrTx } from '../../db/client';
import { categories, productFavourites, products, productSpecs, shopFollows, shops } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { reviewPageQuery, reviewSummary, toReviewItem } from './reviews';
import { localised } from '../../lib/localised';
import type { AnswerCache } from './answer-cache';
import { cachedIn, type CachedAnswer } from './cached-answer';
import { productImage } from './picture-addresses';
import { cardColumns, localTitle, toCard } from './products';
import { toShopCard } from './shops';
import { specGroups, specLabel } from './spec-labels';

/** How many more products of the same shop a detail page shows. */
const MORE_FROM_SHOP = 6;
/** How many of the newest reviews a detail page shows (the rest on the reviews screen). */
const NEWEST_REVIEWS = 3;

/** Whether the shopper has favourited the product and follows its shop, in one query. */
export async function viewerFlags(
  db: DbOrTx,
  userId: number,
  productId: number,
  shopId: number,
): Promise<{ favourited: boolean; followed: boolean }> {
  const [row] = await db
    .select({
      favourited: sql<boolean>`exists (select 1 from ${productFavourites} where ${productFavourites.userId} = ${userId} and ${productFavourites.productId} = ${productId})`,
      followed: sql<boolean>`exists (select 1 from ${shopFollows} where ${shopFollows.userId} = ${userId} and ${shopFollows.shopId} = ${shopId})`,
    })
    .from(sql`(select 1) as one`);
  return { favourited: Boolean(row?.favourited), followed: Boolean(row?.followed) };
}

/**
 * GET /api/product/detail as a visitor sees it (favourited and followed false; the route adds a
 * shopper's own flags): the product in the shopper's language, its specs, shop and neighbours.
 * Independent queries, sent together (one round trip on PostgreSQL's pool).
 */
export async function productDetail(db: DbOrTx, lang: Lang, productId: number): Promise<ProductDetailAnswer> {
  const shopOfProduct = sql`(select ${products.shopId} from ${products} where ${products.id} = ${productId})`;
  const [[row], specRows, moreRows, reviewRows, summary] = await Promise.all([
    db
      .select({
        product: products,
        title: localTitle(lang),
        description: localised(
          { translations: products.translations, field: 'description', fallback: products.description },
          lang,
        ),
        categoryName: localised({ texts: categories.names }, lang),
        shop: shops,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(eq(products.id, productId)),
    db
      .select()
      .from(productSpecs)
      .where(eq(productSpecs.productId, productId))
      .orderBy(asc(productSpecs.sort), asc(productSpecs.id)),
    db
      .select(cardColumns(lang))
      .from(products)
      .where(and(eq(products.shopId, shopOfProduct), ne(products.id, productId)))
      .orderBy(desc(products.sales), desc(products.id))
      .limit(MORE_FROM_SHOP),
    reviewPageQuery(db, productId, { page: 1, limit: NEWEST_REVIEWS }),
    reviewSummary(db, productId),
  ]);
  if (!row) throw new NotFoundError('errors.productNotFound');
  const p = row.product;
  const specs: ProductSpec[] = specRows.map((s) => ({
    id: s.id,
    options: s.options,
    label: specLabel(s.options, lang),
    price: toAmount(s.price),
    stock: s.stock,
  }));
  return {
    product: {
      id: p.id,
      shopId: p.shopId,
      categoryId: p.categoryId,
      categoryName: row.categoryName,
      title: row.title,
      description: row.description,
      images: p.images.map(productImage),
      price: toAmount(p.price),
      marketPrice: toAmount(p.marketPrice),
      stock: p.stock,
      sales: p.sales,
      seen: p.seen,
      hot: p.hot,
      recommended: p.recommended,
      createdAt: p.createdAt.toISOString(),
      specGroups: specGroups(specs, lang),
      specs,
    },
    shop: toShopCard(row.shop),
    favourited: false,
    followed: false,
    more: moreRows.map(toCard),
    reviews: { summary, newest: reviewRows.map((r) => toReviewItem(r, lang)) },
  };
}

/** The visitor's product page from the catalogue cache (the key the views buffer invalidates). */
export const cachedDetail = (
  cache: AnswerCache,
  db: DbOrTx,
  lang: Lang,
  productId: number,
): Promise<CachedAnswer<ProductDetailAnswer>> =>
  cachedIn(cache, lang, detailCacheKey(productId), () => productDetail(db, lang, productId));

/** A product page's key in the catalogue cache, without the language. */
export const detailCacheKey = (productId: number) => `detail:${productId}|`;
