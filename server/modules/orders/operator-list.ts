import { and, count, desc, eq, sql } from 'drizzle-orm';
import { isOrderStatus, type OrderStatus } from '@common/order-status';
import type { Cents } from '@common/money';
import type { Db } from '../../db/client';
import { orderItems, orders, shops, users } from '../../db/schema';
import { findShopper, OperatorError, pageOf } from '../operator';

export interface ListOrdersParams {
  /** One status code (common/order-status.ts); absent: every order. */
  status?: OrderStatus;
  /** Only this shopper's orders (account name or Telegram id). */
  user?: string;
  /** From 1. */
  page?: number;
  /** 1 to 100, default 20. */
  limit?: number;
}

export interface OperatorOrder {
  id: number;
  orderSn: string;
  outTradeNo: string;
  status: OrderStatus;
  shopper: { id: number; account: string; telegramId: number | null };
  shop: { id: number; name: string };
  goodsAmount: Cents;
  freight: Cents;
  discount: Cents;
  total: Cents;
  /** Units bought (the sum of the lines' quantities). */
  units: number;
  carrier: string | null;
  trackingNo: string | null;
  /** ISO times. */
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
}

export interface OrderPage {
  list: OperatorOrder[];
  total: number;
  page: number;
  limit: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Every shopper's orders for the operator, newest first, a page at a time (two queries). */
export async function listOrders(db: Db, params: ListOrdersParams = {}): Promise<OrderPage> {
  const { page, limit } = pageOf(params);
  if (params.status !== undefined && !isOrderStatus(params.status))
    throw new OperatorError('operator.badInput', `there is no order status ${params.status}`);
  const userId = params.user === undefined ? undefined : (await findShopper(db, params.user)).id;
  const where = and(
    params.status === undefined ? undefined : eq(orders.status, params.status),
    userId === undefined ? undefined : eq(orders.userId, userId),
  );
  const units = sql<number>`(select coalesce(sum(${orderItems.num}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        order: orders,
        account: users.account,
        telegramId: users.telegramId,
        shopName: shops.name,
        units,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(shops, eq(shops.id, orders.shopId))
      .where(where)
      .orderBy(desc(orders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return {
    list: rows.map(({ order: o, account, telegramId, shopName, units: u }) => ({
      id: o.id,
      orderSn: o.orderSn,
      outTradeNo: o.outTradeNo,
      status: o.status as OrderStatus,
      shopper: { id: o.userId, account, telegramId },
      shop: { id: o.shopId, name: shopName },
      goodsAmount: o.goodsAmount,
      freight: o.freight,
      discount: o.discount,
      total: o.total,
      units: Number(u),
      carrier: o.carrier,
      trackingNo: o.trackingNo,
      createdAt: o.createdAt.toISOString(),
      paidAt: iso(o.paidAt),
      shippedAt: iso(o.shippedAt),
    })),
    total: Number(n),
    page,
    limit,
  };
}
