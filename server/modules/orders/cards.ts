import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import { toAmount } from '@common/money';
import type { OrderCard } from '@common/schemas/order';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, refunds, reviews, shops } from '../../db/schema';
import { productImage, specLabel } from '../catalog';

/**
 * What an order card is made of: the order with its shop's name and avatar and its refund's state
 * and amount (two joins, the refund's on its unique order index), and its items (one query for a
 * whole page of orders). Shared by the list and the detail.
 */
export const cardColumns = {
  order: orders,
  shopName: shops.name,
  shopAvatar: shops.avatar,
  refundStatus: refunds.status,
  refundAmount: refunds.amount,
};

export type CardRow = {
  order: typeof orders.$inferSelect;
  shopName: string;
  shopAvatar: string;
  refundStatus: (typeof refunds.$inferSelect)['status'] | null;
  refundAmount: number | null;
};
export type ItemRow = typeof orderItems.$inferSelect & { reviewed: boolean };

/**
 * The items of these orders, in one query (order_items_order_idx), in the order they were bought,
 * each with whether it was reviewed (reviews_order_item_uq).
 */
export function itemsOfOrdersQuery(db: DbOrTx, orderIds: number[]) {
  return db
    .select({
      ...getTableColumns(orderItems),
      // Qualified by hand: without a join the builder names columns bare, and a bare "id" inside
      // the subquery would be the review's own.
      reviewed: sql<boolean>`exists (select 1 from ${reviews} where ${reviews.orderItemId} = "order_items"."id")`,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}

export async function itemsByOrder(db: DbOrTx, orderIds: number[]): Promise<Map<number, ItemRow[]>> {
  const byOrder = new Map<number, ItemRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  for (const item of await itemsOfOrdersQuery(db, orderIds)) byOrder.get(item.orderId)?.push(item);
  return byOrder;
}

/** An order's card: titles are the snapshots taken at checkout; spec options are named in `lang`. */
export function toOrderCard(
  { order, shopName, shopAvatar, refundStatus, refundAmount }: CardRow,
  items: ItemRow[],
  lang: Lang,
): OrderCard {
  return {
    id: order.id,
    orderSn: order.orderSn,
    outTradeNo: order.outTradeNo,
    status: order.status,
    shopId: order.shopId,
    shopName,
    shopAvatar,
    items: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      specId: item.specId,
      title: item.title,
      specText: specLabel(item.specOptions, lang),
      image: productImage(item.image),
      price: toAmount(item.price),
      num: item.num,
      reviewed: Boolean(item.reviewed),
    })),
    itemCount: items.reduce((n, item) => n + item.num, 0),
    goodsAmount: toAmount(order.goodsAmount),
    freight: toAmount(order.freight),
    discount: toAmount(order.discount),
    total: toAmount(order.total),
    createdAt: order.createdAt.toISOString(),
    payBefore: order.payBefore.toISOString(),
    refund:
      refundStatus === null || refundAmount === null
        ? null
        : { status: refundStatus, amount: toAmount(refundAmount) },
  };
}

/** The order joined with its shop (name and avatar) and its refund, if any. */
export const withShop = (db: DbOrTx) =>
  db
    .select(cardColumns)
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .leftJoin(refunds, eq(refunds.orderId, orders.id));
