import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../common/languages';
import type { ProductSort } from '../../common/products-query';
import { recentKeywordsQuery } from '../../server/modules/catalog/keywords';
import { encodeCursor, type PageRequest } from '../../server/modules/catalog/cursors';
import {
  cardsByIdsQuery,
  productPageQueries,
  type ProductFilter,
} from '../../server/modules/catalog/products';
import { followedShopsQuery, HOT_SHOPS, shopPageQuery } from '../../server/modules/catalog/shops';
import { favouritesQuery } from '../../server/modules/catalog/toggles';
import { useCatalogApp } from './catalog-fixture';
import { explainPlan } from '../support/explain';

/**
 * Every query is built by the service's own query builder (the one the service awaits), then
 * explained: what is checked is the SQL the catalogue really sends, parameters included.
 */
const t = useCatalogApp(60);
beforeAll(async () => {
  await t.database.db.execute(sql`analyze`);
});

const LANG: Lang = 'en-US';
const first: PageRequest = { page: 1, limit: 10 };

const plan = (query: { getSQL(): SQL }, ordered = false) =>
  explainPlan(t.database.db, query, { ordered, bitmapScans: true });

/** The plans of a product list page and of its count, as listProducts runs them. */
async function listPlans(filter: ProductFilter, order: ProductSort, req = first) {
  const queries = productPageQueries(t.database.db, LANG, filter, order, req);
  return { page: await plan(queries.page, true), total: await plan(queries.total) };
}

describe('indexes serve the product lists the catalogue runs', () => {
  it('the feed without a category reads the sales index; with one, the category-sales index', async () => {
    const all = await listPlans({}, 'sales');
    expect(all.page).toContain('products_sales_idx');
    const category = await listPlans({ categoryId: 3 }, 'sales');
    expect(category.page).toContain('products_category_sales_idx');
    expect(category.total).toMatch(/products_category_\w+_idx/);
  });

  it('a search of 3 or more characters uses the trigram index, in any script', async () => {
    for (const text of ['mouse', '无线鼠标', 'เมาส์', 'мышь']) {
      const { page, total } = await listPlans({ text }, 'relevance');
      expect(page, text).toContain('products_search_trgm');
      expect(total, text).toContain('products_search_trgm');
    }
  });

  it('a search with spacing or punctuation, folded, still uses the trigram index', async () => {
    for (const text of ['t-shirt', 't shirt', 'T.Shirt', "kids' tee", 'T・シャツ', 'mo.']) {
      const { page, total } = await listPlans({ text }, 'relevance');
      expect(page, text).toContain('products_search_trgm');
      expect(total, text).toContain('products_search_trgm');
    }
    expect((await listPlans({ text: '鼠・' }, 'relevance')).page).toContain('products_cjk_grams');
  });

  it('a 1-2 character search in Chinese, Japanese, Korean or Thai uses the character-pair index', async () => {
    for (const text of ['鼠标', '鼠', 'マウ', '마우', 'เม']) {
      const { page } = await listPlans({ text }, 'relevance');
      expect(page, text).toContain('products_cjk_grams');
    }
  });

  it('a 1-2 character search in other scripts looks up word starts in the trigram index', async () => {
    for (const text of ['tv', 'm', 'мы']) {
      const { page } = await listPlans({ text }, 'relevance');
      expect(page, text).toContain('products_search_trgm');
    }
  });

  it('each sort reads its own index, in the asked direction', async () => {
    const expected: Record<ProductSort, RegExp> = {
      sales: /products_sales_idx/,
      relevance: /products_sales_idx/,
      newest: /products_created_idx/,
      price_asc: /Index (Only )?Scan using products_price_idx/,
      price_desc: /Index (Only )?Scan Backward using products_price_idx/,
    };
    for (const [order, index] of Object.entries(expected) as [ProductSort, RegExp][]) {
      expect((await listPlans({}, order)).page, order).toMatch(index);
    }
  });

  it('a price filter is a range of the price index', async () => {
    const { page, total } = await listPlans({ minPrice: 1000, maxPrice: 5000 }, 'price_asc');
    expect(page).toContain('products_price_idx');
    expect(page).toMatch(/Index Cond: .*price.*>=/);
    expect(total).toContain('products_price_idx');
  });

  it('a deep page continued by cursor is an index range from the key, in every keyset order', async () => {
    const cursors: [ProductSort, string | number, RegExp][] = [
      ['sales', 3, /products_sales_idx/],
      ['price_asc', 5000, /products_price_idx/],
      ['price_desc', 5000, /products_price_idx/],
      ['newest', '2026-01-01 00:00:00+00', /products_created_idx/],
    ];
    for (const [order, v, index] of cursors) {
      const req = { page: 1000, limit: 10, cursor: encodeCursor({ k: order, v, id: 30, t: 60 }) };
      const queries = productPageQueries(t.database.db, LANG, {}, order, req);
      expect(queries.after, order).toBeDefined();
      expect(queries.page.toSQL().sql, order).not.toMatch(/offset \$\d+/i);
      const text = await plan(queries.page, true);
      expect(text, order).toMatch(index);
      expect(text, order).toMatch(/Index Cond: \(ROW\(/);
    }
  });

  it("a shop's products read the shop-sales index", async () => {
    expect((await listPlans({ shopId: 1 }, 'sales')).page).toContain('products_shop_sales_idx');
  });

  it('hot products read the partial hot index', async () => {
    expect((await listPlans({ hot: true }, 'sales')).page).toContain('products_hot_idx');
  });
});

describe('indexes serve the shop and shopper lists', () => {
  it('hot shops read the partial hot-shops index', async () => {
    expect(await plan(shopPageQuery(t.database.db, HOT_SHOPS, first), true)).toContain('shops_hot_idx');
  });

  it("a shopper's favourites read their index, then the cards by primary key", async () => {
    expect(await plan(favouritesQuery(t.database.db, 1, first), true)).toContain(
      'product_favourites_user_idx',
    );
    expect(await plan(cardsByIdsQuery(t.database.db, LANG, [3, 1, 2]))).toContain('products_pkey');
  });

  it("a shopper's followed shops read the follows index", async () => {
    expect(await plan(followedShopsQuery(t.database.db, 1, first), true)).toContain('shop_follows_user_idx');
  });

  it("a shopper's recent keywords read the keywords index", async () => {
    expect(await plan(recentKeywordsQuery(t.database.db, 1), true)).toContain('search_keywords_user_idx');
  });
});
