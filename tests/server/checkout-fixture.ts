import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../server/config';
import {
  addresses,
  cartItems,
  categories,
  ledgerEntries,
  orders,
  products,
  productSpecs,
  shops,
  users,
} from '../../server/db/schema';
import { hashPayPin } from '../../server/lib/pay-pins';
import { createSession } from '../../server/modules/user/sessions';
import { moveMoney } from '../../server/modules/wallet/ledger';
import { createTestApp, type TestApp } from '../support/app';
import { newKey, type CallOptions as TestCallOptions, type Reply } from '../support/endpoint';

/**
 * The checkout suites' world: shops and products of their own (no demo catalogue), shoppers with a
 * payment password and a balance credited through the ledger, addresses and cart lines written
 * straight to their tables (the cart and address calls are another module's), and calls that carry
 * an Idempotency-Key.
 */
export const PAY = '424242';

export async function checkoutApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  // The suites check out far more often than a shopper may; the limit has a test of its own.
  const t = await createTestApp({ ORDER_RATE: 100_000, ...overrides });
  await t.database.db
    .insert(categories)
    .values({ id: 1, key: 'test', names: { 'en-US': 'Test' }, icon: 'box' })
    .onConflictDoNothing();
  return t;
}

export { newKey };
export type { Reply };

/** A call's token, language and Idempotency-Key (null sends none; by default a fresh key). */
export type CallOptions = Pick<TestCallOptions, 'token' | 'lang' | 'key'>;

/**
 * A POST at a literal path with a fresh Idempotency-Key unless `key` says otherwise, for the suites
 * that still name paths; a call by name goes through `t.endpoint`.
 */
export const post = <T = unknown>(t: TestApp, url: string, body: unknown, opts: CallOptions = {}) =>
  t.call<T>('POST', url, { body, ...opts, key: opts.key === undefined ? newKey() : opts.key });

export async function makeShop(t: TestApp, name = 'Shop'): Promise<number> {
  const [row] = await t.database.db
    .insert(shops)
    .values({ name, avatar: `/uploads/${name}.webp` })
    .returning({ id: shops.id });
  return row.id;
}

export interface ProductSpec {
  options: Record<string, string>;
  price: number;
  stock: number;
}

export interface NewProduct {
  shopId: number;
  price?: number;
  stock?: number;
  title?: string;
  titleDe?: string;
  onSale?: boolean;
  specs?: ProductSpec[];
}

/** A product (its total stock is the sum of its specs' when it has some); answers its id and spec ids. */
export async function makeProduct(t: TestApp, p: NewProduct): Promise<{ id: number; specIds: number[] }> {
  const title = p.title ?? `Product ${randomUUID().slice(0, 8)}`;
  const stock = p.specs ? p.specs.reduce((a, s) => a + s.stock, 0) : (p.stock ?? 100);
  const [row] = await t.database.db
    .insert(products)
    .values({
      shopId: p.shopId,
      categoryId: 1,
      title,
      translations: p.titleDe ? { 'de-DE': { title: p.titleDe } } : {},
      price: p.price ?? 1000,
      marketPrice: (p.price ?? 1000) * 2,
      stock,
      onSale: p.onSale ?? true,
      images: ['/uploads/a.webp', '/uploads/b.webp'],
    })
    .returning({ id: products.id });
  const specIds: number[] = [];
  for (const [i, s] of (p.specs ?? []).entries()) {
    const [spec] = await t.database.db
      .insert(productSpecs)
      .values({ productId: row.id, options: s.options, price: s.price, stock: s.stock, sort: i })
      .returning({ id: productSpecs.id });
    specIds.push(spec.id);
  }
  return { id: row.id, specIds };
}

/** The two shops the preview, submit and pay suites buy in, and what each sells. */
export interface LampAndShirt {
  homeShop: number;
  wearShop: number;
  /** A Desk Lamp (Schreibtischlampe in German) at $12.50. */
  lamp: number;
  /** A Shirt in red M at $30.00 (specIds[0]) and in blue L at $35.00 (specIds[1]). */
  shirt: { id: number; specIds: number[] };
}

/** Home Store with its lamp and Wear Store with its shirt, with as many in stock as a suite needs. */
export async function lampAndShirt(
  t: TestApp,
  stock: { lamp: number; red: number; blue: number },
): Promise<LampAndShirt> {
  const homeShop = await makeShop(t, 'Home Store');
  const wearShop = await makeShop(t, 'Wear Store');
  const lamp = await makeProduct(t, {
    shopId: homeShop,
    price: 1250,
    stock: stock.lamp,
    title: 'Desk Lamp',
    titleDe: 'Schreibtischlampe',
  });
  const shirt = await makeProduct(t, {
    shopId: wearShop,
    title: 'Shirt',
    price: 3000,
    specs: [
      { options: { colour: 'red', size: 'M' }, price: 3000, stock: stock.red },
      { options: { colour: 'blue', size: 'L' }, price: 3500, stock: stock.blue },
    ],
  });
  return { homeShop, wearShop, lamp: lamp.id, shirt };
}

/**
 * Two lamps and one red shirt, selected, in the shopper's cart (answers the two lines): checked out,
 * two orders, $30.00 and $35.00 with freight.
 */
export async function cartLampsAndShirt(
  t: TestApp,
  userId: number,
  { lamp, shirt }: Pick<LampAndShirt, 'lamp' | 'shirt'>,
): Promise<{ lampLine: number; shirtLine: number }> {
  const lampLine = await putInCart(t, userId, lamp, 2);
  const shirtLine = await putInCart(t, userId, shirt.id, 1, { specId: shirt.specIds[0] });
  return { lampLine, shirtLine };
}

let credits = 0;

/** Credits (or debits) a shopper through the ledger, as the operator's adjustment does. */
export async function credit(t: TestApp, userId: number, cents: number): Promise<void> {
  await t.database.db.transaction((tx) =>
    moveMoney(tx, { userId, type: 'adjustment', balance: cents, uniqueKey: `test:credit:${++credits}` }),
  );
}

let accounts = 0;

export interface Shopper {
  id: number;
  account: string;
  token: string;
}

/**
 * A shopper with the payment password PAY, stored as every shopper's is now (a keyed hash,
 * server/lib/pay-pins.ts), `balance` cents credited through the ledger and a default address,
 * logged in. Written straight to the tables: registering through the API hashes the login password
 * per shopper, and the concurrency suites make fifty.
 */
export async function shopper(
  t: TestApp,
  opts: { balance?: number; payPassword?: boolean; address?: boolean } = {},
): Promise<Shopper> {
  const account = `buyer_${process.pid}_${++accounts}`;
  const [user] = await t.database.db.insert(users).values({ account }).returning({ id: users.id });
  if (opts.payPassword ?? true)
    await t.database.db
      .update(users)
      .set({ payPasswordHash: hashPayPin(user.id, PAY) })
      .where(eq(users.id, user.id));
  const { token } = await createSession(t.database.db, user.id);
  if (opts.balance) await credit(t, user.id, opts.balance);
  if (opts.address ?? true) await addAddress(t, user.id, { isDefault: true });
  return { id: user.id, account, token };
}

export async function addAddress(
  t: TestApp,
  userId: number,
  opts: { isDefault?: boolean; detail?: string; country?: string; region?: string } = {},
): Promise<number> {
  const [row] = await t.database.db
    .insert(addresses)
    .values({
      userId,
      addressee: 'Ada Lovelace',
      mobile: '+49 30 1234567',
      country: opts.country ?? 'DE',
      region: opts.region ?? 'BE',
      detail: opts.detail ?? 'Unter den Linden 1',
      tag: 'home',
      isDefault: opts.isDefault ?? false,
    })
    .returning({ id: addresses.id });
  return row.id;
}

/** A cart line as the cart module keeps it (one per product and spec). */
export async function putInCart(
  t: TestApp,
  userId: number,
  productId: number,
  num: number,
  opts: { specId?: number; selected?: boolean } = {},
): Promise<number> {
  const [row] = await t.database.db
    .insert(cartItems)
    .values({ userId, productId, specId: opts.specId ?? 0, num, selected: opts.selected ?? true })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId, cartItems.specId],
      set: { num, selected: opts.selected ?? true },
    })
    .returning({ id: cartItems.id });
  return row.id;
}

export async function cartOf(t: TestApp, userId: number) {
  return t.database.db.select().from(cartItems).where(eq(cartItems.userId, userId));
}

/** The shopper's balance and frozen amount, and the sums of their ledger. */
export async function moneyOf(t: TestApp, userId: number) {
  const [row] = await t.database.db
    .select({
      balance: users.balance,
      frozen: users.frozen,
      ledgerBalance: sql<string>`(select coalesce(sum(balance_change), 0) from ${ledgerEntries} where user_id = ${userId})`,
      ledgerFrozen: sql<string>`(select coalesce(sum(frozen_change), 0) from ${ledgerEntries} where user_id = ${userId})`,
      entries: sql<string>`(select count(*) from ${ledgerEntries} where user_id = ${userId})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return {
    balance: row.balance,
    frozen: row.frozen,
    ledgerBalance: Number(row.ledgerBalance),
    ledgerFrozen: Number(row.ledgerFrozen),
    entries: Number(row.entries),
  };
}

export async function stockOf(t: TestApp, productId: number, specId = 0): Promise<number> {
  if (specId !== 0) {
    const [spec] = await t.database.db
      .select({ stock: productSpecs.stock })
      .from(productSpecs)
      .where(and(eq(productSpecs.id, specId), eq(productSpecs.productId, productId)));
    return spec.stock;
  }
  const [row] = await t.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  return row.stock;
}

export async function ordersOf(t: TestApp, userId: number) {
  return t.database.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.id);
}

/** Counts of the rows a refused call must not have written, and the units left in stock. */
export async function footprint(t: TestApp) {
  const count = (table: string) => sql<string>`(select count(*) from ${sql.raw(table)})`;
  const [row] = await t.database.db
    .select({
      orders: count('orders'),
      items: count('order_items'),
      events: count('order_events'),
      ledger: count('ledger_entries'),
      promoUses: count('promo_uses'),
      notifications: count('notifications'),
      cart: count('cart_items'),
      stock: sql<string>`(select coalesce(sum(stock), 0) from products)`,
      specStock: sql<string>`(select coalesce(sum(stock), 0) from product_specs)`,
      balances: sql<string>`(select coalesce(sum(balance), 0) from users)`,
    })
    .from(sql`(select 1) as one`);
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}

export { expectRefused } from '../support/refusal';
