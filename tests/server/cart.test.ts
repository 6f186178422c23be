import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartAnswer, CartLine } from '../../common/schemas/cart';
import { cartItems, categories, products, productSpecs, shops } from '../../server/db/schema';
import { translate } from '../../server/lib/i18n';
import { MAX_CART_LINES } from '../../server/modules/cart/cart-lines';
import { expectRefused as refused } from '../support/refusal';
import { type TestApp } from '../support/app';
import { useTestApp } from '../support/use-app';

/**
 * The cart (/api/cart/*) on a catalogue of the test's own: products with and without specs in two
 * shops, one off sale, one sold out. Every shopper is new, so each test starts from an empty cart.
 */
const t = useTestApp();
let shopA: number;
let shopB: number;
/** No specs, 5 in stock, $19.90, titled in German too. */
let plain: number;
/** Specs: red/M (3 in stock, $25.00) and blue/L (sold out). */
let shirt: number;
let red: number;
let blue: number;
/** Another product with a spec of its own. */
let other: number;
let otherSpec: number;
let offSale: number;
let soldOut: number;
/** Shop B's product, 50 in stock, $4.00. */
let mug: number;

async function addProduct(values: Partial<typeof products.$inferInsert> & { shopId: number }) {
  const [row] = await t.database.db
    .insert(products)
    .values({ categoryId: 1, title: 'Product', price: 1000, marketPrice: 1000, stock: 10, ...values })
    .returning({ id: products.id });
  return row.id;
}

async function addSpec(productId: number, options: Record<string, string>, price: number, stock: number) {
  const [row] = await t.database.db
    .insert(productSpecs)
    .values({ productId, options, price, stock })
    .returning({ id: productSpecs.id });
  return row.id;
}

beforeAll(async () => {
  const db = t.database.db;
  await db.insert(categories).values({ id: 1, key: 'test', names: { 'en-US': 'Test' }, icon: 'box' });
  [{ id: shopA }, { id: shopB }] = await db
    .insert(shops)
    .values([
      { name: 'Alpha Store', avatar: '/a.png' },
      { name: 'Beta Store', avatar: '/b.png' },
    ])
    .returning({ id: shops.id });
  plain = await addProduct({
    shopId: shopA,
    title: 'Lamp',
    translations: { 'de-DE': { title: 'Lampe' } },
    price: 1990,
    stock: 5,
    images: ['/img/product/1/1'],
  });
  shirt = await addProduct({ shopId: shopA, title: 'Shirt', price: 2500, stock: 3 });
  red = await addSpec(shirt, { colour: 'red', size: 'M' }, 2500, 3);
  blue = await addSpec(shirt, { colour: 'blue', size: 'L' }, 2700, 0);
  other = await addProduct({ shopId: shopA, title: 'Cap', stock: 4 });
  otherSpec = await addSpec(other, { colour: 'black' }, 1200, 4);
  offSale = await addProduct({ shopId: shopA, title: 'Old', onSale: false });
  soldOut = await addProduct({ shopId: shopA, title: 'Gone', stock: 0 });
  mug = await addProduct({ shopId: shopB, title: 'Mug', price: 400, stock: 50 });
});

let shopperNo = 0;
const shopper = () => t.register(`cart_shopper_${++shopperNo}`);

type Res = Awaited<ReturnType<TestApp['call']>> & { data: CartAnswer };
const post = (url: string, body: unknown, token?: string, lang?: string) =>
  t.call<CartAnswer>('POST', `/api/cart/${url}`, { body, token, lang }) as Promise<Res>;
const add = (token: string, body: Record<string, unknown>, lang?: string) => post('add', body, token, lang);
const index = (token: string, lang?: string) =>
  t.endpoint<CartAnswer>('cart.index', { token, lang }) as Promise<Res>;

const rowsOf = (userId: number) =>
  t.database.db.select().from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.id));
const allLines = (cart: CartAnswer): CartLine[] => [
  ...cart.shops.flatMap((s) => s.lines),
  ...cart.unavailable,
];
const lineOf = (cart: CartAnswer, productId: number) =>
  allLines(cart).find((l) => l.productId === productId)!;

describe('cart: adding', () => {
  it('a new shopper has an empty cart', async () => {
    const { token } = await shopper();
    const res = await index(token);
    expect(res).toMatchObject({ code: 1, data: { shops: [], unavailable: [], count: 0, selectedCount: 0 } });
    expect(res.data.selectedTotal).toBe('0.00');
  });

  it('adds a product, answers the whole cart with it selected, and adding again adds to the same line', async () => {
    const { token, id } = await shopper();
    const first = await add(token, { product_id: plain, num: 2 });
    expect(first).toMatchObject({ code: 1, msg: translate('en-US', 'cart.added') });
    expect(first.data.shops).toEqual([
      {
        shopId: shopA,
        shopName: 'Alpha Store',
        shopAvatar: '/a.png',
        lines: [
          {
            id: expect.any(Number),
            productId: plain,
            specId: 0,
            title: 'Lamp',
            specText: '',
            image: expect.stringMatching(/^\/img\/product\/1\/1\?art=\d+$/),
            price: '19.90',
            num: 2,
            stock: 5,
            selected: true,
            available: true,
            unavailableReason: null,
            subtotal: '39.80',
          },
        ],
      },
    ]);
    const again = await add(token, { product_id: String(plain), num: '1' });
    expect(lineOf(again.data, plain)).toMatchObject({ num: 3, subtotal: '59.70' });
    expect(again.data).toMatchObject({ count: 3, selectedCount: 3, selectedTotal: '59.70' });
    expect(await rowsOf(id)).toHaveLength(1);
  });

  it('without num adds one; a spec is its own line, with the spec text in the request language', async () => {
    const { token, id } = await shopper();
    await add(token, { product_id: shirt, spec_id: red });
    const res = await add(token, { product_id: plain }, 'de-DE');
    expect(res.msg).toBe(translate('de-DE', 'cart.added'));
    expect(lineOf(res.data, shirt)).toMatchObject({
      specId: red,
      specText: 'Rot / M',
      price: '25.00',
      num: 1,
    });
    expect(lineOf(res.data, plain)).toMatchObject({ title: 'Lampe', num: 1 });
    expect(await rowsOf(id)).toHaveLength(2);
  });

  it('groups lines by shop, the shop with the newest line first, and totals the selection', async () => {
    const { token } = await shopper();
    await add(token, { product_id: plain, num: 1 });
    await add(token, { product_id: mug, num: 3 });
    const res = await add(token, { product_id: shirt, spec_id: red, num: 2 });
    expect(res.data.shops.map((s) => [s.shopId, s.lines.map((l) => l.productId)])).toEqual([
      [shopA, [shirt, plain]],
      [shopB, [mug]],
    ]);
    // 19.90 + 3 x 4.00 + 2 x 25.00
    expect(res.data).toMatchObject({ count: 6, selectedCount: 6, selectedTotal: '81.90' });
  });

  it('another shopper sees none of these lines', async () => {
    const a = await shopper();
    const b = await shopper();
    await add(a.token, { product_id: mug, num: 2 });
    expect((await index(b.token)).data).toMatchObject({ shops: [], count: 0 });
  });
});

describe('cart: what cannot be added is refused with a clear message, and nothing changes', () => {
  it.each([
    ['quantity 0', { num: 0 }, 'cart.numInvalid'],
    ['quantity -1', { num: -1 }, 'cart.numInvalid'],
    ['quantity 1e9', { num: 1e9 }, 'cart.numInvalid'],
    ['quantity "abc"', { num: 'abc' }, 'cart.numInvalid'],
    ['quantity 1.5', { num: 1.5 }, 'cart.numInvalid'],
    ['an unknown product', { product_id: 99_999_999 }, 'errors.productNotFound'],
    ['a product id "abc"', { product_id: 'abc' }, 'errors.productNotFound'],
    ['an unknown spec', { product_id: '@shirt', spec_id: 99_999_999 }, 'cart.specNotFound'],
    ['a spec of another product', { product_id: '@shirt', spec_id: '@otherSpec' }, 'cart.specNotFound'],
    ['a spec on a product without specs', { product_id: '@plain', spec_id: '@red' }, 'cart.specNotFound'],
    ['no spec for a product with specs', { product_id: '@shirt' }, 'cart.specRequired'],
    ['a sold-out spec', { product_id: '@shirt', spec_id: '@blue' }, 'cart.soldOut'],
    ['a product off sale', { product_id: '@offSale' }, 'cart.offSale'],
    ['a sold-out product', { product_id: '@soldOut' }, 'cart.soldOut'],
  ])('%s', async (_label, body, key) => {
    // Names for ids known only once the catalogue exists.
    const ids: Record<string, number> = { shirt, otherSpec, plain, red, blue, offSale, soldOut };
    const resolve = (v: unknown) => (typeof v === 'string' && v.startsWith('@') ? ids[v.slice(1)] : v);
    const request = Object.fromEntries(
      Object.entries({ product_id: plain, ...body }).map(([k, v]) => [k, resolve(v)]),
    );
    const { token, id } = await shopper();
    await add(token, { product_id: mug, num: 1 });
    const before = await rowsOf(id);
    for (const lang of ['en-US', 'de-DE', 'ja-JP']) refused(await add(token, request, lang), key, {}, lang);
    expect(await rowsOf(id)).toEqual(before);
  });

  it('more than the stock says how many are left, also when the line already holds some', async () => {
    const { token, id } = await shopper();
    refused(await add(token, { product_id: plain, num: 6 }), 'cart.onlyLeft', { count: 5 });
    expect(await rowsOf(id)).toEqual([]);
    await add(token, { product_id: plain, num: 4 });
    const over = await add(token, { product_id: plain, num: 2 }, 'de-DE');
    refused(over, 'cart.onlyLeft', { count: 5 }, 'de-DE');
    expect(over.msg).toContain('5');
    expect((await rowsOf(id)).map((r) => r.num)).toEqual([4]);
    // The spec's stock counts, not the product's.
    refused(await add(token, { product_id: shirt, spec_id: red, num: 4 }), 'cart.onlyLeft', { count: 3 });
  });

  it(`a cart holds at most ${MAX_CART_LINES} different lines`, async () => {
    const { token, id } = await shopper();
    const many = await t.database.db
      .insert(products)
      .values(
        Array.from({ length: MAX_CART_LINES + 1 }, (_, i) => ({
          shopId: shopB,
          categoryId: 1,
          title: `Bulk ${i}`,
          price: 100,
          marketPrice: 100,
          stock: 10,
        })),
      )
      .returning({ id: products.id });
    await t.database.db
      .insert(cartItems)
      .values(many.slice(0, MAX_CART_LINES).map((p) => ({ userId: id, productId: p.id, num: 1 })));
    refused(await add(token, { product_id: many[MAX_CART_LINES].id }), 'cart.full', { max: MAX_CART_LINES });
    // More of a line already there is still fine.
    expect((await add(token, { product_id: many[0].id })).code).toBe(1);
    expect(await rowsOf(id)).toHaveLength(MAX_CART_LINES);
    expect((await index(token)).data.count).toBe(MAX_CART_LINES + 1);
  });
});

describe('cart: lines that can no longer be bought come back apart, never lost', () => {
  it('off sale, sold out and a withdrawn spec: unavailable, unselected, not in the totals', async () => {
    const { token, id } = await shopper();
    const gone = await addProduct({ shopId: shopA, title: 'Fading', stock: 9 });
    const emptied = await addProduct({ shopId: shopB, title: 'Emptied', stock: 9 });
    const specProduct = await addProduct({ shopId: shopA, title: 'Withdrawn', stock: 9 });
    const spec = await addSpec(specProduct, { size: 'S' }, 500, 9);
    await addSpec(specProduct, { size: 'XL' }, 500, 9);
    for (const body of [
      { product_id: gone },
      { product_id: emptied },
      { product_id: specProduct, spec_id: spec },
      { product_id: mug },
    ])
      expect((await add(token, body)).code).toBe(1);

    await t.database.db.update(products).set({ onSale: false }).where(eq(products.id, gone));
    await t.database.db.update(products).set({ stock: 0 }).where(eq(products.id, emptied));
    await t.database.db.delete(productSpecs).where(eq(productSpecs.id, spec));

    const res = await index(token);
    expect(res.data.shops.map((s) => s.lines.map((l) => l.productId))).toEqual([[mug]]);
    expect(res.data.unavailable.map((l) => l.productId).sort()).toEqual([gone, emptied, specProduct].sort());
    for (const line of res.data.unavailable)
      expect(line).toMatchObject({ available: false, selected: false, stock: 0 });
    const reasonOf = (p: number) => res.data.unavailable.find((l) => l.productId === p)?.unavailableReason;
    expect([reasonOf(gone), reasonOf(emptied), reasonOf(specProduct)]).toEqual([
      'offSale',
      'soldOut',
      'specGone',
    ]);
    expect(res.data).toMatchObject({ count: 4, selectedCount: 1, selectedTotal: '4.00' });
    // The server's selection says so too (a checkout reads it), and "select all" leaves them out.
    expect((await rowsOf(id)).filter((r) => r.selected).map((r) => r.productId)).toEqual([mug]);
    const all = await post('select', { selected: true }, token);
    expect(all.data.unavailable.every((l) => !l.selected)).toBe(true);
    expect((await rowsOf(id)).filter((r) => r.selected).map((r) => r.productId)).toEqual([mug]);

    // Changing their quantity says why not.
    const lineOfProduct = (p: number) => res.data.unavailable.find((l) => l.productId === p)!.id;
    refused(await post('set_num', { cart_id: lineOfProduct(gone), num: 2 }, token), 'cart.offSale');
    refused(await post('set_num', { cart_id: lineOfProduct(emptied), num: 2 }, token), 'cart.soldOut');
    refused(await post('set_num', { cart_id: lineOfProduct(specProduct), num: 2 }, token), 'cart.specGone');

    // Back on sale, the line is buyable again (left for the shopper to select).
    await t.database.db.update(products).set({ onSale: true }).where(eq(products.id, gone));
    const back = await index(token);
    expect(lineOf(back.data, gone)).toMatchObject({
      available: true,
      unavailableReason: null,
      selected: false,
      stock: 9,
    });
  });
});

describe('cart: quantity', () => {
  it('set_num changes the line; above the stock it says how many are left and changes nothing', async () => {
    const { token, id } = await shopper();
    const cart = await add(token, { product_id: shirt, spec_id: red, num: 1 });
    const cartId = lineOf(cart.data, shirt).id;
    const res = await post('set_num', { cart_id: cartId, num: 3 }, token);
    expect(res.code).toBe(1);
    expect(lineOf(res.data, shirt)).toMatchObject({ num: 3, subtotal: '75.00' });
    refused(await post('set_num', { cart_id: cartId, num: 4 }, token), 'cart.onlyLeft', { count: 3 });
    for (const num of [0, -1, 1e9, 'abc'])
      refused(await post('set_num', { cart_id: cartId, num }, token), 'cart.numInvalid');
    expect((await rowsOf(id)).map((r) => r.num)).toEqual([3]);
  });

  it("another shopper's line looks exactly like a missing one", async () => {
    const owner = await shopper();
    const stranger = await shopper();
    const cartId = lineOf((await add(owner.token, { product_id: mug, num: 2 })).data, mug).id;
    const foreign = await post('set_num', { cart_id: cartId, num: 5 }, stranger.token);
    const missing = await post('set_num', { cart_id: 99_999_999, num: 5 }, stranger.token);
    refused(foreign, 'cart.lineNotFound');
    expect(foreign).toEqual(missing);
    expect((await rowsOf(owner.id)).map((r) => r.num)).toEqual([2]);
  });
});

describe('cart: delete', () => {
  it('removes the lines named and answers the cart without them', async () => {
    const { token, id } = await shopper();
    await add(token, { product_id: plain });
    const cart = await add(token, { product_id: mug });
    const res = await post('del', { cart_ids: [lineOf(cart.data, plain).id] }, token);
    expect(res).toMatchObject({ code: 1, msg: translate('en-US', 'cart.removed') });
    expect(allLines(res.data).map((l) => l.productId)).toEqual([mug]);
    expect((await rowsOf(id)).map((r) => r.productId)).toEqual([mug]);
  });

  it("a call naming another shopper's line removes nothing at all", async () => {
    const owner = await shopper();
    const stranger = await shopper();
    const theirs = lineOf((await add(owner.token, { product_id: mug })).data, mug).id;
    const own = lineOf((await add(stranger.token, { product_id: plain })).data, plain).id;
    const foreign = await post('del', { cart_ids: [own, theirs] }, stranger.token);
    const missing = await post('del', { cart_ids: [own, 99_999_999] }, stranger.token);
    refused(foreign, 'cart.lineNotFound');
    expect(foreign).toEqual(missing);
    expect(await rowsOf(owner.id)).toHaveLength(1);
    expect(await rowsOf(stranger.id)).toHaveLength(1);
    refused(await post('del', { cart_ids: [] }, stranger.token), 'errors.notFound');
    refused(await post('del', { cart_ids: ['abc'] }, stranger.token), 'errors.notFound');
  });
});

describe('cart: selection is kept on the server', () => {
  async function threeLines() {
    const s = await shopper();
    await add(s.token, { product_id: plain });
    await add(s.token, { product_id: shirt, spec_id: red });
    const cart = (await add(s.token, { product_id: mug, num: 2 })).data;
    return { ...s, cart };
  }
  const selectedOf = async (userId: number) =>
    (await rowsOf(userId)).filter((r) => r.selected).map((r) => r.productId);

  it('one line, a shop, all: each answers the cart with the new selection and totals', async () => {
    const { token, id, cart } = await threeLines();
    const none = await post('select', { selected: false }, token);
    expect(none.data).toMatchObject({ selectedCount: 0, selectedTotal: '0.00' });
    expect(await selectedOf(id)).toEqual([]);

    const one = await post('select', { cart_ids: [lineOf(cart, mug).id], selected: true }, token);
    expect(one.data).toMatchObject({ selectedCount: 2, selectedTotal: '8.00' });
    expect(await selectedOf(id)).toEqual([mug]);

    const shop = await post('select', { mer_id: shopA, selected: true }, token);
    expect(shop.data).toMatchObject({ selectedCount: 4, selectedTotal: '52.90' });
    expect(lineOf(shop.data, plain).selected).toBe(true);

    await post('select', { mer_id: shopA, selected: false }, token);
    expect(await selectedOf(id)).toEqual([mug]);
    const all = await post('select', { selected: true }, token);
    expect(all.data.selectedCount).toBe(4);
    expect((await selectedOf(id)).sort()).toEqual([plain, shirt, mug].sort());
    // The selection survives: a fresh read shows it.
    expect((await index(token)).data.selectedCount).toBe(4);
  });

  it("another shopper's line, an unknown shop, or both kinds at once change nothing", async () => {
    const { token, id, cart } = await threeLines();
    const stranger = await threeLines();
    await post('select', { selected: false }, token);
    const foreign = await post(
      'select',
      { cart_ids: [lineOf(cart, plain).id, lineOf(stranger.cart, mug).id], selected: true },
      token,
    );
    refused(foreign, 'cart.lineNotFound');
    expect(foreign).toEqual(
      await post('select', { cart_ids: [lineOf(cart, plain).id, 99_999_999], selected: true }, token),
    );
    refused(await post('select', { mer_id: 99_999_999, selected: true }, token), 'cart.lineNotFound');
    refused(
      await post('select', { cart_ids: [lineOf(cart, plain).id], mer_id: shopA, selected: true }, token),
      'errors.invalidParam',
      { field: 'mer_id' },
    );
    refused(await post('select', { selected: 'yes' }, token), 'errors.invalidParam', { field: 'selected' });
    expect(await selectedOf(id)).toEqual([]);
    expect((await selectedOf(stranger.id)).length).toBe(3);
  });
});

describe('cart: every call needs a shopper', () => {
  it.each([
    ['GET', 'index', undefined],
    ['POST', 'add', { product_id: 1 }],
    ['POST', 'set_num', { cart_id: 1, num: 1 }],
    ['POST', 'del', { cart_ids: [1] }],
    ['POST', 'select', { selected: true }],
  ] as const)('%s /api/cart/%s without a token answers 401', async (method, path, body) => {
    const res = await t.call(method, `/api/cart/${path}`, { body });
    expect(res).toMatchObject({ code: 401, msg: translate('en-US', 'errors.loginFirst') });
    const stale = await t.call(method, `/api/cart/${path}`, { body, token: 'not-a-session' });
    expect(stale).toMatchObject({ code: 401, msg: translate('en-US', 'errors.sessionExpired') });
  });
});

describe('cart: concurrent calls', () => {
  it('two adds of the same line at once make one line holding both', async () => {
    const { token, id } = await shopper();
    const answers = await Promise.all([
      add(token, { product_id: mug, num: 2 }),
      add(token, { product_id: mug, num: 3 }),
    ]);
    expect(answers.map((a) => a.code)).toEqual([1, 1]);
    expect((await rowsOf(id)).map((r) => r.num)).toEqual([5]);
  });

  it('adds racing past the stock: the sum never exceeds it, the loser is told how many are left', async () => {
    const { token, id } = await shopper();
    const answers = await Promise.all([
      add(token, { product_id: plain, num: 3 }),
      add(token, { product_id: plain, num: 3 }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.code === 0)?.error).toBe('cart.onlyLeft');
    expect((await rowsOf(id)).map((r) => r.num)).toEqual([3]);
  });
});
