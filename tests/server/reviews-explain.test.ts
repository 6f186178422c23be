import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../server/db/schema';
import { itemsOfOrdersQuery } from '../../server/modules/orders/cards';
import { reviewPageQuery } from '../../server/modules/catalog/reviews';
import { makeProduct, makeShop, placeOrder } from './support/orders-fixture';
import { expectIndexOrder, explainPlan } from '../support/explain';
import { useTestApp } from '../support/use-app';

/**
 * The reviews' queries, built by the services' own builders and explained: a product's reviews page
 * is a range of reviews_product_idx in the asked order, and the orders' "reviewed" flag a lookup of
 * reviews_order_item_uq, however many reviews there are.
 */
const t = useTestApp();
let productId: number;
beforeAll(async () => {
  const { db } = t.database;
  const shopId = await makeShop(db, 'Explain Reviews');
  const products = [];
  for (let i = 0; i < 3; i++) products.push((await makeProduct(db, shopId, { stock: 1000 })).id);
  productId = products[1];
  const shopper = (await t.register('explain_reviewer')).id;
  for (let n = 0; n < 12; n++) {
    const order = await placeOrder(db, shopper, shopId, [{ productId: products[n % 3], num: 1 }]);
    await db.execute(
      sql`insert into ${reviews} (order_item_id, order_id, product_id, shop_id, user_id, content, product_score, service_score, postage_score)
          select id, order_id, product_id, ${shopId}, ${shopper}, 'ok', 5, 5, 5 from order_items where order_id = ${order.id}`,
    );
  }
  await db.execute(sql`analyze`);
});

const plan = (query: { getSQL(): SQL }, ordered = false) => explainPlan(t.database.db, query, { ordered });

describe('indexes serve the reviews', () => {
  it("a product's reviews page reads reviews_product_idx newest first, without a sort", async () => {
    for (const page of [1, 3]) {
      const text = await plan(reviewPageQuery(t.database.db, productId, { page, limit: 2 }), true);
      expectIndexOrder(text, 'reviews_product_idx', 'reviews');
    }
  });

  it("an order page's items find their reviews through reviews_order_item_uq", async () => {
    const text = await plan(itemsOfOrdersQuery(t.database.db, [1, 2, 3]));
    expect(text).toContain('order_items_order_idx');
    expect(text).toContain('reviews_order_item_uq');
  });
});
