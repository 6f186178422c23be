import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import { textCondition } from '../../server/modules/catalog/products';
import type { TestApp } from '../support/app';
import { catalogApp } from './catalog-fixture';

let t: TestApp;
beforeAll(async () => {
  t = await catalogApp(60);
  await t.database.db.execute(sql`analyze products`);
});
afterAll(() => t.close());

/**
 * The plan of a query with sequential scans made unattractive, as a table this small needs; with
 * `ordered`, sorting too, to show that an index delivers the rows in the asked order.
 */
async function plan(query: SQL, ordered = false): Promise<string> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    if (ordered) await tx.execute(sql`set local enable_sort = off`);
    const result = await tx.execute(sql`explain (costs off) ${query}`);
    // postgres-js answers an array of rows, PGlite an object with `rows`.
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
      string,
      string
    >[];
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe('indexes serve the catalogue queries', () => {
  it('a search of 3 or more characters uses the trigram index, in any script', async () => {
    for (const text of ['mouse', '无线鼠标', 'เมาส์', 'мышь']) {
      const query = sql`select ${products.id} from ${products} where ${textCondition(text)}`;
      expect(await plan(query), text).toContain('products_search_trgm');
    }
  });

  it('a 1-2 character search in Chinese, Japanese, Korean or Thai uses the character-pair index', async () => {
    for (const text of ['鼠标', '鼠', 'マウ', '마우', 'เม']) {
      const query = sql`select ${products.id} from ${products} where ${textCondition(text)}`;
      expect(await plan(query), text).toContain('products_cjk_grams');
    }
  });

  it('a 1-2 character search in other scripts looks up word starts in the trigram index', async () => {
    for (const text of ['tv', 'm', 'мы']) {
      const query = sql`select ${products.id} from ${products} where ${textCondition(text)}`;
      expect(await plan(query), text).toContain('products_search_trgm');
    }
  });

  it('a category feed page, first or continued by key, is an index range scan', async () => {
    const first = sql`select ${products.id} from ${products} where ${products.categoryId} = 3
      order by ${products.sales} desc, ${products.id} desc limit 10`;
    expect(await plan(first, true)).toContain('products_category_sales_idx');
    const next = sql`select ${products.id} from ${products} where ${products.categoryId} = 3
      and (${products.sales}, ${products.id}) < (100, 50) order by ${products.sales} desc, ${products.id} desc limit 10`;
    const text = await plan(next, true);
    expect(text).toContain('products_category_sales_idx');
    expect(text).not.toMatch(/Sort/);
  });

  it('price orderings read the price index in either direction', async () => {
    const asc = sql`select ${products.id} from ${products} order by ${products.price}, ${products.id} limit 10`;
    expect(await plan(asc, true)).toContain('products_price_idx');
    const desc = sql`select ${products.id} from ${products} order by ${products.price} desc, ${products.id} desc limit 10`;
    expect(await plan(desc, true)).toMatch(/Index (Only )?Scan Backward using products_price_idx/);
  });
});
