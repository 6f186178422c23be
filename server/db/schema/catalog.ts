import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { blank, createdAt, flag, link, moment, serialId, zero } from './columns';
import type { Lang } from '@common/languages';
import { shopperRow, users } from './users';

/** Texts per interface language; a missing language falls back to the row's default text. */
export type LangText = Partial<Record<Lang, string>>;
export type ProductTranslations = Partial<Record<Lang, { title: string; description?: string }>>;
/** A shop's texts in the other languages; its name is a brand name and is never translated. */
export type ShopTranslations = Partial<Record<Lang, { description: string }>>;

/** A product's titles in SQL: the default one, then each translation's ('' where it has none). */
const TITLES = [
  'title',
  ...['zh-CN', 'ja-JP', 'ko-KR', 'th-TH', 'de-DE', 'ru-RU', 'tr-TR', 'en-US'].map(
    (lang) => `coalesce(translations->'${lang}'->>'title', '')`,
  ),
];

/** The shop's ten categories; ids are fixed (1..10), `key` is the stable English key. */
export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  key: text('key').notNull().unique(),
  names: jsonb('names').$type<LangText>().notNull(),
  sort: zero('sort'),
  /** Pictogram key drawn by the image endpoint (/img/category/<id>). */
  icon: text('icon').notNull(),
});

/** Home carousel. `link` is an in-app route. */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  titles: jsonb('titles').$type<LangText>().notNull(),
  image: text('image').notNull(),
  link: blank('link'),
  sort: zero('sort'),
  isDemo: flag('is_demo', false),
});

export const shops = pgTable(
  'shops',
  {
    id: serialId(),
    name: text('name').notNull(),
    /** Default (English) description; `translations` holds the other languages. */
    description: blank('description'),
    translations: jsonb('translations').$type<ShopTranslations>().notNull().default({}),
    avatar: blank('avatar'),
    banner: blank('banner'),
    /** Followers; changed only together with a shop_follows row (see the follow toggle). */
    fans: zero('fans'),
    /** Tenths of a percent: 986 = 98.6 %. */
    favorableRate: smallint('favorable_rate').notNull().default(1000),
    totalSales: zero('total_sales'),
    /** Products of the shop; kept by whatever adds or removes products (the demo generator today). */
    productCount: zero('product_count'),
    level: smallint('level').notNull().default(1),
    hot: flag('hot', false),
    isDemo: flag('is_demo', false),
    createdAt: createdAt(),
  },
  (t) => [
    index('shops_hot_idx')
      .on(t.totalSales.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.hot}`),
    index('shops_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    check('shops_fans_nonneg', sql`${t.fans} >= 0`),
    check('shops_rate_range', sql`${t.favorableRate} between 0 and 1000`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serialId(),
    shopId: link('shop_id', () => shops.id, 'cascade'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /** Default (English) texts; `translations` holds the other languages. */
    title: text('title').notNull(),
    description: blank('description'),
    translations: jsonb('translations').$type<ProductTranslations>().notNull().default({}),
    /**
     * Every title of the product (the default one and each translation's), kept by PostgreSQL
     * itself for product search (trigram index below), whatever the shopper's language: first as
     * lower-case words, spacing and punctuation made single spaces, then each title folded whole,
     * with no spacing or punctuation at all, so "tshirt", "t shirt" and "t-shirt" all find
     * "T-Shirt" (catalog_fold, migration 0006; server/modules/catalog/search-fold.ts).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql.raw(
        `catalog_fold(${TITLES.join(" || ' ' || ")}, ' ') || ' ' || ` +
          TITLES.map((title) => `catalog_fold(${title}, '')`).join(" || ' ' || "),
      ),
    ),
    /**
     * The lower-cased titles in the scripts written without spaces (Chinese, Japanese, Thai) and in
     * Korean: a one- or two-character search there ("手机", "의자") has no trigram, so these titles
     * also get an index of their single characters and character pairs (catalog_grams, migration
     * 0002).
     */
    cjkText: text('cjk_text').generatedAlwaysAs(
      sql`lower(coalesce(translations->'zh-CN'->>'title', '') || ' ' || coalesce(translations->'ja-JP'->>'title', '') || ' ' || coalesce(translations->'ko-KR'->>'title', '') || ' ' || coalesce(translations->'th-TH'->>'title', ''))`,
    ),
    /** Integer cents. */
    price: integer('price').notNull(),
    marketPrice: integer('market_price').notNull(),
    stock: zero('stock'),
    sales: zero('sales'),
    seen: zero('seen'),
    hot: flag('hot', false),
    recommended: flag('recommended', false),
    /** Off: the shop took it off sale; it stays in carts and orders but cannot be bought. */
    onSale: flag('on_sale', true),
    /** Ordered image paths (/img/product/<id>/<n> or /uploads/...). */
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isDemo: flag('is_demo', false),
    createdAt: createdAt(),
  },
  (t) => [
    // One index per list ordering, each ending in id so keyset pages and ties are stable.
    index('products_sales_idx').on(t.sales.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_category_sales_idx').on(
      t.categoryId,
      t.sales.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('products_shop_sales_idx').on(t.shopId, t.sales.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_price_idx').on(t.price, t.id),
    index('products_category_price_idx').on(t.categoryId, t.price, t.id),
    index('products_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_category_created_idx').on(
      t.categoryId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('products_hot_idx')
      .on(t.sales.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.hot}`),
    index('products_recommended_idx')
      .on(t.sales.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.recommended}`),
    index('products_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_cjk_grams').using('gin', sql`catalog_grams(${t.cjkText})`),
    check('products_price_nonneg', sql`${t.price} >= 0 and ${t.marketPrice} >= 0`),
    check('products_stock_nonneg', sql`${t.stock} >= 0`),
  ],
);

/** A buyable combination of options, e.g. { colour: "red", size: "M" }, with its own price and stock. */
export const productSpecs = pgTable(
  'product_specs',
  {
    id: serialId(),
    productId: link('product_id', () => products.id, 'cascade'),
    options: jsonb('options').$type<Record<string, string>>().notNull(),
    /** Integer cents. */
    price: integer('price').notNull(),
    stock: zero('stock'),
    sort: zero('sort'),
  },
  (t) => [
    index('product_specs_product_idx').on(t.productId, t.sort),
    check('product_specs_stock_nonneg', sql`${t.stock} >= 0`),
    check('product_specs_price_nonneg', sql`${t.price} >= 0`),
  ],
);

export const shopFollows = pgTable(
  'shop_follows',
  {
    userId: link('user_id', () => users.id, 'cascade'),
    shopId: link('shop_id', () => shops.id, 'cascade'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.shopId] }),
    index('shop_follows_user_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.shopId.desc().nullsFirst(),
    ),
  ],
);

export const productFavourites = pgTable(
  'product_favourites',
  {
    userId: link('user_id', () => users.id, 'cascade'),
    productId: link('product_id', () => products.id, 'cascade'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('product_favourites_user_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.productId.desc().nullsFirst(),
    ),
  ],
);

/**
 * One row per product, viewer and day: a view counts at most once a day per viewer. `viewer` is
 * "u:<user id>" for a shopper, "a:<client address>" for a visitor. Rows older than a few days carry
 * no meaning and may be deleted.
 */
export const productViews = pgTable(
  'product_views',
  {
    productId: link('product_id', () => products.id, 'cascade'),
    viewer: text('viewer').notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.viewer, t.day] }), index('product_views_day_idx').on(t.day)],
);

/** A shopper's recent search texts; only the last 10 are kept. */
export const searchKeywords = pgTable(
  'search_keywords',
  {
    ...shopperRow('cascade'),
    keyword: text('keyword').notNull(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('search_keywords_user_keyword_uq').on(t.userId, t.keyword),
    index('search_keywords_user_idx').on(t.userId, t.updatedAt.desc().nullsFirst()),
  ],
);
