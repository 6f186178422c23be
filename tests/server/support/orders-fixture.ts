import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { OrderStatus } from '@common/order-status';
import type { Db } from '@server/db/client';
import {
  categories,
  orderEvents,
  orderItems,
  orders,
  orderTracks,
  products,
  productSpecs,
  shops,
  type AddressSnapshot,
} from '@server/db/schema';
import { sqlStatement } from '@server/db/statement';
import { stockValue, TAKE_STOCK } from '@server/modules/orders/stock';
import { moveOrders } from '@server/modules/orders/transition';

/**
 * Orders made the way checkout makes them (rows in orders and order_items with snapshots, the stock
 * taken through take_stock as a checkout takes it, the creation event, all in one transaction) and moved the way payment
 * and the operator move them (moveOrders), for the suites of the orders that exist after checkout.
 * No money moves here: paying is checkout's, and these suites test what comes after.
 */

export const ADDRESS: AddressSnapshot = {
  addressee: 'Erika Mustermann',
  mobile: '+49 30 1234567',
  country: 'DE',
  region: 'Berlin',
  detail: 'Unter den Linden 1',
  tag: 'home',
};

export async function makeShop(db: Db, name = 'Order Test Shop'): Promise<number> {
  const [row] = await db
    .insert(shops)
    .values({ name, avatar: `/uploads/shops/${name.length}.webp` })
    .returning({ id: shops.id });
  return row.id;
}

export interface TestProduct {
  id: number;
  /** The spec ids in the order given; empty for a product without specs. */
  specs: number[];
}

/** A product with `stock` units, spread over the given specs (each with its own stock) or without specs. */
export async function makeProduct(
  db: Db,
  shopId: number,
  opts: {
    title?: string;
    price?: number;
    stock?: number;
    specs?: { options: Record<string, string>; stock: number }[];
  } = {},
): Promise<TestProduct> {
  const specs = opts.specs ?? [];
  const stock = specs.length > 0 ? specs.reduce((n, s) => n + s.stock, 0) : (opts.stock ?? 100);
  const price = opts.price ?? 1990;
  // Categories are demo data; these suites run without it.
  await db
    .insert(categories)
    .values({ id: 1, key: 'computer', names: { 'en-US': 'Computer' }, icon: 'computer' })
    .onConflictDoNothing();
  const [product] = await db
    .insert(products)
    .values({
      shopId,
      categoryId: 1,
      title: opts.title ?? 'Test product',
      price,
      marketPrice: price,
      stock,
      images: ['/uploads/p/1.webp'],
    })
    .returning({ id: products.id });
  const specIds: number[] = [];
  for (const [i, spec] of specs.entries()) {
    const [row] = await db
      .insert(productSpecs)
      .values({ productId: product.id, options: spec.options, price, stock: spec.stock, sort: i })
      .returning({ id: productSpecs.id });
    specIds.push(row.id);
  }
  return { id: product.id, specs: specIds };
}

export interface Line {
  productId: number;
  /** 0: the product has no specs. */
  specId?: number;
  num: number;
}

export interface PlacedOrder {
  id: number;
  orderSn: string;
}

const sn = () => randomBytes(8).toString('hex').toUpperCase();

/** Takes lines' units as a checkout does (the same database function). */
const takeStock = sqlStatement<{ stock: string }, { short: unknown }>(
  () => sql`with ${TAKE_STOCK} select short from stock_short`,
);

/**
 * One order of one shop, unpaid, as merSubmit leaves it: the snapshot of each line (title, spec
 * options, price, picture), the stock taken per line, the creation event; `payMinutes` from now to pay.
 */
export async function placeOrder(
  db: Db,
  userId: number,
  shopId: number,
  lines: Line[],
  opts: {
    freight?: number;
    discount?: number;
    payMinutes?: number;
    remark?: string;
    address?: AddressSnapshot;
  } = {},
): Promise<PlacedOrder> {
  return db.transaction(async (tx) => {
    const snapshots = [];
    for (const line of lines) {
      const specId = line.specId ?? 0;
      const [product] = await tx.select().from(products).where(eq(products.id, line.productId));
      const [spec] = specId ? await tx.select().from(productSpecs).where(eq(productSpecs.id, specId)) : [];
      const [taken] = await takeStock(tx, {
        stock: stockValue([{ productId: line.productId, specId, num: line.num }]),
      });
      if (taken.short !== null) throw new Error(`not enough stock for product ${line.productId}`);
      snapshots.push({
        productId: line.productId,
        specId,
        title: product.title,
        specOptions: spec?.options ?? {},
        image: product.images[0] ?? '',
        price: spec?.price ?? product.price,
        num: line.num,
      });
    }
    const goodsAmount = snapshots.reduce((n, s) => n + s.price * s.num, 0);
    const freight = opts.freight ?? 0;
    const discount = opts.discount ?? 0;
    const [order] = await tx
      .insert(orders)
      .values({
        orderSn: sn(),
        outTradeNo: sn(),
        userId,
        shopId,
        goodsAmount,
        freight,
        discount,
        total: goodsAmount + freight - discount,
        address: opts.address ?? ADDRESS,
        remark: opts.remark ?? '',
        payBefore: sql`now() + ${opts.payMinutes ?? 30}::int * interval '1 minute'`,
      })
      .returning({ id: orders.id, orderSn: orders.orderSn });
    await tx.insert(orderItems).values(snapshots.map((s) => ({ ...s, orderId: order.id })));
    await tx
      .insert(orderEvents)
      .values({ orderId: order.id, fromStatus: null, toStatus: 0, actor: 'shopper' });
    return order;
  });
}

/** One order moved along the allowed transitions; fails loudly when it did not move. */
export async function move(
  db: Db,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  actor: 'shopper' | 'operator' | 'system',
  set = {},
) {
  await db.transaction(async (tx) => {
    const moved = await moveOrders(tx, { orderIds: [orderId], from, to, actor, set });
    if (moved.length !== 1) throw new Error(`order ${orderId} did not move ${from} -> ${to}`);
  });
}

/** Paid (0 -> 1), as payment moves it (the money side is checkout's). */
export const payOrder = (db: Db, orderId: number) => move(db, orderId, 0, 1, 'shopper');

/** Shipped (1 -> 2) by the operator, with carrier and tracking number. */
export const shipOrder = (db: Db, orderId: number, carrier = 'DHL', trackingNo = 'JD014600006281234567') =>
  move(db, orderId, 1, 2, 'operator', { carrier, trackingNo });

export const receiveOrder = (db: Db, orderId: number) => move(db, orderId, 2, 3, 'shopper');
export const completeOrder = (db: Db, orderId: number) => move(db, orderId, 3, 4, 'shopper');

/**
 * An unpaid order moved on, step after step as a sale goes (paid, shipped, received, completed),
 * until it is at `status`.
 */
export async function advanceOrder(db: Db, orderId: number, status: 1 | 2 | 3 | 4): Promise<void> {
  for (const step of [payOrder, shipOrder, receiveOrder, completeOrder].slice(0, status))
    await step(db, orderId);
}

/** A logistics event, as the operator's `track` command records it. */
export async function addTrack(db: Db, orderId: number, text: string, at?: Date): Promise<void> {
  await db.insert(orderTracks).values({ orderId, text, ...(at ? { createdAt: at } : {}) });
}

/** Moves the orders' clocks: a time to pay, shipping or receipt this many seconds in the past. */
export async function backdate(
  db: Db,
  orderIds: number[],
  column: 'payBefore' | 'shippedAt' | 'receivedAt',
  secondsAgo: number,
): Promise<void> {
  await db
    .update(orders)
    .set({ [column]: sql`now() - ${secondsAgo}::int * interval '1 second'` })
    .where(inArray(orders.id, orderIds));
}

export async function stockOf(
  db: Db,
  productId: number,
  specId = 0,
): Promise<{ product: number; spec?: number }> {
  const [product] = await db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  if (!specId) return { product: product.stock };
  const [spec] = await db
    .select({ stock: productSpecs.stock })
    .from(productSpecs)
    .where(eq(productSpecs.id, specId));
  return { product: product.stock, spec: spec.stock };
}

export async function orderRow(db: Db, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

export async function eventsOf(db: Db, orderId: number) {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
}
