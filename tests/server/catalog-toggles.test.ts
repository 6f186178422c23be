import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  FollowAnswer,
  LikeAnswer,
  MerchantDetailAnswer,
  Paged,
  ProductCard,
  ProductDetailAnswer,
  ShopCard,
} from '../../common/schemas/catalog-answers';
import { productFavourites, shopFollows } from '../../server/db/schema';
import { useCatalogApp, plainShop, shopRow, shoppers } from './catalog-fixture';
import { translate } from '../../server/lib/i18n';

const t = useCatalogApp(60);

const follow = (merId: number | string, token?: string) =>
  t.endpoint<FollowAnswer>('catalog.follow', { body: { mer_id: merId }, token });
const like = (productId: number | string, token?: string) =>
  t.endpoint<LikeAnswer>('catalog.like', { body: { product_id: productId }, token });

async function followRows(shopId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(shopFollows)
    .where(eq(shopFollows.shopId, shopId));
  return row.n;
}

describe('favourites', () => {
  it('like toggles: on, then off, and the detail shows it', async () => {
    const { token } = await t.register('liker');
    const on = await like(5, token);
    expect(on).toMatchObject({ code: 1, msg: 'Added to favourites', data: { favourited: true } });
    expect(
      (await t.endpoint<ProductDetailAnswer>('catalog.productDetail', { query: { product_id: '5' }, token }))
        .data.favourited,
    ).toBe(true);
    const off = await like(5, token);
    expect(off).toMatchObject({ code: 1, msg: 'Removed from favourites', data: { favourited: false } });
  });

  it('like_list shows the own favourites, latest first, and nobody else sees them', async () => {
    const [a, b] = await shoppers(t, 'fav_owner', 2);
    for (const id of [3, 9, 4]) await like(id, a.token);
    const mine = await t.endpoint<Paged<ProductCard>>('catalog.likeList', { token: a.token });
    expect(mine.data.total).toBe(3);
    expect(mine.data.list.map((p) => p.id)).toEqual([4, 9, 3]);
    const theirs = await t.endpoint<Paged<ProductCard>>('catalog.likeList', { token: b.token });
    expect(theirs.data).toMatchObject({ list: [], total: 0 });
    const detail = await t.endpoint<ProductDetailAnswer>('catalog.productDetail', {
      query: { product_id: '9' },
      token: b.token,
    });
    expect(detail.data.favourited).toBe(false);
  });

  it('one shopper toggling twice at once ends consistent: two toggles, no row left', async () => {
    const { token, id } = await t.register('double_tap_like');
    const answers = await Promise.all([like(11, token), like(11, token)]);
    expect(answers.map((a) => a.data.favourited).sort()).toEqual([false, true]);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(productFavourites)
      .where(eq(productFavourites.userId, id));
    expect(row.n).toBe(0);
  });

  it('needs a login (code 401); an unknown or malformed product is refused', async () => {
    const anon = await like(5);
    expect(anon.code).toBe(401);
    expect(anon.msg).toBe(translate('en-US', 'errors.loginFirst'));
    const { token } = await t.register('liker_bad');
    for (const id of [999999, 'abc', -3]) {
      const res = await like(id, token);
      expect(res.code).toBe(0);
      expect(res.msg).toBe('This product does not exist or is no longer on sale');
    }
    const listAnon = await t.endpoint('catalog.likeList');
    expect(listAnon.code).toBe(401);
  });
});

describe('following shops', () => {
  it('follow toggles and moves fans by exactly one each way', async () => {
    const shopId = await plainShop(t, 'Toggle Shop');
    const { token } = await t.register('follower');
    const on = await follow(shopId, token);
    expect(on).toMatchObject({ code: 1, msg: 'You follow this shop', data: { followed: true, fans: 1 } });
    const off = await follow(shopId, token);
    expect(off).toMatchObject({ code: 1, data: { followed: false, fans: 0 } });
  });

  it('20 shoppers following at once: fans equals the number of follow rows', async () => {
    const shopId = await plainShop(t, 'Crowded Shop');
    const users = await shoppers(t, 'crowd', 20);
    const answers = await Promise.all(users.map((u) => follow(shopId, u.token)));
    expect(answers.every((a) => a.code === 1 && a.data.followed)).toBe(true);
    expect((await shopRow(t, shopId)).fans).toBe(20);
    expect(await followRows(shopId)).toBe(20);
    // Half of them unfollow while the other half toggles twice, all at once.
    await Promise.all(
      users.flatMap((u, i) =>
        i % 2 === 0 ? [follow(shopId, u.token)] : [follow(shopId, u.token), follow(shopId, u.token)],
      ),
    );
    const rows = await followRows(shopId);
    expect(rows).toBe(10);
    expect((await shopRow(t, shopId)).fans).toBe(rows);
  });

  it('one shopper toggling twice at once ends consistent', async () => {
    const shopId = await plainShop(t, 'Double Tap Shop');
    const { token } = await t.register('double_tap');
    const answers = await Promise.all([follow(shopId, token), follow(shopId, token)]);
    expect(answers.map((a) => a.data.followed).sort()).toEqual([false, true]);
    expect(await followRows(shopId)).toBe(0);
    expect((await shopRow(t, shopId)).fans).toBe(0);
  });

  it('follow_list shows the own followed shops only; merchant detail shows the flag', async () => {
    const [a, b] = await shoppers(t, 'fl_owner', 2);
    await follow(1, a.token);
    await follow(2, a.token);
    const mine = await t.endpoint<Paged<ShopCard>>('catalog.followList', { token: a.token });
    expect(mine.data.list.map((s) => s.id)).toEqual([2, 1]);
    expect((await t.endpoint<Paged<ShopCard>>('catalog.followList', { token: b.token })).data.total).toBe(0);
    const seenByA = await t.endpoint<MerchantDetailAnswer>('catalog.shopDetail', {
      query: { mer_id: '1' },
      token: a.token,
    });
    expect(seenByA.data.followed).toBe(true);
    const seenByB = await t.endpoint<MerchantDetailAnswer>('catalog.shopDetail', {
      query: { mer_id: '1' },
      token: b.token,
    });
    expect(seenByB.data.followed).toBe(false);
    const visitor = await t.endpoint<MerchantDetailAnswer>('catalog.shopDetail', { query: { mer_id: '1' } });
    expect(visitor.data.followed).toBe(false);
  });

  it('needs a login; an unknown or malformed shop is refused', async () => {
    expect((await follow(1)).code).toBe(401);
    const { token } = await t.register('follower_bad');
    for (const id of [999999, 'x', 0]) {
      const res = await follow(id, token);
      expect(res.code).toBe(0);
      expect(res.msg).toBe('This shop does not exist');
    }
    expect((await t.endpoint('catalog.followList')).code).toBe(401);
  });
});

describe('shop page', () => {
  it('answers the shop, its categories with counts and its products, by category', async () => {
    const res = await t.endpoint<MerchantDetailAnswer>('catalog.shopDetail', {
      query: { mer_id: '1', limit: '50' },
    });
    expect(res.code).toBe(1);
    const { shop, categories, products } = res.data;
    expect(shop.name).toBe('TechNova Official');
    expect(shop.banner).toMatch(/^\/img\/shop\/1\/banner$/);
    expect(products.total).toBe(shop.productCount);
    expect(categories.reduce((sum, c) => sum + c.count, 0)).toBe(products.total);
    expect(products.list.every((p) => p.shopId === 1)).toBe(true);
    const one = categories[0];
    const filtered = await t.endpoint<MerchantDetailAnswer>('catalog.shopDetail', {
      query: { mer_id: '1', category_id: String(one.id), limit: '50' },
    });
    expect(filtered.data.products.total).toBe(one.count);
    expect(filtered.data.products.list.every((p) => p.categoryId === one.id)).toBe(true);
  });

  it('an unknown or malformed shop answers code 0 with a clear message', async () => {
    for (const id of ['999999', 'abc', '-1', '']) {
      const res = await t.endpoint('catalog.shopDetail', { query: { mer_id: id } });
      expect(res.status).toBe(200);
      expect(res.code).toBe(0);
      expect(res.msg).toBe('This shop does not exist');
    }
  });
});
