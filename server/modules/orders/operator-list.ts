import { eq, sql } from 'drizzle-orm';
import { isOrderStatus, type OrderStatus } from '@common/order-status';
import type { Cents } from '@common/money';
import type { Db } from '../../db/client';
import { orderItems, orders, shops, users } from '../../db/schema';
import { newestPage } from '../../lib/paging';
import { listPage, OperatorError, type ListPage, type ListParams } from '../operator';

/** The status is one code of common/order-status.ts. */
export type ListOrdersParams = ListParams<OrderStatus>;

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

export type OrderPage = ListPage<OperatorOrder>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const checkStatus = (status: OrderStatus) => {
  if (!isOrderStatus(status))
    throw new OperatorError('operator.badInput', `there is no order status ${status}`);
};

/** Every shopper's orders for the operator, newest first, a page at a time (two queries). */
export function listOrders(db: Db, params: ListOrdersParams = {}): Promise<OrderPage> {
  const units = sql<number>`(select coalesce(sum(${orderItems.num}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;
  return listPage(
    db,
    params,
    { table: orders, status: orders.status, userId: orders.userId, checkStatus },
    (where, page, limit) =>
      newestPage(
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
          .$dynamic(),
        orders.id,
        where,
        { page, limit },
      ),
    ({ order: o, account, telegramId, shopName, units: u }) => ({
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
    }),
  );
}
