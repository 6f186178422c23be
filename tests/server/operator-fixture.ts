import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { ORDER_STATUS, type OrderStatus } from '../../common/order-status';
import type { Db } from '../../server/db/client';
import {
  categories,
  ledgerEntries,
  notifications,
  orderEvents,
  orderItems,
  orders,
  orderTracks,
  products,
  shops,
  users,
} from '../../server/db/schema';
import { OperatorError } from '../../server/modules/operator';

/**
 * Rows for the operator suites, written through the schema: the checkout that makes real orders is
 * another module, so orders are inserted as checkout leaves them (order and items in one
 * transaction), at whatever status a test needs.
 */
/** The operator's refusal `work` ends in: the test fails if it is done instead, or fails some other way. */
export async function operatorRefusal(work: Promise<unknown>): Promise<OperatorError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OperatorError);
  return err as OperatorError;
}

export async function addShopper(db: Db, account: string, telegramId?: number): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ account, telegramId: telegramId ?? null })
    .returning({ id: users.id });
  return row.id;
}

export async function addShop(
  db: Db,
  name = 'Operator Test Shop',
): Promise<{ shopId: number; productId: number }> {
  await db
    .insert(categories)
    .values({ id: 1, key: 'computer', names: { 'en-US': 'Computer' }, icon: 'computer' })
    .onConflictDoNothing();
  const [shop] = await db.insert(shops).values({ name }).returning({ id: shops.id });
  const [product] = await db
    .insert(products)
    .values({ shopId: shop.id, categoryId: 1, title: 'Lamp', price: 1250, marketPrice: 1500, stock: 100 })
    .returning({ id: products.id });
  return { shopId: shop.id, productId: product.id };
}

/** Statuses an order reaches only after it was shipped. */
const SHIPPED: OrderStatus[] = [ORDER_STATUS.delivered, ORDER_STATUS.received, ORDER_STATUS.completed];

/** An order of `units` lamps at $12.50, in the given status (1, waiting delivery, by default). */
export async function addOrder(
  db: Db,
  o: { userId: number; shopId: number; productId: number; status?: OrderStatus; units?: number },
): Promise<{ id: number; orderSn: string }> {
  const status = o.status ?? ORDER_STATUS.waitingDelivery;
  const units = o.units ?? 2;
  const sn = `T${randomBytes(6).toString('hex').toUpperCase()}`;
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        orderSn: sn,
        outTradeNo: `G${sn}`,
        userId: o.userId,
        shopId: o.shopId,
        status,
        goodsAmount: 1250 * units,
        freight: 500,
        total: 1250 * units + 500,
        address: {
          addressee: 'Ada',
          mobile: '+44 20 7946 0000',
          country: 'GB',
          region: 'London',
          detail: '1 Test Road',
          tag: 'home',
        },
        payBefore: new Date(Date.now() + 30 * 60_000),
        ...(status === ORDER_STATUS.waitingPay ? {} : { paidAt: new Date() }),
        ...(SHIPPED.includes(status)
          ? { carrier: 'UPS', trackingNo: '1Z999AA10123456784', shippedAt: new Date() }
          : {}),
      })
      .returning({ id: orders.id, orderSn: orders.orderSn });
    await tx
      .insert(orderItems)
      .values({ orderId: order.id, productId: o.productId, title: 'Lamp', price: 1250, num: units });
    return order;
  });
}

export async function orderRow(db: Db, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export const eventsOf = (db: Db, orderId: number) =>
  db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);

export const tracksOf = (db: Db, orderId: number) =>
  db.select().from(orderTracks).where(eq(orderTracks.orderId, orderId)).orderBy(orderTracks.id);

export const notificationsOf = (db: Db, userId: number) =>
  db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

export const ledgerOf = (db: Db, userId: number) =>
  db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(ledgerEntries.id);

/** The ledger's invariant for one shopper: balance and frozen are the sums of their entries. */
export async function ledgerHolds(db: Db, userId: number): Promise<{ balance: number; sum: number }> {
  const [[user], [sums]] = await Promise.all([
    db.select({ balance: users.balance, frozen: users.frozen }).from(users).where(eq(users.id, userId)),
    db
      .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.balanceChange}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId)),
  ]);
  return { balance: user.balance, sum: Number(sums.sum) };
}
