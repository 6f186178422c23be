import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../common/money';
import type { CheckoutAnswer } from '../../common/schemas/order';
import { promoCodes, promoUses } from '../../server/db/schema';
import { hasKey, translate } from '../../server/lib/i18n';
import { setFreightRule, DEFAULT_FREIGHT } from '../../server/modules/checkout/freight';
import { createPromo, disablePromo } from '../../server/modules/checkout/promo';
import {
  addAddress,
  cartLampsAndShirt,
  cartOf,
  checkoutApp,
  expectRefused,
  footprint,
  lampAndShirt,
  makeProduct,
  makeShop,
  putInCart,
  shopper,
  type Shopper,
} from './checkout-fixture';
import { useApp } from '../support/use-app';

const t = useApp(() => checkoutApp());
let lamp: number;
let shirt: { id: number; specIds: number[] };
let offSale: number;
let soldOut: number;
let buyer: Shopper;

beforeAll(async () => {
  const shops = await lampAndShirt(t, { lamp: 10, red: 3, blue: 2 });
  ({ lamp, shirt } = shops);
  offSale = (await makeProduct(t, { shopId: shops.homeShop, title: 'Old Vase', onSale: false })).id;
  soldOut = (await makeProduct(t, { shopId: shops.homeShop, title: 'Rare Clock', stock: 0 })).id;
  buyer = await shopper(t, { balance: 10_000 });
});

const preview = (s: Shopper, body: object, lang?: string) =>
  t.endpoint<CheckoutAnswer>('checkout.preview', { body, token: s.token, lang, key: null });

/** Quantity is refused by the cart's rule (its message lives in the cart's locale section). */
const NUM_KEY = hasKey('cart.numInvalid') ? 'cart.numInvalid' : 'errors.invalidParam';

async function freshCart(): Promise<Shopper> {
  const s = await shopper(t, { balance: 10_000 });
  await cartLampsAndShirt(t, s.id, { lamp, shirt });
  return s;
}

describe('merCreate: the selected cart lines, by shop', () => {
  it('lines grouped by shop with titles, spec texts and prices in the request language; freight per shop; totals; balance', async () => {
    const s = await freshCart();
    const res = await preview(s, {}, 'de-DE');
    expect(res.code).toBe(1);
    const data = res.data;
    expect(data.groups.map((g) => g.shopName).sort()).toEqual(['Home Store', 'Wear Store']);
    const home = data.groups.find((g) => g.shopName === 'Home Store')!;
    expect(home.lines).toEqual([
      expect.objectContaining({
        productId: lamp,
        specId: 0,
        title: 'Schreibtischlampe',
        specText: '',
        image: '/uploads/a.webp',
        price: '12.50',
        num: 2,
        subtotal: '25.00',
      }),
    ]);
    expect(home.lines[0].cartId).toBeGreaterThan(0);
    expect(home).toMatchObject({ goodsAmount: '25.00', freight: '5.00', discount: '0.00', total: '30.00' });
    const wear = data.groups.find((g) => g.shopName === 'Wear Store')!;
    expect(wear.lines[0]).toMatchObject({
      title: 'Shirt',
      specText: 'Rot / M',
      price: '30.00',
      specId: shirt.specIds[0],
    });
    expect(wear).toMatchObject({ goodsAmount: '30.00', freight: '5.00', total: '35.00' });
    expect(data).toMatchObject({
      goodsAmount: '55.00',
      freight: '10.00',
      discount: '0.00',
      total: '65.00',
      balance: '100.00',
      hasPayPassword: true,
      promo: null,
    });
    expect(data.address).toMatchObject({ country: 'DE', countryName: 'Deutschland', isDefault: true });
  });

  it('only selected lines that can be bought now: unselected, off-sale and sold-out lines stay behind', async () => {
    const s = await freshCart();
    await putInCart(t, s.id, offSale, 1);
    await putInCart(t, s.id, soldOut, 1);
    await putInCart(t, s.id, shirt.id, 1, { specId: shirt.specIds[1], selected: false });
    const res = await preview(s, {});
    const lines = res.data.groups.flatMap((g) => g.lines);
    expect(lines.map((l) => [l.productId, l.specId]).sort()).toEqual(
      [
        [lamp, 0],
        [shirt.id, shirt.specIds[0]],
      ].sort(),
    );
  });

  it('cart_ids choose the lines, selected or not', async () => {
    const s = await freshCart();
    const other = await putInCart(t, s.id, shirt.id, 2, { specId: shirt.specIds[1], selected: false });
    const res = await preview(s, { cart_ids: [other] });
    expect(res.data.groups).toHaveLength(1);
    expect(res.data.groups[0].lines[0]).toMatchObject({
      cartId: other,
      num: 2,
      price: '35.00',
      subtotal: '70.00',
    });
    // $70.00 of goods: free shipping from $49.00.
    expect(res.data).toMatchObject({ freight: '0.00', total: '70.00' });
  });

  it("freight follows the operator's setting: a flat fee, free from an amount (or never)", async () => {
    const s = await freshCart();
    await setFreightRule(t.database.db, { fee: 700, freeAbove: null });
    try {
      expect((await preview(s, {})).data).toMatchObject({ freight: '14.00', total: '69.00' });
      await setFreightRule(t.database.db, { fee: 300, freeAbove: 2500 });
      // The lamps ($25.00) reach the threshold; the shirt ($30.00) too.
      expect((await preview(s, {})).data).toMatchObject({ freight: '0.00', total: '55.00' });
    } finally {
      await setFreightRule(t.database.db, DEFAULT_FREIGHT);
    }
  });

  it('tells whether the shopper has a payment password to pay with', async () => {
    const s = await shopper(t, { payPassword: false });
    await putInCart(t, s.id, lamp, 1);
    expect((await preview(s, {})).data).toMatchObject({ hasPayPassword: false, balance: '0.00' });
  });

  it('writes nothing', async () => {
    const s = await freshCart();
    const before = await footprint(t);
    const cart = await cartOf(t, s.id);
    expect((await preview(s, { promo_code: 'NOPE' })).code).toBe(1);
    expect(await footprint(t)).toEqual(before);
    expect(await cartOf(t, s.id)).toEqual(cart);
  });
});

describe('merCreate: buy now', () => {
  it('a product, spec and number, without touching the cart', async () => {
    const s = await freshCart();
    const cart = await cartOf(t, s.id);
    const res = await preview(s, { product_id: shirt.id, spec_id: shirt.specIds[1], number: 2 }, 'zh-CN');
    expect(res.data.groups).toHaveLength(1);
    expect(res.data.groups[0].lines).toEqual([
      expect.objectContaining({
        cartId: null,
        productId: shirt.id,
        specText: '蓝色 / L',
        num: 2,
        subtotal: '70.00',
      }),
    ]);
    expect(await cartOf(t, s.id)).toEqual(cart);
  });

  it('the number defaults to one', async () => {
    const res = await preview(buyer, { product_id: lamp });
    expect(res.data.groups[0].lines[0]).toMatchObject({ num: 1, subtotal: '12.50' });
  });

  it('a product with specs needs one', async () => {
    expectRefused(await preview(buyer, { product_id: shirt.id }), 'checkout.specMissing', { title: 'Shirt' });
  });
});

describe('merCreate: the shipping address', () => {
  it('the chosen one, else the default, else none', async () => {
    const s = await shopper(t, { address: false });
    await putInCart(t, s.id, lamp, 1);
    expect((await preview(s, {})).data.address).toBeNull();
    const home = await addAddress(t, s.id, { isDefault: true, detail: 'Home 1' });
    const work = await addAddress(t, s.id, { detail: 'Work 2' });
    expect((await preview(s, {})).data.address).toMatchObject({
      id: home,
      detail: 'Home 1',
      isDefault: true,
    });
    expect((await preview(s, { address_id: work })).data.address).toMatchObject({
      id: work,
      isDefault: false,
    });
  });

  it("names a region of the country's list in the request's language; free text stays as typed", async () => {
    const s = await shopper(t, { address: false });
    await putInCart(t, s.id, lamp, 1);
    const ny = await addAddress(t, s.id, { isDefault: true, country: 'US', region: 'US-NY' });
    const typed = await addAddress(t, s.id, { country: 'FR', region: 'Île-de-France' });
    expect((await preview(s, { address_id: ny }, 'en-US')).data.address).toMatchObject({
      region: 'US-NY',
      regionName: 'New York',
      countryName: 'United States',
    });
    expect((await preview(s, { address_id: ny }, 'de-DE')).data.address).toMatchObject({
      regionName: 'New York',
      countryName: 'Vereinigte Staaten',
    });
    expect((await preview(s, { address_id: typed }, 'en-US')).data.address).toMatchObject({
      region: 'Île-de-France',
      regionName: 'Île-de-France',
      countryName: 'France',
    });
  });

  it("another shopper's address looks exactly like one that does not exist", async () => {
    const other = await shopper(t);
    const [foreign] = await t.database.db.query.addresses.findMany({ where: (a) => eq(a.userId, other.id) });
    const s = await freshCart();
    const refusedForeign = await preview(s, { address_id: foreign.id }, 'ja-JP');
    const refusedMissing = await preview(s, { address_id: 2_000_000_000 }, 'ja-JP');
    expectRefused(refusedForeign, 'checkout.addressNotFound', {}, 'ja-JP');
    expect(refusedMissing).toEqual(refusedForeign);
  });
});

describe('merCreate: promo codes', () => {
  let s: Shopper;
  beforeAll(async () => {
    s = await freshCart();
    await createPromo(t.database.db, { code: 'save5', kind: 'amount', value: 500 });
    await createPromo(t.database.db, { code: 'TENPCT', kind: 'percent', value: 1000 });
    await createPromo(t.database.db, {
      code: 'LATER',
      kind: 'amount',
      value: 100,
      startsAt: new Date('2099-01-02T03:04:00Z'),
    });
    await createPromo(t.database.db, {
      code: 'GONE',
      kind: 'amount',
      value: 100,
      endsAt: new Date('2020-01-01'),
    });
    await createPromo(t.database.db, { code: 'BIG', kind: 'amount', value: 100, minSpend: 10_000 });
    const once = await createPromo(t.database.db, {
      code: 'ONCE',
      kind: 'amount',
      value: 100,
      totalLimit: 3,
    });
    await t.database.db.update(promoCodes).set({ usedCount: 3 }).where(eq(promoCodes.id, once.id));
    const mine = await createPromo(t.database.db, {
      code: 'MINE',
      kind: 'amount',
      value: 100,
      perUserLimit: 1,
    });
    await t.database.db
      .insert(promoUses)
      .values({ promoId: mine.id, userId: s.id, outTradeNo: 'TESTUSE0001' });
    await createPromo(t.database.db, { code: 'OFF', kind: 'amount', value: 100 });
    await disablePromo(t.database.db, 'off');
  });

  it('an amount off, split over the shops in proportion to their goods', async () => {
    const res = await preview(s, { promo_code: ' save5 ' });
    expect(res.data.promo).toEqual({
      code: 'SAVE5',
      applied: true,
      discount: '5.00',
      error: null,
      message: translate('en-US', 'checkout.promoApplied', { code: 'SAVE5', amount: '$5.00' }),
    });
    // $25.00 and $30.00 of goods share $5.00: 227.27 and 272.72 cents, the odd cent to the larger remainder.
    expect(res.data.groups.map((g) => [g.goodsAmount, g.discount])).toEqual(
      expect.arrayContaining([
        ['25.00', '2.27'],
        ['30.00', '2.73'],
      ]),
    );
    expect(res.data).toMatchObject({
      goodsAmount: '55.00',
      freight: '10.00',
      discount: '5.00',
      total: '60.00',
    });
  });

  it('a percentage off the goods', async () => {
    const res = await preview(s, { promo_code: 'tenpct' });
    expect(res.data).toMatchObject({
      discount: '5.50',
      total: '59.50',
      promo: { applied: true, discount: '5.50' },
    });
  });

  it.each([
    ['an unknown code', 'WHAT', 'checkout.promoUnknown', {}],
    ['a code not started yet', 'LATER', 'checkout.promoNotStarted', { date: '2. Jan. 2099, 03:04 UTC' }],
    ['an expired code', 'GONE', 'checkout.promoExpired', {}],
    [
      'a minimum spend not reached',
      'BIG',
      'checkout.promoMinSpend',
      { min: formatMoney(10_000, 'de-DE'), missing: formatMoney(4_500, 'de-DE') },
    ],
    ['a code used up', 'ONCE', 'checkout.promoUsedUp', {}],
    ['a code the shopper used as often as allowed', 'MINE', 'checkout.promoUserLimit', { limit: 1 }],
    ['a code the operator turned off', 'OFF', 'checkout.promoInactive', {}],
  ])('%s: not applied, with the reason in the shopper language', async (_label, code, key, params) => {
    const res = await preview(s, { promo_code: code }, 'de-DE');
    expect(res.code).toBe(1);
    expect(res.data.promo).toEqual({
      code,
      applied: false,
      discount: '0.00',
      error: key,
      message: translate('de-DE', key, { code, ...params }),
    });
    expect(res.data).toMatchObject({ discount: '0.00', total: '65.00' });
  });

  it('a code that cannot be a code is refused', async () => {
    expectRefused(await preview(s, { promo_code: 'X'.repeat(40) }), 'checkout.promoInvalid');
  });
});

describe('merCreate: refused, with a clear message', () => {
  it('without a session: 401', async () => {
    const res = await t.endpoint('checkout.preview', { body: {}, key: null });
    expect(res).toMatchObject({ code: 401, error: 'errors.loginFirst' });
  });

  it('nothing selected: "Select items to check out"', async () => {
    const s = await shopper(t);
    await putInCart(t, s.id, lamp, 1, { selected: false });
    await putInCart(t, s.id, offSale, 1);
    const res = await preview(s, {});
    expectRefused(res, 'checkout.nothingSelected');
    expect(res.msg).toBe('Select items to check out');
  });

  it.each([0, -1, 1e9, 'abc', 2.5])('a quantity of %s', async (number) => {
    const res = await preview(buyer, { product_id: lamp, number });
    expect(res).toMatchObject({ code: 0, error: NUM_KEY });
    expect(res.msg).not.toBe(NUM_KEY);
  });

  it('an unknown product', async () => {
    expectRefused(await preview(buyer, { product_id: 2_000_000_000 }), 'errors.productNotFound');
  });

  it('an unknown spec, and a spec of another product, look the same', async () => {
    const unknown = await preview(buyer, { product_id: shirt.id, spec_id: 2_000_000_000 });
    expectRefused(unknown, 'checkout.specNotFound');
    const other = await makeProduct(t, {
      shopId: (await makeShop(t)) as number,
      specs: [{ options: { size: 'S' }, price: 1, stock: 1 }],
    });
    expect(await preview(buyer, { product_id: shirt.id, spec_id: other.specIds[0] })).toEqual(unknown);
    expect(await preview(buyer, { product_id: lamp, spec_id: shirt.specIds[0] })).toEqual(unknown);
  });

  it('an off-sale product, a sold-out one, and more than is left, named', async () => {
    expectRefused(
      await preview(buyer, { product_id: offSale }, 'ru-RU'),
      'checkout.offSale',
      { title: 'Old Vase' },
      'ru-RU',
    );
    expectRefused(await preview(buyer, { product_id: soldOut }), 'checkout.soldOut', { title: 'Rare Clock' });
    expectRefused(await preview(buyer, { product_id: lamp, number: 11 }), 'checkout.stockShort', {
      title: 'Desk Lamp',
      stock: 10,
    });
  });

  it('a selected line wanting more than is left is refused, not silently capped', async () => {
    const s = await shopper(t);
    await putInCart(t, s.id, shirt.id, 3, { specId: shirt.specIds[1] });
    expectRefused(await preview(s, {}), 'checkout.stockShort', { title: 'Shirt', stock: 2 });
  });

  it('cart_ids naming an unavailable line say why', async () => {
    const s = await shopper(t);
    const line = await putInCart(t, s.id, offSale, 1);
    expectRefused(await preview(s, { cart_ids: [line] }), 'checkout.offSale', { title: 'Old Vase' });
  });

  it("another shopper's cart line looks exactly like one that left the cart", async () => {
    const other = await shopper(t);
    const foreign = await putInCart(t, other.id, lamp, 1);
    const s = await freshCart();
    const refused = await preview(s, { cart_ids: [foreign] });
    expectRefused(refused, 'checkout.lineGone');
    expect(await preview(s, { cart_ids: [2_000_000_000] })).toEqual(refused);
  });
});
