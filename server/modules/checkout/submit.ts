import { sql } from 'drizzle-orm';
import type { Lang } from '@common/languages';
import { MAX_AMOUNT, toAmount } from '@common/money';
import { ORDER_STATUS } from '@common/order-status';
import type { SubmitAnswer, SubmitBody } from '@common/schemas/order';
import { rowsOf, together, type Db, type Tx } from '../../db/client';
import { cartItems, orderEvents, orderItems, orders } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { once, type Claim } from '../../lib/idempotency';
import { takeSlot } from '../../lib/rate-limit';
import { invalidateCatalog } from '../catalog';
import { takeStockCte, type StockShort } from '../orders';
import type { BuyLine } from './lines';
import { priceCheckout, type PricedShop } from './pricing';
import { usePromo } from './promo';
import { addressSnapshot, chosenAddress } from './shipping-address';
import { newOrderSn, newOutTradeNo } from './trade-numbers';

/**
 * POST /api/order/merSubmit: one order per shop under one new out_trade_no, in one transaction
 * with the request's idempotency key (a replay answers the first result and makes nothing). Every
 * order gets its first event (none -> waiting pay), the bought cart lines leave the cart, the promo
 * code's use is counted, and each line's stock is taken last, with a conditional update (never
 * below zero; not enough rolls the whole checkout back).
 */
export const SUBMIT_WINDOW_MS = 10 * 60 * 1000;

export interface SubmitInput {
  userId: number;
  lang: Lang;
  body: SubmitBody;
  /** The request's Idempotency-Key. */
  key: string;
  /** ORDER_PAY_MINUTES */
  payMinutes: number;
  /** ORDER_RATE: checkouts a shopper may make in SUBMIT_WINDOW_MS. */
  perWindow: number;
}

/** Why a checkout is refused when take_stock found a line short (the shopper may buy fewer). */
function shortOf(lines: BuyLine[], short: StockShort): AppError {
  const line = lines.find(
    (l) => l.productId === Number(short.product_id) && l.specId === Number(short.spec_id),
  );
  const title = line?.title ?? '';
  if (short.left <= 0) return new AppError('checkout.soldOut', { title });
  return new AppError('checkout.stockShort', { title, stock: short.left });
}

/** jsonb as read: PGlite answers it parsed, postgres-js as text. */
const jsonOf = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * What a checkout does before it writes, all sent at once: counts itself against the shopper's rate
 * (in the checkout's transaction, so a checkout that fails is not counted; over the rate, refused),
 * prices its lines, and reads the address it ships to.
 */
async function readCheckout(tx: Tx, { userId, lang, body, perWindow }: SubmitInput) {
  const [, priced, address] = await together([
    takeSlot(tx, `order:user:${userId}`, perWindow, SUBMIT_WINDOW_MS, 'checkout.tooManyOrders'),
    priceCheckout(tx, userId, lang, body, true),
    chosenAddress(tx, userId, body.address_id),
  ]);
  return [priced, address] as const;
}

async function makeOrders(
  tx: Tx,
  input: SubmitInput,
  [priced, address]: Awaited<ReturnType<typeof readCheckout>>,
  claim: Claim,
): Promise<SubmitAnswer> {
  const { userId, body } = input;
  if (!address) throw new AppError('checkout.addressRequired');
  const promo = priced.promo;
  if (promo && !promo.verdict.ok) throw promo.verdict.error;
  if (priced.shops.some((s) => s.goods > MAX_AMOUNT)) throw new AppError('checkout.amountTooLarge');
  const lines = priced.shops.flatMap((s) => s.lines);

  const outTradeNo = newOutTradeNo();
  const newOrders = tx
    .insert(orders)
    .values(
      priced.shops.map((s: PricedShop) => ({
        orderSn: newOrderSn(),
        outTradeNo,
        userId,
        shopId: s.shopId,
        status: ORDER_STATUS.waitingPay,
        goodsAmount: s.goods,
        freight: s.freight,
        discount: s.discount,
        total: s.total,
        promoCode: promo?.found ? promo.found.promo.code : null,
        address: addressSnapshot(address),
        remark: body.remark ?? '',
        payBefore: sql`now() + ${`${input.payMinutes} minutes`}::interval`,
      })),
    )
    .returning({ id: orders.id, shopId: orders.shopId, payBefore: orders.payBefore });
  const items = sql.join(
    lines.map(
      (l, i) =>
        sql`(${i}::int, ${l.shopId}::bigint, ${l.productId}::bigint, ${l.specId}::bigint, ${l.title}::text,
          ${JSON.stringify(l.specOptions)}::jsonb, ${l.image}::text, ${l.price}::int, ${l.num}::int)`,
    ),
    sql`, `,
  );
  const cartIds = lines.flatMap((l) => (l.cartId === null ? [] : [l.cartId]));
  // The answer, made by the statement from the orders it makes (the same for the shopper and for a
  // replay of the request, which reads it from the key's row).
  const answer = sql`jsonb_build_object(
    'outTradeNo', ${outTradeNo}::text,
    'orderIds', (select jsonb_agg(id order by id) from made),
    'total', ${toAmount(priced.total)}::text,
    'payBefore', (select to_char(min(pay_before) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from made))`;
  // One statement: the orders, their items as bought (in the lines' order), each order's first event,
  // the bought lines out of the cart, the request's answer kept for its replays, and every line's
  // units taken from stock (a product's row, which every buyer of a popular product needs, is held
  // only from here to the commit; the lines were priced with the stock as it is now, so a sold-out
  // product is refused before anything is written).
  const [made] = rowsOf<{ answer: SubmitAnswer | string; short: StockShort | string | null }>(
    await tx.execute(sql`
      with made as (${newOrders.getSQL()}),
      items as (
        insert into ${orderItems} (order_id, product_id, spec_id, title, spec_options, image, price, num)
        select made.id, v.product_id, v.spec_id, v.title, v.spec_options, v.image, v.price, v.num
        from (values ${items}) as v(ord, shop_id, product_id, spec_id, title, spec_options, image, price, num)
        join made on made.shop_id = v.shop_id
        order by v.ord
      ),
      events as (
        insert into ${orderEvents} (order_id, from_status, to_status, actor)
        select id, null, ${ORDER_STATUS.waitingPay}::int, 'shopper' from made order by id
      ),
      bought as (
        delete from ${cartItems}
        where user_id = ${userId} and id = any(${`{${cartIds.join(',')}}`}::bigint[])
      ),
      ${claim.storeSql(answer)},
      ${takeStockCte(lines)}
      select (select answer from idempotency_answered) as answer, (select short from stock_short) as short`),
  );
  // Short of units: the whole checkout rolls back, orders and units taken included.
  if (made.short !== null) throw shortOf(lines, jsonOf(made.short));
  if (promo?.found) await usePromo(tx, promo.found.promo, userId, outTradeNo);
  return jsonOf(made.answer);
}

export async function submitOrders(db: Db, input: SubmitInput): Promise<SubmitAnswer> {
  const answer = await once(
    db,
    { userId: input.userId, scope: 'checkout.submit', key: input.key, request: input.body },
    (tx, read, claim) => makeOrders(tx, input, read, claim),
    // Read in the round trip that claims the key.
    (tx: Tx) => readCheckout(tx, input),
  );
  // Stock changed: catalogue answers are read again.
  invalidateCatalog(db);
  return answer;
}
