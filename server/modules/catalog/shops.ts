import { and, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import type {
  CategoryItem,
  MerchantDetailAnswer,
  Paged,
  ShopCard,
  ShopInfo,
} from '@common/schemas/catalog-answers';
import type { DbOrTx } from '../../db/client';
import { categories, products, shopFollows, shops } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { localised } from '../../lib/localised';
import { categoryColumns, categoryItem } from './categories';
import { cursorTotal, offsetPaged, startOffset, type PageRequest } from './cursors';
import { listProducts } from './products';
import { escapeLike } from '../../lib/like';

type ShopRow = typeof shops.$inferSelect;

export function toShopCard(s: ShopRow): ShopCard {
  return {
    id: s.id,
    name: s.name,
    avatar: s.avatar,
    banner: s.banner,
    fans: s.fans,
    favorableRate: s.favorableRate / 10,
    totalSales: s.totalSales,
    level: s.level,
    hot: s.hot,
    productCount: s.productCount,
  };
}

export const toShopInfo = (s: ShopRow): ShopInfo => ({
  ...toShopCard(s),
  description: s.description,
  createdAt: s.createdAt.toISOString(),
});

/** The shop with its description in `lang`, else the default text; the name is a brand name. */
export async function findShop(db: DbOrTx, shopId: number, lang: Lang): Promise<ShopRow> {
  const description = localised(
    { translations: shops.translations, field: 'description', fallback: shops.description },
    lang,
  );
  const [shop] = await db
    .select({ ...getTableColumns(shops), description })
    .from(shops)
    .where(eq(shops.id, shopId));
  if (!shop) throw new NotFoundError('errors.shopNotFound');
  return shop;
}

export async function isFollowing(db: DbOrTx, userId: number | undefined, shopId: number): Promise<boolean> {
  if (userId === undefined) return false;
  const [row] = await db
    .select({ shopId: shopFollows.shopId })
    .from(shopFollows)
    .where(and(eq(shopFollows.userId, userId), eq(shopFollows.shopId, shopId)));
  return Boolean(row);
}

/** A page of shops, best-selling first, built but not run (the index tests explain it). */
export const shopPageQuery = (db: DbOrTx, where: SQL | undefined, req: PageRequest) =>
  db
    .select()
    .from(shops)
    .where(where)
    .orderBy(desc(shops.totalSales), desc(shops.id))
    .limit(req.limit)
    .offset(startOffset(req));

export const HOT_SHOPS = sql`${shops.hot}`;

async function shopPage(db: DbOrTx, where: SQL | undefined, req: PageRequest): Promise<Paged<ShopCard>> {
  const rows = await shopPageQuery(db, where, req);
  let total = cursorTotal(req);
  if (total === undefined) [{ total }] = await db.select({ total: count() }).from(shops).where(where);
  return offsetPaged(rows.map(toShopCard), total, req);
}

/** GET /api/index/hot_merchant: hot shops, best-selling first. */
export const hotShops = (db: DbOrTx, req: PageRequest) => shopPage(db, HOT_SHOPS, req);

/** GET /api/product/searchs: shops whose name contains the text (any case); all shops without one. */
export function searchShops(db: DbOrTx, text: string | undefined, req: PageRequest) {
  if (!text) return shopPage(db, undefined, req);
  const where =
    [...text].length >= 3
      ? sql`lower(${shops.name}) like '%' || lower(${escapeLike(text)}) || '%'`
      : sql`strpos(lower(${shops.name}), lower(${text})) > 0`;
  return shopPage(db, where, req);
}

/** GET /api/merchant/detail */
export async function merchantDetail(
  db: DbOrTx,
  lang: Lang,
  userId: number | undefined,
  shopId: number,
  categoryId: number | undefined,
  req: PageRequest,
): Promise<MerchantDetailAnswer> {
  const shop = await findShop(db, shopId, lang);
  const [followed, cats, list] = await Promise.all([
    isFollowing(db, userId, shopId),
    db
      .select({ ...categoryColumns(lang), count: count() })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.shopId, shopId))
      .groupBy(categories.id)
      .orderBy(categories.sort, categories.id),
    listProducts(db, lang, { shopId, categoryId }, 'sales', req),
  ]);
  return {
    shop: toShopInfo(shop),
    followed,
    categories: cats.map((c): CategoryItem & { count: number } => ({
      ...categoryItem(c),
      count: c.count,
    })),
    products: list,
  };
}

/** The page query of followedShops, built but not run. */
export const followedShopsQuery = (db: DbOrTx, userId: number, req: PageRequest) =>
  db
    .select({ shop: shops })
    .from(shopFollows)
    .innerJoin(shops, eq(shops.id, shopFollows.shopId))
    .where(eq(shopFollows.userId, userId))
    .orderBy(desc(shopFollows.createdAt), desc(shopFollows.shopId))
    .limit(req.limit)
    .offset(startOffset(req));

/** GET /api/user/follow_list: the shopper's followed shops, latest first. */
export async function followedShops(db: DbOrTx, userId: number, req: PageRequest): Promise<Paged<ShopCard>> {
  const rows = await followedShopsQuery(db, userId, req);
  const [{ total }] = await db
    .select({ total: count() })
    .from(shopFollows)
    .where(eq(shopFollows.userId, userId));
  return offsetPaged(
    rows.map((r) => toShopCard(r.shop)),
    total,
    req,
  );
}
